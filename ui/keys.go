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
		{pair(k.MoveUp, k.MoveDown, "⇧↑/⇧↓", "move up/down"), k.Tie, k.Untie, k.Undo, k.Redo,
			pair(k.Save, k.SaveAs, "w/^s/W", k.Save.Help().Desc+", "+strings.TrimPrefix(k.SaveAs.Help().Desc, "copy ")), k.Copy},
		{pair(k.Cutoff, pair(k.KUp, k.KDown, "", ""), "k ]/[", "type k; k ± 1"), k.Gain, k.Discount, k.Ties, k.IDCG, k.Zero, k.Preset, k.Apply},
		// ? is how the help opened and says how it closes, so it is left
		// out here to make room for the views' own keys.
		append(append([]key.Binding{pair(k.ASCII, presentKey, "b/R", "ASCII bars, projector")}, own...), k.Quit),
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
