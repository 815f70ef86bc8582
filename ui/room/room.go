package room

import (
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Remote runs the explorer for someone connected over the network
// (ndcg-explorer serve): it never reads or writes the files of the
// machine it runs on. The save keys copy to the person's own clipboard
// instead (OSC 52, which their terminal receives), and the list cannot
// grow past MaxItems.
type Remote struct {
	// MaxItems is the most items the list may have; edits that would
	// add more are refused. 0 means no limit.
	MaxItems int
	// OnAnswer receives each answer typed in a quiz round run for the
	// whole room. It is called from the program's goroutine: it must
	// not block.
	OnAnswer func(RoomAnswer)
	// KeepsList says the server keeps the list when the session ends,
	// until the server stops, and gives it back to the attendee when
	// they connect again: the question before quitting with edits not
	// copied says so, rather than that quitting loses them.
	KeepsList bool
	// Name, when set, is the attendee's name in the room where it is not
	// their SSH user name (student-2, as another attendee is student):
	// the quiz's heading and the terminal's title show it, for them to
	// tell the instructor, whose screen names them so.
	Name string
	// Right and Total are the quiz score the attendee had when their
	// last session ended (QuizScore), which this one goes on from.
	Right, Total int
	// Ended is the last of the room's rounds (its ID) whose end their
	// sessions saw, with the score (QuizScore): the score counts the
	// rounds up to it that they answered. One that ended while they were
	// away is the server's to score, as no session of theirs did.
	Ended int
	// Back is the ssh line that brings the attendee back to their list
	// where no key of theirs does (it holds their resume code): the
	// welcome says it, and the next news takes the status line, so the
	// help (?) says it again. Empty: their key, or their browser, does.
	Back string
	// Browser says the attendee is in a browser (the room's page), which
	// keeps their code: reloading the page brings their list back, not
	// a key or an ssh line.
	Browser bool
	// OnShare receives the attendee's answer to a ShareAsk, and their
	// stopping a screen they agreed to show. It is called from the
	// program's goroutine: it must not block.
	OnShare func(ShareAnswer)
}

// Offer is a list the instructor sends to the room, or a step of the
// guided path. The explorer asks before opening it, in whichever view
// the attendee is: until answered, the footer says so and enter opens
// it, esc keeps the attendee's own. Opening a list is an edit, so u
// takes it back.
type Offer struct {
	Doc      *listio.Document
	Settings ndcg.Settings
	// Step, when not 0, makes the offer step Step of the guided path
	// (ndcg-explorer learn), whose list Doc and Settings are: opening
	// it shows the step, with its instruction and question, in place of
	// the attendee's explorer, and q goes back to their own list,
	// untouched.
	Step int
}

// RoomRound starts a quiz round for the room: every attendee's quiz
// view shows question Round of Seed under Settings, the same for all.
type RoomRound struct {
	// ID numbers the room's rounds, so an answer names its round.
	ID       int
	Seed     int64
	Round    int
	Settings ndcg.Settings
	// Answer is the attendee's answer to this round as the room
	// counted it, when they gave one before the explorer started (they
	// are back after their connection dropped): the quiz view shows it,
	// sent and counted, instead of an empty field.
	Answer string
	// Deadline is when the round ends by itself, on the instructor's
	// timer; zero for none. An attendee who joins or comes back during
	// a timed round sees its clock from the start.
	Deadline time.Time
}

// RoomTimer sets when round ID ends by itself: the instructor started
// its timer, or gave it more time. The quiz view's heading (and the
// title line, in the other views) shows the time left until the round
// ends. The deadline is a moment, not a duration, so that messages
// that arrive late or out of order still say when the round ends: of
// two for one round, the later deadline holds (the timer only ever
// gains time).
type RoomTimer struct {
	ID       int
	Deadline time.Time
}

// RoomRoundEnd ends round ID: the quiz view shows the worked solution.
type RoomRoundEnd struct {
	ID int
	// Mistake is what check finds behind the attendee's wrong answer
	// ("used gain linear (not exp)"), as the instructor's tally groups
	// it; empty when the answer is right or unexplained.
	Mistake string
}

// RoomNotice is a line the server has for the attendee's status line
// (that keys came faster than a person types and were dropped).
type RoomNotice struct{ Text string }

// ShareAsk asks the attendee to show their screen to the room: the
// instructor's dashboard, often on the projector, mirrors it while they
// let it. Until they answer, the footer says so; y shows it, n or esc
// declines. ID numbers the ask: the answer names it, and a ShareEnd ends
// only the ask it names, so that an answer to an ask the instructor has
// since cancelled shows nothing.
type ShareAsk struct{ ID int }

// ShareEnd ends ask ID, waiting or agreed to: the instructor cancelled it
// or stopped showing the screen.
type ShareEnd struct{ ID int }

// ShareAnswer is what the attendee said to ask ID: Shown when they
// agreed (y), not when they declined or, once agreed, stopped.
type ShareAnswer struct {
	ID    int
	Shown bool
}

// RoomAnswer is one attendee's answer to round ID, as typed.
type RoomAnswer struct {
	ID   int
	Text string
}
