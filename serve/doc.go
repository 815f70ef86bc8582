// Package serve runs the explorer over SSH for a workshop room: every
// attendee types `ssh -p 23234 HOST` and gets their own explorer, with
// nothing installed. It is built on Wish and its Bubble Tea middleware.
//
// A session gets its own copy of the served list, its own window size
// and colour profile, and never touches the server's files: the save
// keys copy to the attendee's clipboard instead. The server refuses what
// a workshop does not need (commands, sftp, forwarding, sessions
// without a terminal) with one line and exit status 1, and more
// sessions than --max-sessions. A session ends after --idle-timeout
// without input, giving the attendee's terminal back; an attendee who
// connects again under the same SSH user name from the same address
// finds the list they left with and their place in a quiz round.
//
// The Room is what the instructor's dashboard drives: it sends a list
// to every session, runs quiz rounds, and tallies the answers by the
// mistake the check engine finds behind each (Diagnose).
package serve
