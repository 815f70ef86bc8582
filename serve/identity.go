package serve

import (
	"fmt"
	"net"
	"strings"

	"github.com/charmbracelet/ssh"
)

// What an attendee reads of the name the room knows them by, and of what
// brings them back to their list (Room.claim), in the words of the ssh
// line they type.

// welcome is what the attendee reads first on their status line: that
// they are back (Room.welcomeBack), with their display name when it is
// not plainly theirs; else what brings them back to the list they start
// on (their key, or the ssh line with their resume code), after why a
// code they gave found no list, or that their user name was taken.
func (s *Server) welcome(sess ssh.Session, m *Member) string {
	if m.Back {
		w := s.room.welcomeBack(m)
		if m.Name != m.Login {
			w = "welcome back, " + m.Name + w[len("welcome back"):]
		}
		return w
	}
	var back string
	if m.Key != "" {
		back = "your SSH key brings you back to this list"
	} else {
		back = connectLineAs(sess, "", s.returnName(m)) + " brings you back to this list"
	}
	switch {
	case m.Missed == missedUnknown:
		return fmt.Sprintf("no list kept for that code: a new list, as %s; %s", m.Name, back)
	case m.Missed == missedOpen:
		return fmt.Sprintf("the list of that code is open in another session: a new list here, as %s; %s", m.Name, back)
	case m.Name != m.Login:
		return fmt.Sprintf("you are %s here, as %s was taken; %s", m.Name, m.Login, back)
	}
	return s.hello(m) + back
}

// backLine is the ssh line that brings a keyless attendee back to their
// list, with their resume code, for their help to say again (ui.Remote.Back);
// empty where their key does.
func (s *Server) backLine(sess ssh.Session, m *Member) string {
	if m.Key != "" {
		return ""
	}
	return connectLineAs(sess, "", s.returnName(m))
}

// hello opens a newcomer's first words: the workshop's name, when it has
// one (Config.Workshop), and theirs.
func (s *Server) hello(m *Member) string {
	if s.cfg.Workshop != "" {
		return "welcome to " + s.cfg.Workshop + ", " + m.Name + ": "
	}
	return "welcome, " + m.Name + ": "
}

// keptWhere says what a take-home command looked with: the resume code
// in the user name, or the key ssh offered.
func keptWhere(code, key string) string {
	switch {
	case code != "":
		return "for that code"
	case key != "":
		return "with the key ssh offered"
	}
	return "without a key or a code"
}

// connectLine is the ssh command that reaches this server as the
// session did, with flags before the host, and the user name the
// session had when it needs no quoting.
func connectLine(sess ssh.Session, flags string) string {
	return connectLineAs(sess, flags, sess.User())
}

// connectLineAs is connectLine under the user name user. A name that
// needs quoting is left out when it is the session's own (ssh sends the
// user's login name by default, which it likely was), and otherwise
// (a numbered name: John Smith-2) given with -l in double quotes, which
// cmd, PowerShell and POSIX shells read alike.
func connectLineAs(sess ssh.Session, flags, user string) string {
	host, port, err := net.SplitHostPort(sess.LocalAddr().String())
	if err != nil {
		return "ssh " + flags + "-p PORT HOST"
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	switch {
	case plainName(user):
		host = user + "@" + host
	case user != sess.User() && user != "" && !strings.ContainsAny(user, "\"$`!%^&|<>\\") && !strings.HasPrefix(user, "-"):
		flags += `-l "` + user + `" `
	}
	return fmt.Sprintf("ssh %s-p %s %s", flags, port, host)
}

// shownName is the member's display name for their own screen, where it
// is not their user name.
func shownName(m *Member) string {
	if m.Name != m.Login {
		return m.Name
	}
	return ""
}

// identity is what the log says of how the server knows an attendee:
// the user name they connected as when their display name differs, and
// whether they have a key (its fingerprint would take the dashboard's
// status line and tell the instructor nothing). Resume codes are never
// logged: the log is often on the projected screen.
func identity(m *Member) string {
	var parts []string
	if m.Name != m.Login {
		parts = append(parts, " as "+m.Login)
	}
	if m.Key != "" {
		parts = append(parts, " with a key")
	}
	switch m.Missed {
	case missedUnknown:
		parts = append(parts, " on a new list (their resume code found none)")
	case missedOpen:
		parts = append(parts, " on a new list (their resume code's list is open in another session)")
	}
	return strings.Join(parts, ",")
}

// returnName is the user name that brings the member back to their list
// (Room.claim): their own with a key, else their display name with their
// resume code.
func (s *Server) returnName(m *Member) string {
	if m.Key != "" {
		return m.Login
	}
	return withCode(m.Name, m.Code)
}

// comeBack is the ssh line that brings the member back to their list:
// "the same ssh line" when it is the one they typed.
func (s *Server) comeBack(sess ssh.Session, m *Member) string {
	if name := s.returnName(m); name != sess.User() {
		return connectLineAs(sess, "", name)
	}
	return "the same ssh line"
}

// plainName reports whether a user name can be typed on a command line
// as it is: letters, digits, '.', '_', '-' and '+' (before a resume
// code), not starting with '-'.
func plainName(u string) bool {
	if u == "" || u[0] == '-' || len(u) > 64 {
		return false
	}
	for _, r := range u {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' || r == '+') {
			return false
		}
	}
	return true
}
