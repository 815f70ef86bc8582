package common

import (
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
	// Taking things out: y, then v (the view as text), m (markdown), j
	// (JSON) or s (the screen as an SVG image).
	Copy key.Binding

	// Views: the menu of views (v), one key each (F1…F10, a few
	// capitals), plus cycling.
	ViewMenu, NextView, PrevView key.Binding
	Views                        []key.Binding

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

		Grade: b([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, "0-9", "set grade"),
		// = and _ are + and - with Shift missed or held.
		GradeUp:   b([]string{"+", "="}, "+/=", "grade +1"),
		GradeDown: b([]string{"-", "_"}, "-/_", "grade −1"),
		EditScore: b([]string{"s", "enter"}, "s/enter", "edit score"),
		EditTitle: b([]string{"e"}, "e", "title (tab: id)"),
		Add:       b([]string{"a"}, "a", "add item below"),
		Duplicate: b([]string{"c"}, "c", "duplicate (copy)"),
		Delete:    b([]string{"x", "delete"}, "x/del", "delete"),
		// Moving is on arrows only: K and J were one Shift away from
		// k (the cutoff) and j (the copy menu's JSON).
		MoveUp:   b([]string{"shift+up", "alt+up"}, "⇧↑/alt+↑", "move up"),
		MoveDown: b([]string{"shift+down", "alt+down"}, "⇧↓/alt+↓", "move down"),
		Tie:      b([]string{"t"}, "t", "tie to neighbour"),
		Untie:    b([]string{"T"}, "T", "untie"),
		Undo:     b([]string{"u", "ctrl+z"}, "u/^z", "undo"),
		Redo:     b([]string{"ctrl+r", "ctrl+y"}, "^r/^y", "redo"),

		Cutoff:   b([]string{"k"}, "k", "type k (cutoff)"),
		KUp:      b([]string{"]"}, "]", "k + 1"),
		KDown:    b([]string{"["}, "[", "k − 1"),
		Gain:     b([]string{"g"}, "g", "gain"),
		Discount: b([]string{"d"}, "d", "discount"),
		Ties:     b([]string{"p"}, "p", "tie policy"),
		IDCG:     b([]string{"i"}, "i", "IDCG source"),
		Zero:     b([]string{"z"}, "z", "IDCG=0 rule"),
		// Not P: p is the tie policy. The presets are the conventions
		// view (F4), opened on the preset in force.
		Preset: b([]string{"f4"}, "F4", "presets"),

		Save:   b([]string{"ctrl+s", "w"}, "w/^s", "save"),
		SaveAs: b([]string{"W"}, "W", "save as"),

		Copy: b([]string{"y"}, "y", "take out: v m j s"),

		ViewMenu: b([]string{"v"}, "v", "views"),
		NextView: b([]string{"tab"}, "tab", "next view"),
		PrevView: b([]string{"shift+tab"}, "⇧tab", "previous view"),

		Apply: b([]string{"enter"}, "enter", "apply preset/swap"),

		Confirm: b([]string{"enter"}, "enter", "confirm"),
		Cancel:  b([]string{"esc"}, "esc", "cancel"),
		Help:    b([]string{"?"}, "?", "help"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		// Not A: a stray Shift on a (add) would redraw every bar.
		ASCII: b([]string{"b"}, "b", "bars: ASCII/Unicode"),
	}
	return k
}

// RemoteKeys is the key map of a session over the network, where the
// save keys copy to the person's clipboard (see Remote): the help and
// every footer read their words from here.
func RemoteKeys(k KeyMap) KeyMap {
	k.Save.SetHelp("w/^s", "copy list")
	k.SaveAs.SetHelp("W", "copy report")
	return k
}

// Bind makes a binding that only one view has.
func Bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// As is b with other help words, for a footer that says what a shared
// key does in one view ("↑/↓ group" in the ties view).
func As(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}

// Tail ends a teaching view's footer: undo (where digits do not type a
// number, undo is a key like any other), the way back to the explorer,
// the view menu, help and quit.
func (k KeyMap) Tail(undo bool) []key.Binding {
	explorer := k.NextView
	if len(k.Views) > 0 {
		explorer = k.Views[0]
	}
	t := []key.Binding{explorer, k.ViewMenu, k.Help, k.Quit}
	if undo {
		t = append([]key.Binding{k.Undo}, t...)
	}
	return t
}

// ConventionKeys are the keys that change the conventions in place.
func (k KeyMap) ConventionKeys() []key.Binding {
	return []key.Binding{k.KUp, k.KDown, k.Gain, k.Discount, k.Ties}
}

// Edits reports whether msg is one of the explorer's editing keys (a
// grade, a score, an item added, moved or tied).
func (k KeyMap) Edits(msg tea.KeyPressMsg) bool {
	return key.Matches(msg, k.Grade, k.GradeUp, k.GradeDown, k.EditScore, k.EditTitle, k.Add, k.Duplicate,
		k.Delete, k.MoveUp, k.MoveDown, k.Tie, k.Untie)
}

// BrowserKeys are the query list's keys (package browser); they are
// here, beside the key map, so that one table checks every key
// (ui's keymap_test.go). Moving, help and quitting are
// the explorer's own bindings from the one key map, so that a key means
// the same on both screens; the list adds only what the explorer has
// no use for.
type BrowserKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Open, Back, Sort, Reverse, Filter       key.Binding
	Help, Quit                              key.Binding
}

// NewBrowserKeys is the query list's keys under the key map k.
func NewBrowserKeys(k KeyMap) BrowserKeys {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	top, bottom := k.Top, k.Bottom
	top.SetHelp("home", "first query")
	bottom.SetHelp("end", "last query")
	return BrowserKeys{
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

// ShortHelp is the query list's footer.
func (k BrowserKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit}
}

// FullHelp is the query list's help.
func (k BrowserKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Back, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit},
	}
}
