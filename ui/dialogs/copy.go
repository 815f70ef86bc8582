package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// Copy waits, after y, for the key that says what to copy (v, m or j),
// which the program then copies (Host.Copy).
type Copy struct{ h Host }

// NewCopy asks what to copy.
func NewCopy(h Host) *Copy {
	h.Common().SetStatus("", false)
	return &Copy{h: h}
}

// The second key after y.
var copyChoices = []struct{ key, what string }{
	{"v", "view as text"},
	{"m", "report as markdown"},
	{"j", "list as JSON"},
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
	return ansi.Truncate("copy: "+strings.Join(parts, " · ")+" · esc cancel", w, "…")
}

// Footer names the keys that choose and cancel.
func (d *Copy) Footer(w int) string {
	h := d.h.Help()
	h.SetWidth(w)
	return h.ShortHelpView([]key.Binding{common.Bind([]string{"v", "m", "j"}, "v/m/j", "choose"), common.As(d.h.Common().Keys.Cancel, "esc", "cancel")})
}
