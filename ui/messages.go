package ui

// The messages the program's models send each other, in one place.

// editedMsg tells every view that the workspace changed (an edit, an
// undo, a redo, a settings key) and which item the change was about, so
// a view can move its cursor to it. Focus is −1 when no item is.
type editedMsg struct {
	Focus int
}

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
	// Quit asks the program to end once the save succeeded.
	Quit bool
}

// checkPausedMsg says typing in the check view paused: typed is its
// keystroke count then, so a later keystroke makes the message stale.
type checkPausedMsg struct{ typed int }

// capturer is a view that is taking text input: while it captures,
// every key goes to it and none to the global key map.
type capturer interface {
	Capturing() bool
}
