package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap is every key more than one view uses, in one place, so that no
// two views disagree on what a key does. A key that only one view has
// lives in that view's file, and reaches the full help through its
// FullHelp (see Model.fullHelp); each view's footer is its ShortHelp.
type KeyMap struct {
	// Moving the cursor.
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// Across, in the views laid out in two dimensions (the swap map).
	Left, Right key.Binding

	// Editing the list.
	Grade, GradeUp, GradeDown    key.Binding
	EditScore, EditTitle         key.Binding
	Add, Duplicate, Delete       key.Binding
	MoveUp, MoveDown, Tie, Untie key.Binding
	Undo, Redo                   key.Binding

	// Conventions.
	Cutoff, KUp, KDown, Gain, Discount, Ties, IDCG, Zero, Preset key.Binding

	// Files.
	Save, SaveAs key.Binding
	// Taking things out: copy (then v, m or j) and the screen as an image.
	Copy, Screenshot key.Binding

	// Views: one key each, plus cycling.
	NextView, PrevView key.Binding
	Views              []key.Binding

	// In the teaching views: apply what is selected (a preset, a swap).
	Apply key.Binding

	// Dialogs and the program.
	Confirm, Cancel, Help, Quit key.Binding
	ASCII                       key.Binding
}

// DefaultKeyMap is the key map the program uses.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	k := KeyMap{
		// Not k and j: k is the cutoff, on screen and on the keyboard.
		Up:       b([]string{"up"}, "↑", "up"),
		Down:     b([]string{"down"}, "↓", "down"),
		PageUp:   b([]string{"pgup"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown"}, "pgdn", "page down"),
		Top:      b([]string{"home"}, "home", "rank 1"),
		Bottom:   b([]string{"end"}, "end", "last rank"),
		Left:     b([]string{"left", "h"}, "←/h", "swap map: left"),
		Right:    b([]string{"right", "l"}, "→/l", "swap map: right"),

		Grade:     b([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, "0-9", "set grade"),
		GradeUp:   b([]string{"+", "="}, "+", "grade +1"),
		GradeDown: b([]string{"-", "_"}, "-", "grade −1"),
		EditScore: b([]string{"s", "enter"}, "s/enter", "edit score"),
		EditTitle: b([]string{"e"}, "e", "edit title"),
		Add:       b([]string{"a"}, "a", "add item below"),
		Duplicate: b([]string{"c"}, "c", "duplicate (copy)"),
		Delete:    b([]string{"x", "delete"}, "x/del", "delete"),
		MoveUp:    b([]string{"K", "shift+up"}, "K/⇧↑", "move up"),
		MoveDown:  b([]string{"J", "shift+down"}, "J/⇧↓", "move down"),
		Tie:       b([]string{"t"}, "t", "tie with neighbour"),
		Untie:     b([]string{"T"}, "T", "untie"),
		Undo:      b([]string{"u", "ctrl+z"}, "u/^z", "undo"),
		Redo:      b([]string{"ctrl+r", "ctrl+y"}, "^r/^y", "redo"),

		Cutoff:   b([]string{"k"}, "k", "type k (cutoff)"),
		KUp:      b([]string{"]"}, "]", "k + 1"),
		KDown:    b([]string{"["}, "[", "k − 1"),
		Gain:     b([]string{"g"}, "g", "gain"),
		Discount: b([]string{"d"}, "d", "discount"),
		Ties:     b([]string{"p"}, "p", "tie policy"),
		IDCG:     b([]string{"i"}, "i", "IDCG source"),
		Zero:     b([]string{"z"}, "z", "IDCG=0 rule"),
		Preset:   b([]string{"P"}, "P", "presets"),

		Save:   b([]string{"ctrl+s", "w"}, "w/^s", "save"),
		SaveAs: b([]string{"W"}, "W", "save as"),

		Copy:       b([]string{"y"}, "y", "copy: v, m or j"),
		Screenshot: b([]string{"X"}, "X", "screen as SVG"),

		NextView: b([]string{"tab"}, "tab", "next view"),
		PrevView: b([]string{"shift+tab"}, "⇧tab", "previous view"),

		Apply: b([]string{"enter"}, "enter", "apply preset/swap"),

		Confirm: b([]string{"enter"}, "enter", "confirm"),
		Cancel:  b([]string{"esc"}, "esc", "cancel"),
		Help:    b([]string{"?"}, "?", "help"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		ASCII:   b([]string{"A"}, "A", "ASCII/Unicode bars"),
	}
	return k
}

// remoteKeys is the key map of a session over the network, where the
// save keys copy to the person's clipboard (see Remote): the help and
// every footer read their words from here.
func remoteKeys(k KeyMap) KeyMap {
	k.Save.SetHelp("w/^s", "copy list")
	k.SaveAs.SetHelp("W", "copy report")
	return k
}

// viewKey is the key that opens the view in slot i: F1, F2, … and, as
// many terminals keep function keys for themselves, its capital letter.
func viewKey(i int, v registered) key.Binding {
	f := "f" + strconv.Itoa(i+1)
	keys, help := []string{f}, "F"+strconv.Itoa(i+1)
	if v.letter != "" {
		keys, help = append(keys, v.letter), help+"/"+v.letter
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, v.name))
}

// bind makes a binding that only one view has.
func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// as is b with other help words, for a footer that says what a shared
// key does in one view ("↑/↓ group" in the ties view).
func as(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}

// tail ends a teaching view's footer: undo (where digits do not type a
// number, undo is a key like any other), the way back to the explorer,
// the next view, help and quit.
func (k KeyMap) tail(undo bool) []key.Binding {
	explorer := k.NextView
	if len(k.Views) > 0 {
		explorer = k.Views[0]
	}
	t := []key.Binding{explorer, k.NextView, k.Help, k.Quit}
	if undo {
		t = append([]key.Binding{k.Undo}, t...)
	}
	return t
}

// conventionKeys are the keys that change the conventions in place.
func (k KeyMap) conventionKeys() []key.Binding {
	return []key.Binding{k.KUp, k.KDown, k.Gain, k.Discount, k.Ties}
}

// cutoffKey reports whether the cutoff field takes a key press: a
// digit, or a key that edits the field.
func cutoffKey(msg tea.KeyPressMsg) bool {
	if fieldKeys.edits(msg) {
		return true
	}
	return msg.Text != "" && strings.Trim(msg.Text, "0123456789") == ""
}

// FullHelp is what `?` shows, one column per group, own being the keys
// that only one view has; the last group, the views, is laid out across
// the width under the columns (Model.helpText). The groups are balanced
// so that the help fits 80×24 in two rows of three columns of eight
// keys, the views below.
func (k KeyMap) FullHelp(own []key.Binding) [][]key.Binding {
	f := fieldKeys
	return [][]key.Binding{
		// Pairs share a line, so that every key shows whole at 80×24.
		{pair(k.Up, k.Down, "↑/↓", "up, down"), as(k.Left, "←→/hl", "swap map: across"), k.PageUp, k.PageDown, k.Top, k.Bottom,
			k.NextView, k.PrevView},
		{k.Grade, pair(k.GradeUp, k.GradeDown, "+/-", "grade ±1"), k.EditScore, k.EditTitle, k.Add, k.Duplicate, k.Delete, openKey},
		{pair(k.MoveUp, k.MoveDown, "K/J", "move up/down (⇧↑↓)"), k.Tie, k.Untie, k.Undo, k.Redo,
			pair(k.Save, k.SaveAs, "w/^s/W", k.Save.Help().Desc+", "+strings.TrimPrefix(k.SaveAs.Help().Desc, "copy ")), k.Copy, k.Screenshot},
		{pair(k.Cutoff, pair(k.KUp, k.KDown, "", ""), "k ]/[", "type k; k ± 1"), k.Gain, k.Discount, k.Ties, k.IDCG, k.Zero, k.Preset, k.Apply},
		// ? is how the help opened and says how it closes, so it is left
		// out here to make room for the views' own keys.
		append(append([]key.Binding{pair(k.ASCII, presentKey, "A/R", "ASCII, projector")}, own...), k.Quit),
		// The field's keys, as a prompt's footer cannot list them all.
		{pair(f.Left, f.Right, "←→ ^b^f", "char ←/→"), pair(f.WordLeft, f.WordRight, "alt+b/f ^←→", "word ←/→"),
			as(f.Home, "home/^a", "start"), as(f.End, "end/^e", "end"),
			pair(f.DeleteBack, f.DeleteForward, "bksp del/^d", "delete ←/→"),
			pair(f.DeleteWordBack, f.DeleteWordForward, "^w alt+d", "del word ←/→"),
			as(f.DeleteToStart, "^u", "del to start"), as(f.DeleteToEnd, "^k", "del to end")},
		k.Views,
	}
}

// pair is one line of help for two bindings.
func pair(a, b key.Binding, keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(append(slices.Clone(a.Keys()), b.Keys()...)...), key.WithHelp(keys, desc))
}

// HelpGroups names the FullHelp columns, in order.
var HelpGroups = []string{"Move", "Edit", "Rank, undo, save, copy", "Conventions", "More keys", "Typing in a field", "Views"}

// edits reports whether msg is one of the explorer's editing keys (a
// grade, a score, an item added, moved or tied).
func (k KeyMap) edits(msg tea.KeyPressMsg) bool {
	return key.Matches(msg, k.Grade, k.GradeUp, k.GradeDown, k.EditScore, k.EditTitle, k.Add, k.Duplicate,
		k.Delete, k.MoveUp, k.MoveDown, k.Tie, k.Untie)
}

// numberTaker is a view with a field that takes the keys of a number.
type numberTaker interface{ takesNumbers() bool }

// takes reports whether the view has msg as a key of its own: in its
// help, or typed into its number field.
func takes(v view, msg tea.KeyPressMsg) bool {
	if n, ok := v.(numberTaker); ok && n.takesNumbers() && numberKey(msg) {
		return true
	}
	for _, b := range v.ShortHelp() {
		if key.Matches(msg, b) {
			return true
		}
	}
	for _, g := range v.FullHelp() {
		for _, b := range g {
			if key.Matches(msg, b) {
				return true
			}
		}
	}
	return false
}

// keyName writes a key as the help writes keys: "5", "x", "enter".
func keyName(msg tea.KeyPressMsg) string {
	if msg.Text != "" && msg.Text != " " {
		return strconv.Quote(msg.Text)
	}
	return msg.String()
}
