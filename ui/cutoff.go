package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The cutoff field: k, the letter the screen writes the cutoff with
// (NDCG@k, "k=3"), opens a small field in the status line where the
// cutoff is typed as a number; enter sets it, esc leaves it as it was.
// ] and [ still step it by one.

// openCutoff opens the field, empty, with the cutoff in force as its
// placeholder.
func (m *Model) openCutoff() {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 9
	in.Placeholder = "all"
	if k := m.c.WS.Settings.K; k > 0 {
		in.Placeholder = strconv.Itoa(k)
	}
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	in.SetWidth(6)
	in.Focus()
	m.cutoff = &in
	m.c.SetStatus("", false)
}

// cutoffFieldKey handles a key while the cutoff field is open: digits type,
// enter sets k (0 is the whole list), esc cancels; any other key is
// refused with what the field takes, rather than acted on unseen.
func (m *Model) cutoffFieldKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.cutoff = nil
		m.c.SetStatus("k unchanged", false)
	case key.Matches(msg, k.Confirm):
		text := strings.TrimSpace(m.cutoff.Value())
		if text == "" {
			m.cutoff = nil
			m.c.SetStatus("k unchanged", false)
			return nil
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			m.c.SetStatus("type k as a whole number: 1, 2, 3… (0 for the whole list)", true)
			return nil
		}
		m.cutoff = nil
		s := m.c.WS.Settings
		s.K = n
		unchanged := fmt.Sprintf("k is already %d", n)
		if n == 0 {
			unchanged = "k is already the whole list"
		}
		return m.settingsEdit(m.c.WS.ChangeSettings(s), unchanged)
	case cutoffKey(msg):
		in, cmd := m.cutoff.Update(msg)
		m.cutoff = &in
		m.c.SetStatus("", false)
		return cmd
	default:
		m.c.SetStatus("k takes digits: enter sets the cutoff, esc leaves it", true)
	}
	return nil
}

// cutoffLine is the status line while the field is open.
func (m *Model) cutoffLine(w int) string {
	st := m.c.Styles
	line := "k = " + m.cutoff.View() + st.subtle.paint("  digits, enter sets (0: the whole list) · esc cancels")
	if m.c.status.err {
		line = "k = " + m.cutoff.View() + "  " + st.errorInk.paint(m.c.status.text)
	}
	return ansi.Truncate(line, w, "")
}
