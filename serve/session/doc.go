// Package session is an attendee's side of a workshop session: their
// explorer (ui.Workshop) as the room runs it, one Model per attendee,
// on its own Bubble Tea program.
//
// A Model bounds what a client can make the explorer do (session.go):
// keys, clicks and pastes past MaxKeysPerSecond are dropped, and the
// attendee told; window sizes are clamped and held until they settle,
// since every size is a full redraw; the undo history keeps MaxHistory
// edits; and with no input for the idle time the explorer quits as it
// does for q, giving the attendee's terminal back. A bracketed paste is
// cut to MaxPaste bytes before the program reads it (paste.go).
//
// What the room reads of a session is kept for other goroutines to read
// without asking the explorer, which only its own program's goroutine
// touches: where the attendee is (Whereabouts), when they last typed,
// a copy of their list for the state file (Options.Report), and, while
// they agree to show their screen to the room, its last frame with
// their resume code masked (frame.go).
//
// It is a package apart so that the import says the design: the
// session knows nothing of the server that carries it (SSH or a
// browser), nor of the room or the instructor's dashboard; package
// serve builds a Model for each attendee and wires its callbacks to
// the room.
package session
