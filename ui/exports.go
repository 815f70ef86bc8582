package ui

import (
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/workshop"
)

// What the server and the command line use of the packages below ui,
// under the names they have always had (ui.Remote, ui.KeyTimes, …).

// The workshop's messages and options, defined in package workshop,
// below every view, as the quiz view reads them too.
type (
	Remote       = workshop.Remote
	Offer        = workshop.Offer
	RoomRound    = workshop.RoomRound
	RoomRoundEnd = workshop.RoomRoundEnd
	RoomTimer    = workshop.RoomTimer
	RoomAnswer   = workshop.RoomAnswer
	RoomNotice   = workshop.RoomNotice
	ShareAsk     = workshop.ShareAsk
	ShareEnd     = workshop.ShareEnd
	ShareAnswer  = workshop.ShareAnswer
)

// KeyTimes tells an answer to a question from a key typed in one go with
// the one that asked it (see frame.KeyTimes); the serve dashboard's
// questions use it too.
type KeyTimes = frame.KeyTimes

// ReadingPause is frame.ReadingPause.
const ReadingPause = frame.ReadingPause

// ReadFirst is frame.ReadFirst.
func ReadFirst(question string) string { return frame.ReadFirst(question) }
