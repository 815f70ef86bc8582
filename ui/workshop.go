package ui

import "github.com/ndcg-explorer/ndcg-explorer/ui/workshop"

// The workshop's messages and options, under the names the server has
// always used for them (ui.Remote, ui.Offer, …); they are defined in
// package workshop, below every view, as the quiz view reads them too.
type (
	Remote       = workshop.Remote
	Offer        = workshop.Offer
	RoomRound    = workshop.RoomRound
	RoomRoundEnd = workshop.RoomRoundEnd
	RoomAnswer   = workshop.RoomAnswer
)
