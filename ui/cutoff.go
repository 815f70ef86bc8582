package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// The cutoff field: k, the letter the screen writes the cutoff with
// (NDCG@k, "k=3"), opens a small field in the status line where the
// cutoff is typed as a number; enter sets it, esc leaves it as it was.
// ] and [ still step it by one.

// openCutoff opens the field, empty, with the cutoff in force as its
// placeholder.
func (m *Model) openCutoff() {
	in := textfield.New(7, "all")
	in.Limit = 9
	if k := m.c.WS.Settings.K; k > 0 {
		in.Placeholder = strconv.Itoa(k)
	}
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
		if !m.cutoff.Update(msg) && msg.Text != "" && utf8.RuneCountInString(m.cutoff.Value()) >= m.cutoff.Limit {
			// A digit past the field's limit, which no list comes near.
			m.c.SetStatus(fmt.Sprintf("k takes at most %d digits", m.cutoff.Limit), true)
			return nil
		}
		m.c.SetStatus("", false)
	default:
		m.c.SetStatus("k takes digits: enter sets the cutoff, esc leaves it", true)
	}
	return nil
}

// digits keeps the digits of a paste into the cutoff field.
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// cutoffLine is the status line while the field is open.
func (m *Model) cutoffLine(w int) string {
	st := m.c.Styles
	line := "k = " + m.cutoff.View(&st) + st.SubtleInk.Paint("  digits, enter sets (0: the whole list) · esc cancels")
	if m.c.Status.Err {
		line = "k = " + m.cutoff.View(&st) + "  " + st.ErrorInk.Paint(m.c.Status.Text)
	}
	return ansi.Truncate(line, w, "")
}
