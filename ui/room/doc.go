// Package room is what a session over the network (ndcg-explorer
// serve) and the explorer say to each other: Remote, the options of an
// attendee's explorer; Offer, a list the instructor sends to the room;
// RoomRound and RoomRoundEnd, a quiz round for the whole room,
// RoomTimer, when it ends by itself, and RoomAnswer, an attendee's
// answer to it; ShareAsk, ShareEnd and ShareAnswer, the instructor's
// asking to show an attendee's screen to the room and their answer.
// The explorer's handling of them is ui.Workshop's (workshop.go, which
// wraps the explorer) and the quiz view's; the server's is in serve.
//
// Files: room.go (the messages and options).
package room
