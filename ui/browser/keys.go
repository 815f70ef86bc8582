package browser

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// browserKeys are the query list's keys. Moving, help and quitting are
// the explorer's own bindings from the one key map, so that a key means
// the same on both screens; the list adds only what the explorer has
// no use for.
type browserKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Open, Back, Sort, Reverse, Filter       key.Binding
	Help, Quit                              key.Binding
}

func newBrowserKeys(k common.KeyMap) browserKeys {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	top, bottom := k.Top, k.Bottom
	top.SetHelp("home", "first query")
	bottom.SetHelp("end", "last query")
	return browserKeys{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: top, Bottom: bottom,
		Open:    b([]string{"enter"}, "enter", "open"),
		Back:    b([]string{"esc"}, "esc", "back / clear filter"),
		Sort:    b([]string{"s", "tab"}, "s", "sort by"),
		Reverse: b([]string{"r"}, "r", "reverse"),
		Filter:  b([]string{"/"}, "/", "filter"),
		Help:    k.Help,
		Quit:    k.Quit,
	}
}

func (k browserKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit}
}

func (k browserKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Back, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit},
	}
}

// clickHead sorts by the column clicked, or reverses the order when it
// is the column already sorted by.
func (b *Model) clickHead(x int) tea.Cmd {
	keyOf := map[int]sortKey{colNDCG: byNDCG, colSpread: bySpread, colMissed: byMissed}
	by, ok := byQID, x < 2+b.qidW
	for pos, i := 2+b.qidW, 0; !ok && i < len(b.cols); i++ {
		c := b.cols[i]
		pos += 1 + b.colW[c]
		if x < pos {
			by, ok = keyOf[c]
			if !ok {
				return nil
			}
		}
	}
	if !ok {
		return nil
	}
	if by == b.sortBy {
		b.reverse = !b.reverse
	} else {
		b.sortBy, b.reverse = by, false
	}
	b.refilter()
	b.setStatus("sorted by "+b.sortLabel(), false)
	return nil
}

// click selects the row clicked; a click on the selected row opens it.
func (b *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || b.keysHelp.Open || b.confirm {
		return nil
	}
	const headRow, firstRow = 2, 3 // below the title and the summary
	if msg.Y == headRow {
		return b.clickHead(msg.X)
	}
	i := b.offset + msg.Y - firstRow
	if msg.Y < firstRow || msg.Y >= firstRow+b.rowsShown() || i >= len(b.order) {
		return nil
	}
	if i == b.cursor {
		return b.open()
	}
	b.cursor = i
	b.clamp()
	return nil
}

// browserQuitAnswers answer the question about edited queries on quitting.
var browserQuitAnswers = []key.Binding{common.As(frame.QuitKeys.Quit, "y", "quit"), frame.QuitKeys.Stay}

func (b *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := b.keys
	switch {
	case b.confirm:
		switch {
		case key.Matches(msg, frame.QuitKeys.Quit) && b.keyTimes.InOneGo():
			// Typed in one go with q: not an answer (see the explorer's
			// confirmKey).
			b.setStatus(frame.ReadFirst(b.question), true)
		case key.Matches(msg, frame.QuitKeys.Quit):
			return tea.Quit
		case key.Matches(msg, frame.QuitKeys.Stay):
			b.confirm = false
			b.setStatus("not quitting", false)
		default:
			// Not an answer: the question stays and says so, as the
			// explorer's does.
			b.setStatus(frame.QuitKeys.Ask("Answer first", browserQuitAnswers...), true)
		}
		return nil
	case b.keysHelp.Open:
		switch {
		case key.Matches(msg, k.Help, k.Back, k.Quit):
			b.keysHelp.Open = false
		case key.Matches(msg, k.Up):
			b.keysHelp.Scroll(-1)
		case key.Matches(msg, k.Down):
			b.keysHelp.Scroll(1)
		}
		return nil
	case b.filtering && msg.String() != "ctrl+c":
		return b.filterKey(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		if edited := b.edited(); len(edited) > 0 {
			b.confirm = true
			what := fmt.Sprintf("Edited queries not saved (%s)", strings.Join(edited, ", "))
			b.question = frame.QuitKeys.Ask(what, browserQuitAnswers...)
			b.setStatus(b.question, true)
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		b.keysHelp.Show("Keys of the query list", "(? or esc closes)", b.helpText(b.width), b.width, b.height-browserChrome+1)
	case key.Matches(msg, k.Up):
		b.move(-1)
	case key.Matches(msg, k.Down):
		b.move(1)
	case key.Matches(msg, k.PageUp):
		b.move(-b.rowsShown())
	case key.Matches(msg, k.PageDown):
		b.move(b.rowsShown())
	case key.Matches(msg, k.Top):
		b.move(-len(b.order))
	case key.Matches(msg, k.Bottom):
		b.move(len(b.order))
	case key.Matches(msg, k.Sort):
		b.sortBy = (b.sortBy + 1) % nSortKeys
		b.reverse = false
		b.refilter()
		b.setStatus("sorted by "+b.sortLabel(), false)
	case key.Matches(msg, k.Reverse):
		b.reverse = !b.reverse
		b.refilter()
		b.setStatus("sorted by "+b.sortLabel(), false)
	case key.Matches(msg, k.Filter):
		b.filtering = true
		b.setStatus("type part of a query id · enter opens the selected query · esc clears", false)
		b.filter.Focus()
		return nil
	case key.Matches(msg, k.Back):
		if b.filter.Value() != "" {
			b.filter.SetValue("")
			b.refilter()
			b.setStatus("filter cleared", false)
		}
	case key.Matches(msg, k.Open):
		return b.open()
	}
	return nil
}

// filterKey edits the filter; the list follows every keystroke.
func (b *Model) filterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := b.keys
	switch {
	case key.Matches(msg, k.Back):
		b.filtering = false
		b.filter.Blur()
		b.filter.SetValue("")
		b.refilter()
		b.setStatus("filter cleared", false)
		return nil
	case key.Matches(msg, k.Open):
		b.filtering = false
		b.filter.Blur()
		return b.open()
	case msg.String() == "up" || msg.String() == "down":
		// Arrows pick among the matches while typing; j and k are text.
		if msg.String() == "up" {
			b.move(-1)
		} else {
			b.move(1)
		}
		return nil
	}
	if b.filter.Update(msg) {
		b.refilter()
	}
	return nil
}
