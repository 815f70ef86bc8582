package ui

import (
	"strconv"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// viewBar is the line naming every view with its key, the active one
// marked: "[Explorer] wOrking tIes Conventions …" (the key is the
// capital letter in each name; F1…F10 open them too). Where the names do
// not fit, the letters alone and the active view's name.
func (m *Model) viewBar(w int) string {
	st := m.c.Styles
	var full, short []string
	for i, r := range views.All {
		name := markLetter(r.Name, r.Letter)
		letter := r.Letter
		if i == m.active {
			name, letter = "["+name+"]", "["+r.Letter+" "+r.Name+"]"
			name, letter = st.TitleInk.Paint(name), st.TitleInk.Paint(letter)
		} else {
			name, letter = st.SubtleInk.Paint(name), st.SubtleInk.Paint(letter)
		}
		full, short = append(full, name), append(short, letter)
	}
	line := strings.Join(full, " ")
	if ansi.StringWidth(line) > w {
		line = "views: " + strings.Join(short, " ")
	}
	return ansi.Truncate(line, w, "…")
}

// markLetter writes name with the view's key letter as a capital, the
// first time it occurs: "wOrking" for O, "Explorer" for E.
func markLetter(name, letter string) string {
	l := []rune(strings.ToLower(letter))
	if len(l) != 1 {
		return name
	}
	rs := []rune(name)
	for i, r := range rs {
		if r == l[0] {
			rs[i] = unicode.ToUpper(r)
			return string(rs)
		}
	}
	return name + " (" + letter + ")"
}

// viewName is the name of view i.
func (m *Model) viewName(i int) string { return views.All[i].Name }

// viewKey is the key that opens the view in slot i: F1, F2, … and, as
// many terminals keep function keys for themselves, its capital letter.
func viewKey(i int, v views.Registered) key.Binding {
	f := "f" + strconv.Itoa(i+1)
	keys, help := []string{f}, "F"+strconv.Itoa(i+1)
	if v.Letter != "" {
		keys, help = append(keys, v.Letter), help+"/"+v.Letter
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, v.Name))
}
