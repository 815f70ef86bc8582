package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// viewKey is the key that opens the view in slot i: F1, F2, … and, as
// many terminals keep function keys for themselves, its capital letter
// where it has one (the view menu, v, reaches every view as well).
func viewKey(i int, v registered) key.Binding {
	f := "f" + strconv.Itoa(i+1)
	keys, help := []string{f}, "F"+strconv.Itoa(i+1)
	if v.letter != "" {
		keys, help = append(keys, v.letter), help+"/"+v.letter
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, v.name))
}

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
		{"Edit", []key.Binding{k.Grade, pair(k.GradeUp, k.GradeDown, "+/-", "grade ±1"), k.EditScore, k.EditTitle, k.Add,
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
	return pair(k.ASCII, presentKey, "b/R", "ASCII, projector")
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

// keyName writes a key as the help writes keys: "5", "x", "enter".
func keyName(msg tea.KeyPressMsg) string {
	if msg.Text != "" && msg.Text != " " {
		return strconv.Quote(msg.Text)
	}
	return msg.String()
}

// openKey opens another list from inside the explorer.
var openKey = common.Bind([]string{"o"}, "o", "open a list")

// rootKeys are the keys the program has besides the shared key map's:
// every one of them, for the table that checks the map (keymap_test.go).
func rootKeys() []key.Binding {
	return []key.Binding{openKey, notesKey, presentKey, followKey}
}
