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
// without input, giving the attendee's terminal back.
//
// Attendees are told apart by a display name, unique in the room: the
// SSH user name, numbered (student-2, student-3) when another attendee
// has it, as in a computer lab where every machine logs in as student
// behind one address. It is on the dashboard, in the tally and on the
// attendee's own screen. The server asks every client for a public key
// and accepts any (the passphrase, when set, is asked after it): a key
// the client proves it holds is how the server knows the attendee
// again. However a session ends (q, the idle time, a dropped
// connection), an attendee who connects again while the server runs
// finds the list they left with (still modified when they had not
// copied it), their display name, and their place and answer in a quiz
// round under way, and is welcomed back saying so: with the same key
// and user name (a key new to the room finds a list as no key does,
// and holds it from then on); without a key, under their numbered name (student-2,
// or student-1 for the first student) from the same address, or under
// their user name when it is the only list kept for it from that
// address and no one connected came under it from there. Otherwise
// (several kept, or one and a namesake connected, when the one
// connecting may be a newcomer) none is given: the attendee starts on
// a new list and is told which names bring the kept ones back. Once
// their explorer has ended, `ssh -p PORT NAME@HOST report` (or `list`)
// prints that list, found the same way, as markdown (or JSON): the way
// it leaves with them when their terminal takes no OSC 52 clipboard and
// they have no Go to install the explorer.
//
// The Room is what the instructor's dashboard drives: it sends a list
// to every session, runs quiz rounds, and tallies the answers by the
// mistake the check engine finds behind each (verdict.Diagnose).
package serve
