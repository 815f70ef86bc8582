package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// viewBar is the line naming every view in plain words, the active one
// marked, and the key of the view menu where it fits: "[Explorer]
// Working Ties Conventions … · v views". Where the names do not fit,
// the active view's name, its number among the views and the menu's
// key: a narrow screen still says where it is and how to go elsewhere.
func viewBar(c *common.Common, active, w int) string {
	st := c.Styles
	var full []string
	for i, r := range views.All {
		name := capitalise(r.Name)
		if i == active {
			full = append(full, st.TitleInk.Paint("["+name+"]"))
		} else {
			full = append(full, st.SubtleInk.Paint(name))
		}
	}
	menu := c.Keys.ViewMenu.Help()
	hint := st.SubtleInk.Paint(" · " + menu.Key + " " + menu.Desc)
	line := strings.Join(full, " ")
	switch {
	case ansi.StringWidth(line+hint) <= w:
		line += hint
	case ansi.StringWidth(line) <= w:
	default:
		line = st.TitleInk.Paint("["+capitalise(views.All[active].Name)+"]") +
			st.SubtleInk.Paint(" view "+strconv.Itoa(active+1)+" of "+strconv.Itoa(len(views.All))+" · "+menu.Key+" "+menu.Desc+" · tab next")
	}
	return ansi.Truncate(line, w, "…")
}

// capitalise writes a view's name as the view bar and the menu do:
// "Working".
func capitalise(name string) string {
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// viewName is the name of view i.
func viewName(i int) string { return views.All[i].Name }

// viewKey is the key that opens the view in slot i: F1, F2, … (where a
// terminal keeps function keys for itself, the view menu, v, reaches
// every view).
func viewKey(i int, v views.Registered) key.Binding {
	return key.NewBinding(key.WithKeys("f"+strconv.Itoa(i+1)), key.WithHelp("F"+strconv.Itoa(i+1), v.Name))
}

// menuEntries are the views as the view menu (v) lists them.
func menuEntries() []dialogs.ViewEntry {
	out := make([]dialogs.ViewEntry, len(views.All))
	for i, r := range views.All {
		out[i] = dialogs.ViewEntry{Name: capitalise(r.Name), Purpose: r.Purpose}
	}
	return out
}

// conventionsSlot is where the conventions view is among the views.
func conventionsSlot() int {
	for i, r := range views.All {
		if r.Name == "conventions" {
			return i
		}
	}
	return -1
}

// presetsOpened is where the presets F4 opened came from: the view F4
// was pressed in, while the conventions view it opened is on screen (esc
// goes back there; -1 otherwise), and the workspace's version then (esc
// says whether a preset was applied since).
type presetsOpened struct {
	from, at int
}

// openPresets shows the conventions view with its cursor on the preset
// in force (P): the table of presets the picker was, enter applying one.
func (m *Model) openPresets() tea.Cmd {
	i := conventionsSlot()
	from := m.active
	if from == i {
		from = m.presets.from
	}
	m.show(i)
	if v, ok := m.views[i].(interface{ OnInForce() }); ok {
		v.OnInForce() // the conventions view's cursor on the preset in force
	}
	m.presets.from, m.presets.at = from, m.c.WS.Version()
	if from >= 0 {
		m.c.Status.SetHere("presets: ↑/↓ choose · enter applies (k stays "+m.c.WS.Settings.KString()+") · esc goes back", false)
	}
	return nil
}
