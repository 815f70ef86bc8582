// Package serve runs the explorer over SSH for a workshop room: every
// attendee types `ssh -p 23234 HOST` and gets their own explorer, with
// nothing installed. It is built on Wish and its Bubble Tea middleware.
//
// This package is the transport (SSH and the browser's page) and the
// room's state. The attendee's side of a session (their explorer with
// its window sizes and input bounded, its idle time, where they are and
// the screen they show, kept for the room to read) is package
// serve/session, which knows nothing of the server; the instructor's
// screen is package serve/dashboard, which drives this one. Nothing here
// imports the dashboard, and nothing in serve/session imports this.
//
// Every connection passes the gate (gate.go), which builds the
// attendee's session: it gets its own copy of the served list, its own
// window size and colour profile, and never touches the server's files:
// the save keys copy to the attendee's clipboard instead. The server
// refuses what a workshop does not need (commands, sftp, forwarding,
// sessions without a terminal) with one line and exit status 1, and
// more sessions than --max-sessions. A session ends after
// --idle-timeout without input, giving the attendee's terminal back.
// The server's Config, with its defaults, is config.go.
//
// Attendees are told apart by a display name, unique in the room: the
// SSH user name, numbered (student-2, student-3) when another attendee
// has it, as in a computer lab where every machine logs in as student
// behind one address. It is on the dashboard, in the tally and on the
// attendee's own screen. What brings an attendee back to their list is
// only what they hold (resume.go): the key their ssh client proves it
// holds (the server asks every client for one and accepts any; the
// passphrase, when set, is asked after it), or the resume code the
// server makes for each attendee and shows them on their first screen
// and in their take-home lines, typed after a plus sign in the user name
// (ssh -p 23234 ada+k7m2p9xq@HOST). A name and an address bring nothing
// back: behind one NAT the room shares an address, and anyone can type
// anyone's name (identity.go: the names and the ssh lines attendees
// read). However a session ends (q, the idle time, a dropped
// connection), an attendee who connects again with their key or code
// finds the list they left with (still modified when they had not
// copied it), their display name, their quiz score, and their place and
// answer in a round under way, and is welcomed back saying so. Once
// their explorer has ended, `ssh -p PORT NAME+CODE@HOST report` (or
// `list`; with the key, NAME@HOST) prints that list as markdown (or
// JSON): the way it leaves with them when their terminal takes no OSC 52
// clipboard and they have no Go to install the explorer.
//
// The room is kept in a file under the state directory (state.go), so
// that a server stopped, killed or crashed and started again on it
// gives every attendee back what it kept, their own list under one the
// instructor sent them included. One server holds the directory at a
// time (lock.go); what of the file cannot be trusted is set aside and
// the rest served (state_load.go); a failed save is tried again until
// it works, the dashboard saying so meanwhile (saver.go). Every file the
// server reads is bounded (internal/boundedfile). The class's export,
// one file set per class, is a roster and a gradebook (export.go).
// What a client can make the server hold is bounded (limits.go,
// throttle.go): failed attempts per address, connections before
// authentication and without a session, sessions and environment
// variables per connection; and, in serve/session, keys per second,
// pastes and the undo history.
//
// The Room (room.go) is what the instructor's dashboard drives: it
// keeps the lists of attendees who left for their return (kept.go),
// sends a list or a step of the guided path to every session
// (offers.go), runs quiz rounds, and tallies the answers by the mistakes
// the check engine finds behind each, by their catalogue ids, however
// the answers were written (verdict.FindingOf, Mistake.ID; class.go). It
// asks an attendee to show their screen to the room (share.go): only
// after their y does their session keep its frames (session.Frame), on
// its own goroutine, for the dashboard to mirror.
package serve
