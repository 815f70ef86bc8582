package ui

// The messages the program's models send each other, in one place.

import "github.com/ndcg-explorer/ndcg-explorer/listio"

// Every view also receives workspace.Edited after each change of the
// workspace (see Common.Apply).

// statusMsg puts a line in the status bar; Err marks it as a problem.
type statusMsg struct {
	Text string
	Err  bool
}

// savedMsg reports the end of a save started by the root model.
type savedMsg struct {
	Path string
	Err  error
	// At is the history position that was saved.
	At int
	// Then is what follows a successful save: nothing, quitting, or
	// the open dialog.
	Then afterSave
	// Stamp is the file's stamp as written.
	Stamp listio.Stamp
}

// afterSave is what a save was asked for on the way to: the quit and
// open questions both offer to save first.
type afterSave int

const (
	thenStay afterSave = iota
	thenQuit
	thenOpen
)

// checkPausedMsg says typing in the check view paused: typed is its
// keystroke count then, so a later keystroke makes the message stale.
type checkPausedMsg struct{ typed int }

// halfTyper is a view with a field that may hold something typed and
// not yet sent (the quiz's answer): quitting asks first.
type halfTyper interface{ halfTyped() bool }

// capturer is a view that is taking text input: while it captures,
// every key goes to it and none to the global key map.
type capturer interface {
	Capturing() bool
}
