package dialogs

import (
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// pathField is the file name typed on the status line by the dialogs
// that write a file (save as, the screen as SVG): a file that exists
// asks for a second enter before it is replaced.
type pathField struct {
	h     Host
	field textfield.Model
	// label is what the field's line starts with ("save as: "); what
	// names the thing written, for the line that says a file exists
	// ("save as", "screen as SVG").
	label, what string
	// over is a file that exists, named in the field: enter a second
	// time replaces it.
	over string
}

// newPathField opens the field on path, labelled label.
func newPathField(h Host, path, label, what string) pathField {
	w, _ := h.Size()
	in := textfield.New(max(w-ansi.StringWidth(label)-2, 11), "")
	in.SetValue(path)
	in.Focus()
	h.Common().SetStatus("", false)
	return pathField{h: h, field: in, label: label, what: what}
}

// confirmed is the file name typed when enter may write it: "" for an
// empty field, or for a file that exists named for the first time
// (keep is a file that may be written over without asking, as the
// list's own).
func (p *pathField) confirmed(keep string) string {
	path := strings.TrimSpace(p.field.Value())
	if path == "" {
		return ""
	}
	if _, err := os.Stat(path); err == nil && path != keep && path != p.over {
		p.over = path
		return ""
	}
	return path
}

// Paste types into the field.
func (p *pathField) Paste(msg tea.PasteMsg) { p.field.Update(msg) }

// Covers is false: the field is on the status line.
func (p *pathField) Covers() bool { return false }

// View is the field's line, which says when enter would replace a file.
func (p *pathField) View(w, _ int) string {
	st := p.h.Common().Styles
	line := p.label + p.field.View(&st)
	if p.over != "" && p.over == strings.TrimSpace(p.field.Value()) {
		line = st.ErrorInk.Paint(p.what+" (exists: enter replaces it):") + " " + p.field.View(&st)
	}
	return ansi.Truncate(line, w, "")
}

// Footer is a field's: enter, esc and the field's keys.
func (p *pathField) Footer(w int) string {
	return frame.PromptFooter(p.h.Help(), p.h.Common().Keys, w)
}
