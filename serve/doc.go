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
// without input, giving the attendee's terminal back. However it ends
// (q, the idle time, a dropped connection), an attendee who connects
// again under the same SSH user name from the same address, while the
// server runs, finds the list they left with (still modified when they
// had not copied it) and their place and answer in a quiz round under
// way, and is welcomed back saying so. Once their explorer has ended,
// `ssh -p PORT NAME@HOST report` (or `list`) prints that list as
// markdown (or JSON): the way it leaves with them when their terminal
// takes no OSC 52 clipboard and they have no Go to install the
// explorer.
//
// The Room is what the instructor's dashboard drives: it sends a list
// to every session, runs quiz rounds, and tallies the answers by the
// mistake the check engine finds behind each (Diagnose).
package serve
