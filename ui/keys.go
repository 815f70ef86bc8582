package ui

import (
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
)

// KeyMap is every key of the program, in one place, so that `?` lists
// them all and no two views disagree on what a key does. Views read the
// bindings they handle from here; the full help shows them in groups.
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
	KUp, KDown, Gain, Discount, Ties, IDCG, Zero, Preset key.Binding

	// Files.
	Save, SaveAs key.Binding
	// Taking things out: copy (then v, m or j) and the screen as an image.
	Copy, Screenshot key.Binding

	// Practice views: the companions' relevance threshold (< lowers it,
	// > raises it), the check's claims from the file, the quiz's next round.
	Threshold, FileClaims, NextRound key.Binding

	// Views: one key each, plus cycling.
	NextView, PrevView key.Binding
	Views              []key.Binding

	// In the teaching views: apply what is selected (a preset, a swap),
	// and the best single swap.
	Apply, BestSwap key.Binding

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
		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
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

		Copy:       b([]string{"y"}, "y", "copy view/report/list"),
		Screenshot: b([]string{"X"}, "X", "screen → SVG image"),

		Threshold:  b([]string{"<", ">"}, "</>", "relevance threshold"),
		FileClaims: b([]string{"f"}, "f", "the file's claims"),
		NextRound:  b([]string{"n"}, "n", "next quiz round"),

		NextView: b([]string{"tab"}, "tab", "next view"),
		PrevView: b([]string{"shift+tab"}, "⇧tab", "previous view"),

		Apply:    b([]string{"enter"}, "enter", "apply preset/swap"),
		BestSwap: b([]string{"b"}, "b", "best swap"),

		Confirm: b([]string{"enter"}, "enter", "confirm"),
		Cancel:  b([]string{"esc"}, "esc", "cancel"),
		Help:    b([]string{"?"}, "?", "help"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		ASCII:   b([]string{"A"}, "A", "ASCII/Unicode bars"),
	}
	return k
}

// viewKey is the key that opens the view in slot i: F1, F2, … and, as
// many terminals keep function keys for themselves, a capital letter.
func viewKey(i int, name string) key.Binding {
	f := "f" + strconv.Itoa(i+1)
	keys, help := []string{f}, "F"+strconv.Itoa(i+1)
	if l, ok := viewLetters[name]; ok {
		keys, help = append(keys, l), help+"/"+l
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, name))
}

// viewLetters: each view's is the first letter of its name that no key
// (or earlier view) has taken, as a capital: W is save as, so working is
// O; T is untie, so ties is I.
var viewLetters = map[string]string{
	"explorer": "E", "working": "O", "ties": "I", "conventions": "C", "swap": "S", "curves": "U",
	"pool": "L", "companions": "M", "check": "H", "quiz": "Q",
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Grade, k.EditScore, k.Tie, k.Undo, k.KUp, k.KDown, k.Gain, k.Preset, k.Save, k.Help, k.Quit}
}

// ShortHelpFor is the footer line of the named view: the keys that do
// something there, so that the footer of a view where digits type a
// number does not offer them as grades. The explorer's is ShortHelp.
func (k KeyMap) ShortHelpFor(view string) []key.Binding {
	as := func(b key.Binding, keys, desc string) key.Binding {
		b.SetHelp(keys, desc)
		return b
	}
	explorer := k.NextView
	if len(k.Views) > 0 {
		explorer = k.Views[0]
	}
	tail := []key.Binding{k.Undo, explorer, k.NextView, k.Help, k.Quit}
	var own []key.Binding
	switch view {
	case "explorer":
		return k.ShortHelp()
	case "ties":
		own = []key.Binding{as(k.Up, "↑/↓", "group"), as(k.Tie, "t", "tie at k")}
	case "conventions":
		own = []key.Binding{as(k.Up, "↑/↓", "preset"), as(k.Apply, "enter", "apply it")}
	case "swap":
		own = []key.Binding{as(k.Up, "arrows", "pair"), as(k.Apply, "enter", "swap"), k.BestSwap}
	case "pool":
		own = []key.Binding{as(k.Up, "↑/↓", "pool item"), as(k.Grade, "0-9", "its grade"), as(k.Add, "a", "add"), as(k.Delete, "x", "remove")}
	case "companions":
		own = []key.Binding{k.Threshold, k.KUp, k.KDown}
	case "check":
		own = []key.Binding{as(k.Up, "↑/↓", "field"), as(k.Cancel, "esc", "clear"), k.FileClaims}
		tail = []key.Binding{explorer, k.NextView, k.Help, k.Quit}
	case "working":
		own = []key.Binding{as(k.Up, "↑/↓", "scroll"), k.KUp, k.KDown, k.Gain, k.Discount, k.Ties}
	case "quiz":
		own = []key.Binding{as(k.Confirm, "enter", "answer"), k.NextRound}
		tail = []key.Binding{explorer, k.NextView, k.Help, k.Quit}
	default:
		own = []key.Binding{k.KUp, k.KDown, k.Gain, k.Discount, k.Ties}
	}
	return append(own, tail...)
}

// FullHelp is what `?` shows, one column per group. The groups are
// balanced so that the help fits 80×24 in two rows of three columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	views := append([]key.Binding{k.NextView, k.PrevView}, k.Views...)
	cut := min(len(views), 9)
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Grade, k.GradeUp, k.GradeDown, k.EditScore, k.EditTitle, k.Add, k.Duplicate, k.Delete},
		{k.MoveUp, k.MoveDown, k.Tie, k.Untie, k.Undo, k.Redo, k.Save, k.SaveAs},
		{k.KUp, k.KDown, k.Gain, k.Discount, k.Ties, k.IDCG, k.Zero, k.Preset, k.ASCII},
		views[:cut],
		// ? is how the help opened and says how it closes, so it is left
		// out here to make room for the practice views' keys.
		append(slices.Clone(views[cut:]), k.Apply, k.BestSwap, k.Threshold, k.FileClaims, k.NextRound, k.Quit),
	}
}

// HelpGroups names the FullHelp columns, in order.
var HelpGroups = []string{"Move", "Edit", "Rank, undo, save", "Conventions", "Views", "More views & keys"}
