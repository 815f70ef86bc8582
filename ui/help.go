package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
)

// keyGroups is what `?` shows, one column per group, own being the keys
// that only one view has; the last group, the views, is laid out across
// the width under the columns (Model.helpText). The groups are balanced
// so that the help fits 80×24 in two rows of three columns of eight
// keys, the views below.
func keyGroups(k common.KeyMap, own []key.Binding) [][]key.Binding {
	f := textfield.Keys
	return [][]key.Binding{
		// Pairs share a line, so that every key shows whole at 80×24.
		{pair(k.Up, k.Down, "↑/↓", "up, down"), common.As(k.Left, "←→/hl", "swap map: across"), k.PageUp, k.PageDown, k.Top, k.Bottom,
			k.NextView, k.PrevView},
		{k.Grade, pair(k.GradeUp, k.GradeDown, "+/-", "grade ±1"), k.EditScore, k.EditTitle, k.Add, k.Duplicate, k.Delete, openKey},
		{pair(k.MoveUp, k.MoveDown, "K/J", "move up/down (⇧↑↓)"), k.Tie, k.Untie, k.Undo, k.Redo,
			pair(k.Save, k.SaveAs, "w/^s/W", k.Save.Help().Desc+", "+strings.TrimPrefix(k.SaveAs.Help().Desc, "copy ")), k.Copy, k.Screenshot},
		{pair(k.Cutoff, pair(k.KUp, k.KDown, "", ""), "k ]/[", "type k; k ± 1"), k.Gain, k.Discount, k.Ties, k.IDCG, k.Zero, k.Preset, k.Apply},
		// ? is how the help opened and says how it closes, so it is left
		// out here to make room for the views' own keys.
		append(append([]key.Binding{pair(k.ASCII, explorer.PresentKey, "A/R", "ASCII, projector")}, own...), k.Quit),
		// The field's keys, as a prompt's footer cannot list them all.
		{pair(f.Left, f.Right, "←→ ^b^f", "char ←/→"), pair(f.WordLeft, f.WordRight, "alt+b/f ^←→", "word ←/→"),
			common.As(f.Home, "home/^a", "start"), common.As(f.End, "end/^e", "end"),
			pair(f.DeleteBack, f.DeleteForward, "bksp del/^d", "delete ←/→"),
			pair(f.DeleteWordBack, f.DeleteWordForward, "^w alt+d", "del word ←/→"),
			common.As(f.DeleteToStart, "^u", "del to start"), common.As(f.DeleteToEnd, "^k", "del to end")},
		k.Views,
	}
}

// pair is one line of help for two bindings.
func pair(a, b key.Binding, keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(append(slices.Clone(a.Keys()), b.Keys()...)...), key.WithHelp(keys, desc))
}

// HelpGroups names the FullHelp columns, in order.
var HelpGroups = []string{"Move", "Edit", "Rank, undo, save, copy", "Conventions", "More keys", "Typing in a field", "Views"}

// fullHelp is the program's keys in groups: the shared ones and, in the
// last group, each view's own (once, in the order of the views).
func (m *Model) fullHelp() [][]key.Binding {
	var own []key.Binding
	seen := map[string]bool{}
	for _, v := range m.views {
		for _, g := range v.FullHelp() {
			for _, b := range g {
				if k := b.Help().Key; !seen[k] {
					seen[k] = true
					own = append(own, b)
				}
			}
		}
	}
	return keyGroups(m.c.Keys, own)
}

// helpText lays out the full help a group per column, as many columns
// abreast as fit in w, so nothing is dropped on a narrow terminal; the
// views, the last group, go across the width below them, as their keys
// and names are short.
func (m *Model) helpText(w int) string {
	st := m.c.Styles
	groups := m.fullHelp()
	views := groups[len(groups)-1]
	groups = groups[:len(groups)-1]
	var cols []string
	colW := 0
	for i, g := range groups {
		c := st.PanelTitle.Render(HelpGroups[i]) + "\n" + m.help.FullHelpView([][]key.Binding{g})
		cols = append(cols, c)
		colW = max(colW, lipgloss.Width(c))
	}
	colW += 2
	per := max((w+2)/colW, 1)
	var rows []string
	for i := 0; i < len(cols); i += per {
		var row []string
		for _, c := range cols[i:min(i+per, len(cols))] {
			row = append(row, lipgloss.NewStyle().Width(colW).Render(c))
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	rows = append(rows, m.acrossHelp(HelpGroups[len(HelpGroups)-1], views, w)...)
	// What the screen's marks mean, below the keys (↓ scrolls to it
	// where the keys fill the screen).
	rows = append(rows, "", st.PanelTitle.Render("On the screen"))
	for _, l := range screenLegend {
		// Continuation lines hang under the meaning, clear of the marks'
		// column, where they started under the marks.
		rows = append(rows, hangAfterFirst(l, w, legendMarkW)...)
	}
	return strings.Join(rows, "\n")
}

// acrossHelp lays bindings out one after the other after their group's
// name, in lines of w cells, a binding never split between two.
func (m *Model) acrossHelp(name string, bindings []key.Binding, w int) []string {
	st, hs := m.c.Styles, m.help.Styles
	indent := layout.CellWidth(name) + 2
	sep, sepW := " · ", 3
	lines := []string{st.PanelTitle.Render(name) + "  "}
	used := indent
	for i, b := range bindings {
		item := hs.FullKey.Render(b.Help().Key) + " " + hs.FullDesc.Render(b.Help().Desc)
		iw := ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
		if i > 0 {
			if used+sepW+iw > w {
				lines = append(lines, strings.Repeat(" ", indent))
				used = indent
			} else {
				lines[len(lines)-1] += hs.FullSeparator.Render(sep)
				used += sepW
			}
		}
		lines[len(lines)-1] += item
		used += iw
	}
	return lines
}

// hangAfterFirst wraps text to w cells, the first line as wide as it
// goes and the others indented by indent cells.
func hangAfterFirst(text string, w, indent int) []string {
	lines := strings.SplitN(layout.Wrap(text, w), "\n", 2)
	if len(lines) == 1 || w-indent < 10 {
		return strings.Split(layout.Wrap(text, w), "\n")
	}
	rest := strings.Join(strings.Fields(lines[1]), " ")
	return append(lines[:1], layout.Hang(rest, indent, w)...)
}

// legendMarkW is the width of the marks' column of screenLegend.
const legendMarkW = 9

// screenLegend says what the marks of the explorer's screen mean.
var screenLegend = []string{
	"zero→0   NDCG when IDCG is 0 (no relevant item): 0, or 1 under zero→1 (z switches)",
	"=sklearn the preset whose conventions are in force (P picks one)",
	"3.50*    a tied rank's gain under expected ties: the mean gain of its tie group",
	"┌T1 └    a tie group (items with equal scores), T1, T2 … in rank order",
	"ideal    the grade at rank i of the ideal ranking (a grade, not a gain); IDCG@i sums its gains",
	"·        a rank past k: it does not count in DCG@k or NDCG@k",
}
