package serve

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/ssh"
)

// What an attendee reads of the name the room knows them by, and of how
// their list finds them again (Room.claim), in the words of the ssh
// line they type.

// welcome is what the attendee reads first on their status line: that
// they are back (Room.welcomeBack), with their display name when it is
// not plainly theirs; the display name they were given, when another
// attendee has their user name; or, when the server keeps several lists
// their user name could find, that this is a new one and which names
// bring each back.
func (s *Server) welcome(sess ssh.Session, m *Member) string {
	named := m.Name != m.Login || s.room.Shared(m)
	switch {
	case m.Back:
		w := s.room.welcomeBack(m)
		if named {
			w = strings.Replace(w, "welcome back", "welcome back, "+m.Name, 1)
		}
		return w
	case len(m.Unclaimed) == 1:
		return fmt.Sprintf("a new list, as %s: others connect as %s here too, so the list kept for %s may not be yours; if it is, connect as %s",
			m.Name, m.Login, m.Login, claimList(m.Unclaimed, m.Login, "for"))
	case len(m.Unclaimed) > 0:
		// (Two lines at 80 columns; the take-home lines name the rest.)
		return fmt.Sprintf("a new list, as %s: %d lists kept for %s here, none known as yours; connect as the name you were shown: %s",
			m.Name, len(m.Unclaimed), m.Login, claimList(m.Unclaimed, m.Login, "for"))
	case m.Name != m.Login && m.Key != "":
		return fmt.Sprintf("you are %s here, as %s was taken; your SSH key brings you back to this list", m.Name, m.Login)
	case m.Name != m.Login:
		return fmt.Sprintf("you are %s here, as %s was taken: %s brings you back to this list",
			m.Name, m.Login, s.comeBack(sess, m))
	}
	return ""
}

// notYours says why an attendee connecting as login gets none of the
// lists kept under the display names names.
func notYours(login string, names []string) string {
	if len(names) == 1 {
		return fmt.Sprintf("the server keeps a list for %s from this address, where others connect as %s too, and cannot tell whether it is yours", login, login)
	}
	return fmt.Sprintf("the server keeps %d lists for %s from this address and cannot tell which is yours", len(names), login)
}

// claimList names the user names that bring back the lists of the
// attendees shown as names, who connected as login: "student-1 (shown
// as student) or student-2", with shownAs for "shown as".
func claimList(names []string, login, shownAs string) string {
	var out []string
	for _, n := range names {
		c := ClaimName(n, login)
		if c != n {
			c += " (" + shownAs + " " + n + ")"
		}
		out = append(out, c)
	}
	if len(out) == 1 {
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// keptWhere says which lists a take-home command looked among: those
// left from the client's address, or with the key it offered.
func keptWhere(key string) string {
	if key != "" {
		return "with the key ssh offered"
	}
	return "from this address"
}
