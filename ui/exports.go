package ui

import (
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/room"
)

// What the server and the command line use of the packages below ui,
// under the names they have always had (ui.Remote, ui.KeyTimes, …).

// The workshop room's messages and options, defined in package room,
// below every view, as the quiz view reads them too.
type (
	Remote       = room.Remote
	Offer        = room.Offer
	RoomRound    = room.RoomRound
	RoomRoundEnd = room.RoomRoundEnd
	RoomTimer    = room.RoomTimer
	RoomAnswer   = room.RoomAnswer
	RoomNotice   = room.RoomNotice
	ShareAsk     = room.ShareAsk
	ShareEnd     = room.ShareEnd
	ShareAnswer  = room.ShareAnswer
)

// KeyTimes tells an answer to a question from a key typed in one go with
// the one that asked it (see frame.KeyTimes); the serve dashboard's
// questions use it too.
type KeyTimes = frame.KeyTimes

// ReadingPause is frame.ReadingPause.
const ReadingPause = frame.ReadingPause

// ReadFirst is frame.ReadFirst.
func ReadFirst(question string) string { return frame.ReadFirst(question) }
