// Package quiz is the quiz view (F10): a small random list in front of the
// learner, who works out NDCG@k and types it; the answer is checked with
// the tolerance its digits imply, and the working is shown. In a
// workshop, the instructor's rounds (room.RoomRound) put the same
// question to the whole room, and each answer goes to the server
// (common.Attendee.Answer).
//
// A timed round (room.RoomTimer) shows the time left on the heading.
//
// Files: quiz.go (the view, its rounds, keys and answers), draw.go (the
// question, the verdict and the working), clock.go (the time left on a
// timed round of the room).
package quiz
