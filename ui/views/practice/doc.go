// Package practice holds the views that judge the learner's own numbers.
//
// The check view (F9, Check) checks numbers a person worked out by hand
// against the list under the conventions in force. Claimed DCG, IDCG and
// NDCG are typed into fields (or read from the claims the file carries),
// each marked ✓ or ✗ as it is typed, within the tolerance its digits
// imply; for a wrong claim it says which convention would give it, or
// where the arithmetic departs. The verify package does the checking;
// the view draws its report.
//
// The quiz view (F10, Quiz) puts a small random list in front of the
// learner, who works out NDCG@k and types it; the answer is checked with
// the tolerance its digits imply, and the working is shown. In a
// workshop, the instructor's rounds (room.RoomRound) put the same
// question to the whole room, and each answer goes to the server
// (common.Attendee.Answer). A timed round (room.RoomTimer) shows the time
// left on the heading.
//
// Both take numbers in the fields of package view (view.NumberInput,
// view.NumberKey), which the guided path's answer shares.
//
// Files: check.go (the check view, its fields and keys, the search off
// the update loop), check_draw.go (its screen and explanations), quiz.go
// (the quiz view, its rounds, keys and answers), quiz_draw.go (the
// question, the verdict and the working), clock.go (the time left on a
// timed round of the room), keys.go (the keys only these views have).
package practice
