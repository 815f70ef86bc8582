package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// registered is a view as the program knows it: the capital letter
// that also opens it, if any (F1, F2, … and the view menu's digits open
// them in this order), its name for the title line and the help, and
// how it is made.
type registered struct {
	letter, name string
	// purpose is what the view is for, in a line a learner can read
	// (the view menu, v).
	purpose string
	make    func(*common.Common) view.View
}

// views is every view, in the order of their keys: the explorer, then
// those that take the list apart (working, ties, conventions, swap,
// curves), then those that put a person to work on it (pool,
// companions, check, quiz). A new view is a file and a line here.
//
// The view menu (v), F1…F10 and tab reach every view. A letter is a
// quiet alias kept only where it and its Shift-variant edit nothing: E,
// O, C, S and U were one Shift away from e (title), o (open), c
// (duplicate), s (score) and u (undo), and M from m (the swap view's
// best swap), so those views have none; P opens the conventions view on
// the preset in force (KeyMap.Preset).
var views = []registered{
	{"", "explorer", "the ranked list: grades, gains, discounts, DCG, IDCG and NDCG",
		func(c *common.Common) view.View { return newExplorer(c) }},
	{"", "working", "every number written out as a sum, as by hand",
		func(c *common.Common) view.View { return newWorkingView(c) }},
	{"I", "ties", "what the order of tied items does to NDCG (worst, expected, best)",
		func(c *common.Common) view.View { return newTiesView(c) }},
	{"", "conventions", "the same list under each library's conventions, side by side",
		func(c *common.Common) view.View { return newConventionsView(c) }},
	{"", "swap", "how much swapping two ranks changes NDCG: the weights learning to rank trains on",
		func(c *common.Common) view.View { return newSwapView(c) }},
	{"", "curves", "the discount per rank and the gain per grade as charts: what NDCG is built from",
		func(c *common.Common) view.View { return newCurvesView(c) }},
	{"L", "pool", "relevant items the ranking missed, and what they do to IDCG",
		func(c *common.Common) view.View { return newPoolView(c) }},
	{"", "companions", "precision, reciprocal rank and average precision beside NDCG",
		func(c *common.Common) view.View { return newCompanionsView(c) }},
	{"H", "check", "check a DCG, IDCG or NDCG you worked out by hand",
		func(c *common.Common) view.View { return newCheckView(c) }},
	{"Z", "quiz", "work out NDCG yourself and see where a wrong answer went wrong",
		func(c *common.Common) view.View { return newQuizView(c) }},
}

// menuEntries are the views as the view menu (v) lists them.
func menuEntries() []dialogs.ViewEntry {
	out := make([]dialogs.ViewEntry, len(views))
	for i, r := range views {
		out[i] = dialogs.ViewEntry{Name: capitalise(r.name), Purpose: r.purpose}
	}
	return out
}

// conventionsSlot is where the conventions view is among the views.
func conventionsSlot() int {
	for i, r := range views {
		if r.name == "conventions" {
			return i
		}
	}
	return -1
}

// openPresets shows the conventions view with its cursor on the preset
// in force (P): the table of presets the picker was, enter applying one.
func (m *Model) openPresets() tea.Cmd {
	i := conventionsSlot()
	from := m.active
	if from == i {
		from = m.presetsFrom
	}
	m.show(i)
	if v, ok := m.views[i].(*conventionsView); ok {
		v.onInForce()
	}
	m.presetsFrom, m.presetsAt = from, m.c.WS.Version()
	if from >= 0 {
		m.c.SetStatus("presets: ↑/↓ choose · enter applies (k stays "+m.c.WS.Settings.KString()+") · esc goes back", false)
	}
	return nil
}

// viewName is the name of view i.
func (m *Model) viewName(i int) string { return views[i].name }

// helpGroups is what ? shows in the view in sight: the explorer's keys
// in the explorer; elsewhere the view's own keys, then those every view
// shares. Each fits one 80×24 screen.
func (m *Model) helpGroups() []helpGroup {
	v := m.views[m.active]
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
	if m.active == 0 {
		return explorerHelp(m.c.Keys, own)
	}
	// The view's footer, less the keys every view shares and the help
	// lists below it (the conventions, the files); the arrows stay, as
	// each view says what they move.
	k := m.c.Keys
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
	return viewHelp(m.c.Keys, own)
}
