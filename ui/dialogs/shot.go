package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// Shot asks, after X, for the file the screen is written to as an SVG
// image; the screen is the one X was pressed on (svg draws it).
type Shot struct {
	pathField
	svg func() string
}

// NewShot opens the field on path, the name suggested.
func NewShot(h Host, path string, svg func() string) *Shot {
	return &Shot{pathField: newPathField(h, path, "screen as SVG: ", "screen as SVG"), svg: svg}
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
		if strings.TrimSpace(d.field.Value()) == "" {
			c.SetStatus("type a file name for the image (esc cancels)", true)
			return nil, true
		}
		path := d.confirmed("")
		if path == "" {
			return nil, true
		}
		d.h.Close()
		svg := d.svg()
		w, h := d.h.Size()
		return func() tea.Msg {
			if err := listio.WriteFileAtomic(path, []byte(svg)); err != nil {
				return common.StatusMsg{Text: "no image written: " + err.Error(), Err: true}
			}
			// The screen of the view in sight: on another, it names
			// a screen no longer there.
			return common.StatusMsg{Text: fmt.Sprintf("wrote the screen (%d×%d) as an SVG image to %s", w, h, path), Here: true}
		}, true
	}
	d.field.Update(msg)
	return nil, true
}
