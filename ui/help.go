package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// helpGroup is one column of the help (?): a heading and its keys.
type helpGroup struct {
	name string
	keys []key.Binding
}

// explorerHelp is what ? shows in the explorer: moving, editing, the
// conventions and files, and the explorer's own keys (own). It fits
// 80×24 whole (TestEveryViewsHelpFitsOneScreen): three columns of at
// most twelve keys, two of three below, the field's keys across.
func explorerHelp(k common.KeyMap, own []key.Binding) []helpGroup {
	return []helpGroup{
		{"Move", moveKeys(k)},
		{"Edit", []key.Binding{k.Grade, pair(k.GradeUp, k.GradeDown, "+/= -/_", "grade ±1"), k.EditScore, k.EditTitle, k.Add,
			k.Duplicate, k.Delete, pair(k.MoveUp, k.MoveDown, "⇧↑/⇧↓", "move up/down"), k.Tie, k.Untie, k.Undo, k.Redo}},
		{"Conventions", conventionKeys(k)},
		{"Files", fileKeys(k)},
		{"More keys", append(own, displayKeys(k))},
	}
}

// viewHelp is what ? shows in a teaching view: the view's own keys
// first (own), then those every view shares.
func viewHelp(k common.KeyMap, own []key.Binding) []helpGroup {
	return []helpGroup{
		{"This view", own},
		{"Move", moveKeys(k)},
		{"Conventions", append(conventionKeys(k), k.Undo, k.Redo)},
		{"Files", append(fileKeys(k), displayKeys(k))},
	}
}

// answerTypeKey is how the guided path's answer is typed, for its help:
// the keys are the lesson's (lessonChars), not the explorer's.
var answerTypeKey = common.Bind([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "-"}, "0-9 .", "type the answer")

// moveKeys are the keys that move the cursor and go between views.
func moveKeys(k common.KeyMap) []key.Binding {
	return []key.Binding{pair(k.Up, k.Down, "↑/↓", "up, down"), pair(k.PageUp, k.PageDown, "pgup/dn", "page up, down"),
		pair(k.Top, k.Bottom, "home/end", "first, last"), pair(k.NextView, k.PrevView, "tab/⇧tab", "next, prev view"),
		k.ViewMenu, viewsByNumber(k), k.Quit}
}

// viewsByNumber is one line for F1…F10.
func viewsByNumber(k common.KeyMap) key.Binding {
	var keys []string
	for _, b := range k.Views {
		keys = append(keys, b.Keys()...)
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp("F1-F10", "a view"))
}

// conventionKeys change the conventions, in every view.
func conventionKeys(k common.KeyMap) []key.Binding {
	return []key.Binding{pair(k.Cutoff, pair(k.KUp, k.KDown, "", ""), "k ]/[", "type k; k ± 1"), k.Gain, k.Discount, k.Ties,
		k.IDCG, k.Zero, k.Preset}
}

// fileKeys save, take out and open.
func fileKeys(k common.KeyMap) []key.Binding {
	return []key.Binding{pair(k.Save, k.SaveAs, "w/^s/W", k.Save.Help().Desc+", "+strings.TrimPrefix(k.SaveAs.Help().Desc, "copy ")),
		k.Copy, openKey}
}

// displayKeys is the other ways of drawing: ASCII bars, the projector.
func displayKeys(k common.KeyMap) key.Binding {
	return pair(k.ASCII, explorer.PresentKey, "b R/r", "ASCII, projector")
}

// fieldHelp is the one-line field's keys, laid across the help's width,
// as a prompt's footer cannot list them all.
func fieldHelp() helpGroup {
	f := textfield.Keys
	return helpGroup{"In a field", []key.Binding{pair(f.Left, f.Right, "←→ ^b^f", "char"),
		pair(f.WordLeft, f.WordRight, "alt+b/f ^←→", "word"), pair(f.Home, f.End, "home/^a end/^e", "start, end"),
		pair(f.DeleteBack, f.DeleteForward, "bksp del/^d", "delete ←/→"),
		pair(f.DeleteWordBack, f.DeleteWordForward, "^w alt+d", "del word ←/→"),
		pair(f.DeleteToStart, f.DeleteToEnd, "^u ^k", "del to start/end")}}
}

// pair is one line of help for two bindings.
func pair(a, b key.Binding, keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(append(slices.Clone(a.Keys()), b.Keys()...)...), key.WithHelp(keys, desc))
}

// helpGroups is what ? shows over view v: the explorer's keys in the
// explorer (the answer's keys where they type a step's answer); elsewhere
// the view's own keys, then those every view shares. Each fits one 80×24
// screen.
func helpGroups(v view.View, explorer, answering bool, keys common.KeyMap) []helpGroup {
	var own []key.Binding
	seen := map[string]bool{}
	add := func(bs []key.Binding) {
		for _, b := range bs {
			if k := b.Help().Key; !seen[k] {
				seen[k] = true
				own = append(own, b)
			}
		}
	}
	for _, g := range v.FullHelp() {
		add(g)
	}
	if explorer && answering {
		g := explorerHelp(keys, own)
		g[1] = helpGroup{"Your answer", []key.Binding{answerTypeKey, common.As(keys.Confirm, "enter", "check the answer"), keys.Undo, keys.Redo}}
		// Opening another list would put away the step's.
		g[3].keys = slices.DeleteFunc(slices.Clone(g[3].keys), func(b key.Binding) bool { return b.Help().Key == openKey.Help().Key })
		return g
	}
	if explorer {
		return explorerHelp(keys, own)
	}
	// The view's footer, less the keys every view shares and the help
	// lists below it (the conventions, the files); the arrows stay, as
	// each view says what they move.
	k := keys
	shared := map[string]bool{}
	for _, b := range append(append(append(k.Tail(true), conventionKeys(k)...), fileKeys(k)...), k.Redo, displayKeys(k)) {
		for _, name := range b.Keys() {
			shared[name] = true
		}
	}
	var foot []key.Binding
	for _, b := range v.ShortHelp() {
		if !slices.ContainsFunc(b.Keys(), func(name string) bool { return !shared[name] }) {
			continue // every key of it listed below
		}
		foot = append(foot, b)
	}
	// Its full help first, in its own words; then the footer's other keys.
	own, seen = nil, map[string]bool{}
	for _, g := range v.FullHelp() {
		add(g)
	}
	add(foot)
	return viewHelp(keys, own)
}

// keyHelp draws the keys' help, and knows whether the guided path holds
// the list's keys.
type keyHelp struct {
	help.Model
	// answering says the guided path holds the list's keys: digits type
	// the step's answer and the list stays as it is (Lesson.keepList),
	// so the help lists the answer's keys where it lists the edits.
	answering bool
}

// helpPages is the help (?) of the view in sight laid out for w cells:
// its keys a group per column, as many columns abreast as fit in w, so
// nothing is dropped on a narrow terminal, the field's keys across the
// width below them; then, in the explorer, a second page saying what the
// screen's marks mean (? again turns to it).
func (m *Model) helpPages(w int) []string {
	st := m.c.Styles
	groups := helpGroups(m.views[m.active], m.active == 0, m.help.answering, m.c.Keys)
	var cols []string
	colW := 0
	for _, g := range groups {
		if len(g.keys) == 0 {
			continue
		}
		c := st.PanelTitle.Render(g.name) + "\n" + m.help.FullHelpView([][]key.Binding{g.keys})
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
	f := fieldHelp()
	rows = append(rows, acrossHelp(m.c.Styles, m.help.Styles, f.name, f.keys, w)...)
	var back []string
	if m.deco.help != nil {
		// The decor's lines (the workshop's: what brings the list
		// back). The explorer's keys fill its first page: they go on
		// the second there.
		back = m.deco.help(w)
	}
	if m.active != 0 {
		return []string{strings.Join(append(rows, back...), "\n")}
	}
	pages := []string{strings.Join(rows, "\n")}
	legend := []string{st.PanelTitle.Render("On the screen")}
	for _, l := range screenLegend {
		// Continuation lines hang under the meaning, clear of the marks'
		// column, where they started under the marks.
		legend = append(legend, hangAfterFirst(l, w, legendMarkW)...)
	}
	if back != nil {
		legend = append(append(legend, ""), back...)
	}
	return append(pages, strings.Join(legend, "\n"))
}

// acrossHelp lays bindings out one after the other after their group's
// name, in lines of w cells, a binding never split between two.
func acrossHelp(st common.Styles, hs help.Styles, name string, bindings []key.Binding, w int) []string {
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
