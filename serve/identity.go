package serve

import (
	"fmt"

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
