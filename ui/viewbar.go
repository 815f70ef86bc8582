package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// viewBar is the line naming every view in plain words, the active one
// marked, and the key of the view menu where it fits: "[Explorer]
// Working Ties Conventions … · v views". Where the names do not fit,
// the active view's name, its number among the views and the menu's
// key: a narrow screen still says where it is and how to go elsewhere.
func (m *Model) viewBar(w int) string {
	st := m.c.Styles
	var full []string
	for i, r := range views {
		name := capitalise(r.name)
		if i == m.active {
			full = append(full, st.TitleInk.Paint("["+name+"]"))
		} else {
			full = append(full, st.SubtleInk.Paint(name))
		}
	}
	menu := m.c.Keys.ViewMenu.Help()
	hint := st.SubtleInk.Paint(" · " + menu.Key + " " + menu.Desc)
	line := strings.Join(full, " ")
	switch {
	case ansi.StringWidth(line+hint) <= w:
		line += hint
	case ansi.StringWidth(line) <= w:
	default:
		line = st.TitleInk.Paint("["+capitalise(views[m.active].name)+"]") +
			st.SubtleInk.Paint(" view "+strconv.Itoa(m.active+1)+" of "+strconv.Itoa(len(views))+" · "+menu.Key+" "+menu.Desc+" · tab next")
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
