package dialogs

import (
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// Shot asks, after X, for the file the screen is written to as an SVG
// image; the screen is the one X was pressed on (svg draws it).
type Shot struct {
	h     Host
	field textfield.Model
	svg   func() string
	// over is a file that exists, named in the field: enter a second
	// time replaces it, as save as asks.
	over string
}

// NewShot opens the field on path, the name suggested.
func NewShot(h Host, path string, svg func() string) *Shot {
	w, _ := h.Size()
	in := textfield.New(max(w-17, 11), "")
	in.SetValue(path)
	in.Focus()
	h.Common().SetStatus("", false)
	return &Shot{h: h, field: in, svg: svg}
}

// Value is the file name typed.
func (d *Shot) Value() string { return d.field.Value() }

// Key types the name; enter writes the image (a file that exists asks
// for a second enter), esc cancels.
func (d *Shot) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := d.h.Common()
	k := c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		d.h.Close()
		c.SetStatus("no image written", false)
		return nil, true
	case key.Matches(msg, k.Confirm):
		path := strings.TrimSpace(d.field.Value())
		if path == "" {
			c.SetStatus("type a file name for the image (esc cancels)", true)
			return nil, true
		}
		if _, err := os.Stat(path); err == nil && path != d.over {
			d.over = path
			return nil, true
		}
		d.h.Close()
		svg := d.svg()
		w, h := d.h.Size()
		return func() tea.Msg {
			if err := listio.WriteFileAtomic(path, []byte(svg)); err != nil {
				return common.StatusMsg{Text: "no image written: " + err.Error(), Err: true}
			}
			return common.StatusMsg{Text: fmt.Sprintf("wrote the screen (%d×%d) as an SVG image to %s", w, h, path)}
		}, true
	}
	d.field.Update(msg)
	return nil, true
}

// Paste types into the field.
func (d *Shot) Paste(msg tea.PasteMsg) { d.field.Update(msg) }

// Covers is false: the field is on the status line.
func (d *Shot) Covers() bool { return false }

// View is the field's line, which says when enter would replace a file.
func (d *Shot) View(w, _ int) string {
	st := d.h.Common().Styles
	line := "screen as SVG: " + d.field.View(&st)
	if d.over != "" && d.over == strings.TrimSpace(d.field.Value()) {
		line = st.ErrorInk.Paint("screen as SVG (exists: enter replaces it):") + " " + d.field.View(&st)
	}
	return ansi.Truncate(line, w, "")
}

// Footer is a field's: enter, esc and the field's keys.
func (d *Shot) Footer(w int) string { return frame.PromptFooter(d.h.Help(), d.h.Common().Keys, w) }
