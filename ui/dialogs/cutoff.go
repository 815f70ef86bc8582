package dialogs

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// The cutoff field: k, the letter the screen writes the cutoff with
// (NDCG@k, "k=3"), opens a small field in the status line where the
// cutoff is typed as a number; enter sets it, esc leaves it as it was.
// ] and [ still step it by one.

// Cutoff is the cutoff field.
type Cutoff struct {
	h     Host
	field textfield.Model
}

// NewCutoff opens the field, empty, with the cutoff in force as its
// placeholder.
func NewCutoff(h Host) *Cutoff {
	c := h.Common()
	in := textfield.New(7, "all")
	in.Limit = 9
	if k := c.WS.Settings.K; k > 0 {
		in.Placeholder = strconv.Itoa(k)
	}
	in.Focus()
	c.SetStatus("", false)
	return &Cutoff{h: h, field: in}
}

// Value is what is typed in the field.
func (d *Cutoff) Value() string { return d.field.Value() }

// Key handles a key while the field is open: digits type, enter sets k
// (0 is the whole list), esc cancels; any other key is refused with what
// the field takes, rather than acted on unseen. ctrl+c is not taken: it
// still quits (asking first with unsaved edits).
func (d *Cutoff) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if msg.String() == "ctrl+c" {
		return nil, false
	}
	c := d.h.Common()
	k := c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		d.h.Close()
		c.SetStatus("k unchanged", false)
	case key.Matches(msg, k.Confirm):
		text := strings.TrimSpace(d.field.Value())
		if text == "" {
			d.h.Close()
			c.SetStatus("k unchanged", false)
			return nil, true
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			c.SetStatus("type k as a whole number: 1, 2, 3… (0 for the whole list)", true)
			return nil, true
		}
		d.h.Close()
		s := c.WS.Settings
		s.K = n
		unchanged := fmt.Sprintf("k is already %d", n)
		if n == 0 {
			unchanged = "k is already the whole list"
		}
		c.ApplySetting(c.WS.ChangeSettings(s), unchanged)
	case cutoffKey(msg):
		if !d.field.Update(msg) && msg.Text != "" && utf8.RuneCountInString(d.field.Value()) >= d.field.Limit {
			// A digit past the field's limit, which no list comes near.
			c.SetStatus(fmt.Sprintf("k takes at most %d digits", d.field.Limit), true)
			return nil, true
		}
		c.SetStatus("", false)
	default:
		c.SetStatus("k takes digits: enter sets the cutoff, esc leaves it", true)
	}
	return nil, true
}

// cutoffKey reports whether the cutoff field takes a key press: a
// digit, or a key that edits the field.
func cutoffKey(msg tea.KeyPressMsg) bool {
	if textfield.Keys.Edits(msg) {
		return true
	}
	return msg.Text != "" && strings.Trim(msg.Text, "0123456789") == ""
}

// Paste keeps the digits of a paste.
func (d *Cutoff) Paste(msg tea.PasteMsg) { d.field.Insert(digits(msg.Content)) }

// digits keeps the digits of s.
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// Covers is false: the field is on the status line.
func (d *Cutoff) Covers() bool { return false }

// View is the status line while the field is open.
func (d *Cutoff) View(w, _ int) string {
	c := d.h.Common()
	st := c.Styles
	line := "k = " + d.field.View(&st) + st.SubtleInk.Paint("  digits, enter sets (0: the whole list) · esc cancels")
	if c.Status.Err {
		line = "k = " + d.field.View(&st) + "  " + st.ErrorInk.Paint(c.Status.Text)
	}
	return ansi.Truncate(line, w, "")
}

// Footer is a field's: enter, esc and the field's keys.
func (d *Cutoff) Footer(w int) string { return frame.PromptFooter(d.h.Help(), d.h.Common().Keys, w) }
