package serve

import (
	"strings"

	"github.com/charmbracelet/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
)

// AccessibleCommand, after the ssh line (ssh -p PORT NAME@HOST
// accessible), gives an attendee who asks the explorer in plain lines on
// the served list, for a screen reader: a command a line, an answer a
// sentence (package accessible). It needs no terminal, and it is apart
// from the room: no rounds reach it, and nothing is kept.
const AccessibleCommand = "accessible"

// accessibleCommand reports whether cmd asks for the plain lines.
func accessibleCommand(cmd string) bool {
	return strings.ToLower(strings.TrimSpace(cmd)) == AccessibleCommand
}

// plainLines runs the explorer in plain lines over the session, on the
// served list, while the room has space.
func (s *Server) plainLines(sess ssh.Session) {
	if s.room.Count() >= s.cfg.MaxSessions && s.cfg.MaxSessions > 0 {
		s.refuse(sess, roomFull(s.cfg.MaxSessions))
		return
	}
	doc := session.CloneDoc(s.cfg.Doc)
	// As every line of the log names a user: a resume code typed with
	// the name is "+…" there (the log is often on the projector).
	s.log("%s asked for plain lines (accessible) from %s", shownUser(sess.User()), sess.RemoteAddr())
	if err := accessible.Explore(sess, sess, doc.Heading(), doc.List, s.cfg.Settings); err != nil {
		s.refuse(sess, "the plain lines stopped: "+err.Error())
		return
	}
	_ = sess.Exit(0)
}
