package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// Copy waits, after y, for the key that says what to take out (v, m, j
// or s), which the program then copies or, for s, writes to a file
// (Host.Copy).
type Copy struct{ h Host }

// NewCopy asks what to take out. The status under its line is kept:
// the screen y s draws is the one y was pressed on, greeting and all.
func NewCopy(h Host) *Copy { return &Copy{h: h} }

// The second key after y.
var copyChoices = []struct{ key, what string }{
	{"v", "view as text"},
	{"m", "report"},
	{"j", "JSON list"},
	{"s", "SVG screen"},
}

// Key is the second key: whatever it is, the question ends.
func (d *Copy) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	d.h.Close()
	return d.h.Copy(msg.String()), true
}

// Paste is dropped: a key answers.
func (d *Copy) Paste(tea.PasteMsg) {}

// Covers is false: the choices are on the status line.
func (d *Copy) Covers() bool { return false }

// View is the status line while y waits for its second key.
func (d *Copy) View(w, _ int) string {
	var parts []string
	for _, c := range copyChoices {
		parts = append(parts, c.key+" "+c.what)
	}
	return ansi.Truncate("take out: "+strings.Join(parts, " · ")+" · esc cancel", w, "…")
}

// Footer names the keys that choose and cancel.
func (d *Copy) Footer(w int) string {
	h := d.h.Help()
	h.SetWidth(w)
	return h.ShortHelpView([]key.Binding{common.Bind([]string{"v", "m", "j", "s"}, "v/m/j/s", "choose"), common.As(d.h.Common().Keys.Cancel, "esc", "cancel")})
}
