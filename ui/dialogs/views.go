package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// ViewEntry is one view as the view menu lists it: its name in plain
// words and what it is for, in a line a learner can read.
type ViewEntry struct {
	Name, Purpose string
}

// ViewMenu lists every view by name and purpose (v), so that none has to
// be remembered by a letter: ↑/↓ and enter, or the view's number, opens
// one; esc closes the menu where it was.
type ViewMenu struct {
	h       Host
	entries []ViewEntry
	cursor  int
	// show opens view i (the program's own switch of views).
	show func(i int)
}

// The view menu's keys as its footer names them.
var (
	viewMenuNumber = common.Bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}, "1-9/0", "open view n")
	viewMenuClose  = common.Bind([]string{"esc", "v", "q"}, "esc", "close")
)

// NewViewMenu opens the menu on the view in sight (active).
func NewViewMenu(h Host, entries []ViewEntry, active int, show func(i int)) *ViewMenu {
	h.Common().SetStatus("", false)
	return &ViewMenu{h: h, entries: entries, cursor: active, show: show}
}

// Key moves the cursor, opens the view under it (enter) or the one whose
// number was typed, or closes the menu (esc, v again, q).
func (d *ViewMenu) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := d.h.Common().Keys
	n := len(d.entries)
	switch {
	case key.Matches(msg, viewMenuClose):
		d.h.Close()
	case key.Matches(msg, k.Up):
		d.cursor = (d.cursor + n - 1) % n
	case key.Matches(msg, k.Down):
		d.cursor = (d.cursor + 1) % n
	case key.Matches(msg, k.Top):
		d.cursor = 0
	case key.Matches(msg, k.Bottom):
		d.cursor = n - 1
	case key.Matches(msg, k.Confirm):
		d.h.Close()
		d.show(d.cursor)
	case key.Matches(msg, viewMenuNumber):
		// 1 is the first view, 0 the tenth, as on the keyboard's row.
		i := int(msg.String()[0]-'0') - 1
		if i < 0 {
			i = 9
		}
		if i < n {
			d.h.Close()
			d.show(i)
		}
	}
	return nil, true
}

// Paste is dropped: the menu has no field.
func (d *ViewMenu) Paste(tea.PasteMsg) {}

// Covers is true: the menu is drawn over the view.
func (d *ViewMenu) Covers() bool { return true }

// View draws the menu in w×h: a line a view, its number, its name and
// its purpose, the purpose wrapped under itself when the line is too
// narrow and cut when the screen is too short.
// order is the views' indexes in the menu's order.
func (d *ViewMenu) order() []int {
	out := make([]int, len(d.entries))
	for i := range out {
		out[i] = i
	}
	return out
}

func (d *ViewMenu) View(w, h int) string {
	st := d.h.Common().Styles
	lines := []string{st.Title.Render("Views") + st.Subtle.Render("  ↑/↓ choose · enter or the number opens · esc closes"), ""}
	nameW := 0
	for _, e := range d.entries {
		nameW = max(nameW, len(e.Name))
	}
	indent := 2 + 1 + 1 + nameW + 2 // "  1 Name  "
	purposes := make([][]string, len(d.entries))
	for i, e := range d.entries {
		purposes[i] = strings.Split(layout.Wrap(e.Purpose, max(w-indent, 10)), "\n")
	}
	// Every view has a line; the lines to spare go to whole purposes,
	// the chosen view's first, then in order. A purpose that does not
	// fit whole is cut on its first line with …, never at a word that
	// reads as its end ("how much swapping two ranks changes NDCG:").
	whole := make([]bool, len(d.entries))
	spare := h - len(lines) - len(d.entries)
	for _, i := range append([]int{d.cursor}, d.order()...) {
		if extra := len(purposes[i]) - 1; !whole[i] && extra <= spare {
			whole[i], spare = true, spare-extra
		}
	}
	for i, e := range d.entries {
		num := (i + 1) % 10
		first := purposes[i][0]
		if !whole[i] {
			first = ansi.Truncate(e.Purpose, max(w-indent, 10), "…")
		}
		line := fmt.Sprintf("  %d %-*s  %s", num, nameW, e.Name, first)
		if i == d.cursor {
			line = st.Cursor.Render(">" + line[1:])
		}
		lines = append(lines, line)
		if whole[i] {
			for _, more := range purposes[i][1:] {
				lines = append(lines, strings.Repeat(" ", indent)+more)
			}
		}
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// Footer names the keys that choose, open and close.
func (d *ViewMenu) Footer(w int) string {
	k, hm := d.h.Common().Keys, d.h.Help()
	hm.SetWidth(w)
	return ansi.Truncate(hm.ShortHelpView([]key.Binding{common.Bind([]string{"up", "down"}, "↑/↓", "choose"),
		common.As(k.Confirm, "enter", "open it"), viewMenuNumber, viewMenuClose}), w, "")
}
