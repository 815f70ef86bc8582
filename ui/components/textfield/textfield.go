package textfield

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// Model is the one-line field every prompt of the explorer types
// into: a path, a file name, a score, a title, k, a claimed number, the
// query browser's filter. It edits as a shell's line does (the keys are
// Keys) and scrolls sideways when its value is wider than the
// field. Its cursor is a reversed cell that does not blink, which a
// projector shows and a test reads.
//
// It has no key for the system clipboard: the terminal's own paste
// arrives as a tea.PasteMsg, over SSH too, and goes in as typed text.
//
// Positions count grapheme clusters (what a person sees as one
// character: a letter and its accents, a flag, a family emoji), so that
// the cursor never stands inside one, and widths are display cells as
// the rest of the screen measures them (ansi's grapheme widths).
type Model struct {
	value string
	units []fieldUnit
	runes int // runes in value, for limit

	pos    int // the cursor, before units[pos]; len(units) is the end
	offset int // the first unit shown
	// width is the cells the field takes on screen, its cursor's cell
	// included (at the end of the value, the cursor is a cell of its own).
	width int
	// limit is the most runes the value holds, 0 for no limit.
	Limit int

	Placeholder string
	focused     bool
	// selected says the whole value is selected, as a spreadsheet's cell
	// is when a person arrives on it: the first text typed or pasted
	// replaces it, a deleting key clears it, a moving key keeps it and
	// edits from there. A value given to be changed (a score, a claim)
	// is typed over rather than appended to.
	selected bool
}

// fieldUnit is one grapheme cluster of the value, as stored and as drawn.
type fieldUnit struct {
	raw  string // its bytes in the value
	show string // as drawn: raw, or escaped when a terminal would obey it
	w    int    // cells of show
}

// New is an empty field of width cells, its cursor hidden until
// Focus.
func New(width int, placeholder string) Model {
	f := Model{Placeholder: placeholder}
	f.SetWidth(width)
	return f
}

// KeyMap is the keys that edit a field. Other keys are the
// prompt's: enter, esc, and the arrows up and down where a prompt has a
// list.
type KeyMap struct {
	Left, Right, WordLeft, WordRight, Home, End                  key.Binding
	DeleteBack, DeleteForward, DeleteWordBack, DeleteWordForward key.Binding
	DeleteToStart, DeleteToEnd                                   key.Binding
}

// Keys are the editing keys of every field: those of a shell's
// line (readline and emacs), with the arrow and delete keys.
var Keys = KeyMap{
	Left:              common.Bind([]string{"left", "ctrl+b"}, "←/^b", "character left"),
	Right:             common.Bind([]string{"right", "ctrl+f"}, "→/^f", "character right"),
	WordLeft:          common.Bind([]string{"alt+b", "alt+left", "ctrl+left"}, "alt+b/^←", "word left"),
	WordRight:         common.Bind([]string{"alt+f", "alt+right", "ctrl+right"}, "alt+f/^→", "word right"),
	Home:              common.Bind([]string{"home", "ctrl+a"}, "home/^a", "start"),
	End:               common.Bind([]string{"end", "ctrl+e"}, "end/^e", "end"),
	DeleteBack:        common.Bind([]string{"backspace", "ctrl+h"}, "backspace", "delete left"),
	DeleteForward:     common.Bind([]string{"delete", "ctrl+d"}, "del/^d", "delete right"),
	DeleteWordBack:    common.Bind([]string{"ctrl+w", "alt+backspace", "ctrl+backspace"}, "^w/alt+backspace", "delete word left"),
	DeleteWordForward: common.Bind([]string{"alt+d", "alt+delete", "ctrl+delete"}, "alt+d", "delete word right"),
	DeleteToStart:     common.Bind([]string{"ctrl+u"}, "^u", "delete to start"),
	DeleteToEnd:       common.Bind([]string{"ctrl+k"}, "^k", "delete to end"),
}

// FullHelp is the field's keys, moving then deleting.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.WordLeft, k.WordRight, k.Home, k.End},
		{k.DeleteBack, k.DeleteForward, k.DeleteWordBack, k.DeleteWordForward, k.DeleteToStart, k.DeleteToEnd},
	}
}

// Edits reports whether msg is one of the field's editing keys (typed
// text aside).
func (k KeyMap) Edits(msg tea.KeyPressMsg) bool {
	for _, g := range k.FullHelp() {
		if key.Matches(msg, g...) {
			return true
		}
	}
	return false
}

// Value is the text in the field.
func (f *Model) Value() string { return f.value }

// SetValue replaces the text, the cursor at its end, nothing selected.
// The value is kept as given, control characters included (a title
// read from a file): they are drawn escaped, as everywhere else on
// screen.
func (f *Model) SetValue(s string) {
	f.selected = false
	f.Set(f.cut(s, 0), len(s))
}

// Select selects the whole value (if there is one), the cursor at its
// end: what is typed next replaces it.
func (f *Model) Select() {
	f.selected = len(f.units) > 0
	f.moveTo(len(f.units))
}

// Selected reports whether the whole value is selected.
func (f *Model) Selected() bool { return f.selected }

// SetWidth sets the cells the field takes on screen, at least one.
func (f *Model) SetWidth(w int) {
	f.width = max(w, 1)
	f.scroll()
}

// Width is the cells the field takes on screen.
func (f *Model) Width() int { return f.width }

// Focus shows the cursor and lets Update edit the field.
func (f *Model) Focus() { f.focused = true }

// Blur hides the cursor; Update leaves the field as it is.
func (f *Model) Blur() { f.focused = false }

// Update edits a focused field with a key press or a paste, and reports
// whether the value changed. Keys that are not the field's do nothing.
func (f *Model) Update(msg tea.Msg) bool {
	if !f.focused {
		return false
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return f.key(msg)
	case tea.PasteMsg:
		return f.Insert(oneLine(msg.Content))
	}
	return false
}

func (f *Model) key(msg tea.KeyPressMsg) bool {
	k := Keys
	if f.selected {
		switch {
		case key.Matches(msg, k.DeleteBack, k.DeleteForward, k.DeleteWordBack, k.DeleteWordForward, k.DeleteToStart, k.DeleteToEnd):
			// A deleting key deletes the selection, as in any editor.
			f.selected = false
			return f.delete(0, len(f.units))
		case k.Edits(msg):
			// A moving key keeps the value: editing goes on from there.
			f.selected = false
		}
	}
	switch {
	case key.Matches(msg, k.Left):
		f.moveTo(f.pos - 1)
	case key.Matches(msg, k.Right):
		f.moveTo(f.pos + 1)
	case key.Matches(msg, k.WordLeft):
		f.moveTo(f.wordLeft())
	case key.Matches(msg, k.WordRight):
		f.moveTo(f.wordRight())
	case key.Matches(msg, k.Home):
		f.moveTo(0)
	case key.Matches(msg, k.End):
		f.moveTo(len(f.units))
	case key.Matches(msg, k.DeleteBack):
		return f.delete(f.pos-1, f.pos)
	case key.Matches(msg, k.DeleteForward):
		return f.delete(f.pos, f.pos+1)
	case key.Matches(msg, k.DeleteWordBack):
		return f.delete(f.wordLeft(), f.pos)
	case key.Matches(msg, k.DeleteWordForward):
		return f.delete(f.pos, f.wordRight())
	case key.Matches(msg, k.DeleteToStart):
		return f.delete(0, f.pos)
	case key.Matches(msg, k.DeleteToEnd):
		return f.delete(f.pos, len(f.units))
	case msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModMeta|tea.ModSuper|tea.ModHyper) == 0:
		return f.Insert(oneLine(msg.Text))
	}
	return false
}

// Insert puts text at the cursor, or in place of the whole value when
// it is selected, as much of it as the limit leaves room for, and moves
// the cursor past it. It reports whether the value changed.
func (f *Model) Insert(text string) bool {
	if text == "" {
		return false
	}
	if f.selected {
		f.selected = false
		if text = f.cut(text, 0); text == f.value {
			return false
		}
		f.Set(text, len(text))
		return true
	}
	text = f.cut(text, f.runes)
	if text == "" {
		return false
	}
	at := f.byteAt(f.pos)
	f.Set(f.value[:at]+text+f.value[at:], at+len(text))
	return true
}

// cut is text cut at a character boundary to what the limit leaves room
// for besides the have runes already in the field.
func (f *Model) cut(text string, have int) string {
	if f.Limit <= 0 {
		return text
	}
	room := f.Limit - have
	if room <= 0 {
		return ""
	}
	for i := range text {
		if room == 0 {
			return text[:i]
		}
		room--
	}
	return text
}

// delete removes the units from a up to b (clamped to the value) and
// puts the cursor where they were; it reports whether anything went.
func (f *Model) delete(a, b int) bool {
	a, b = max(a, 0), min(b, len(f.units))
	if a >= b {
		return false
	}
	from, to := f.byteAt(a), f.byteAt(b)
	f.Set(f.value[:from]+f.value[to:], from)
	return true
}

func (f *Model) moveTo(p int) {
	f.pos = min(max(p, 0), len(f.units))
	f.scroll()
}

// wordLeft is the start of the word before the cursor: back over what
// separates words, then over the word (letters and digits, as in a
// shell's line: a path loses one name at a time, a number one run of
// digits).
func (f *Model) wordLeft() int {
	p := f.pos
	for p > 0 && !f.units[p-1].isWord() {
		p--
	}
	for p > 0 && f.units[p-1].isWord() {
		p--
	}
	return p
}

// wordRight is the end of the word at or after the cursor.
func (f *Model) wordRight() int {
	p := f.pos
	for p < len(f.units) && !f.units[p].isWord() {
		p++
	}
	for p < len(f.units) && f.units[p].isWord() {
		p++
	}
	return p
}

func (u fieldUnit) isWord() bool {
	r, _ := utf8.DecodeRuneInString(u.raw)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// byteAt is the offset in value where unit p starts.
func (f *Model) byteAt(p int) int {
	n := 0
	for _, u := range f.units[:p] {
		n += len(u.raw)
	}
	return n
}

// Set makes s the value, cut into units, with the cursor after the unit
// holding byte cursor-1 (a character typed before an accent that then
// joins it puts the cursor after the two).
func (f *Model) Set(s string, cursor int) {
	f.value = s
	f.runes = utf8.RuneCountInString(s)
	f.units = f.units[:0]
	for rest := s; rest != ""; {
		c, w := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
		if c == "" { // never, but a loop that cannot end is worse
			c = rest[:1]
		}
		rest = rest[len(c):]
		u := fieldUnit{raw: c, show: c, w: w}
		if !termsafe.Clean(c) {
			u.show = termsafe.String(c)
			u.w = ansi.StringWidth(u.show)
		}
		if u.w == 0 && len(f.units) > 0 {
			// A mark with nothing to mark, a zero-width space: no cell of
			// its own, so no cursor position either.
			last := &f.units[len(f.units)-1]
			last.raw += u.raw
			last.show += u.show
			continue
		}
		f.units = append(f.units, u)
	}
	if len(f.units) > 1 && f.units[0].w == 0 {
		// Nothing before it to join: it joins the next.
		f.units[1].raw = f.units[0].raw + f.units[1].raw
		f.units[1].show = f.units[0].show + f.units[1].show
		f.units = f.units[1:]
	}
	f.pos = 0
	for n := 0; f.pos < len(f.units) && n < cursor; f.pos++ {
		n += len(f.units[f.pos].raw)
	}
	f.scroll()
}

// cursorW is the cells the cursor takes: its unit's, or one at the end.
func (f *Model) cursorW() int {
	if f.pos < len(f.units) {
		return max(f.units[f.pos].w, 1)
	}
	return 1
}

// scroll moves the window over the value just enough to show the
// cursor, and back left when there is room to show more of the value.
func (f *Model) scroll() {
	f.pos = min(f.pos, len(f.units))
	f.offset = min(f.offset, f.pos)
	used := f.cursorW()
	for _, u := range f.units[f.offset:f.pos] {
		used += u.w
	}
	for used > f.width && f.offset < f.pos {
		used -= f.units[f.offset].w
		f.offset++
	}
	shown := 0
	for _, u := range f.units[f.offset:] {
		shown += u.w
	}
	if f.pos == len(f.units) {
		shown++
	}
	for f.offset > 0 && shown+f.units[f.offset-1].w <= f.width {
		f.offset--
		shown += f.units[f.offset].w
	}
}

// View draws the field in exactly Width cells: the value from the
// scrolled position (or the placeholder when it is empty), the cursor
// reversed when focused, a selected value in the selection's ink,
// spaces after. st gives the cursor's, the selection's and the
// placeholder's inks.
func (f *Model) View(st *common.Styles) string {
	if len(f.units) == 0 && f.Placeholder != "" {
		return f.placeholderView(st)
	}
	var b strings.Builder
	room := f.width
	for i := f.offset; i <= len(f.units) && room > 0; i++ {
		atCursor := f.focused && i == f.pos
		if i == len(f.units) {
			if atCursor {
				b.WriteString(st.CursorInk.Paint(" "))
				room--
			}
			break
		}
		u := f.units[i]
		show, w := u.show, u.w
		last := w > room
		if last {
			// Wider than what is left (a wide character at the right
			// edge, an escape in a narrow field): what fits of it, or
			// the cursor's cell.
			show = ansi.Truncate(show, room, "")
			w = ansi.StringWidth(show)
			if w == 0 && atCursor {
				show, w = " ", 1
			}
		}
		switch {
		case atCursor && w == 0:
			// Only a value of nothing but zero-width characters gets here:
			// the cursor takes the cell after them.
			b.WriteString(show + st.CursorInk.Paint(" "))
			w = 1
		case atCursor:
			b.WriteString(st.CursorInk.Paint(show))
		case f.focused && f.selected:
			b.WriteString(st.SelectedInk.Paint(show))
		default:
			b.WriteString(show)
		}
		room -= w
		if last {
			break
		}
	}
	b.WriteString(strings.Repeat(" ", max(room, 0)))
	return b.String()
}

// placeholderView is the placeholder, faint, cut to the field, its first
// character under the cursor when focused.
func (f *Model) placeholderView(st *common.Styles) string {
	p := ansi.Truncate(termsafe.String(f.Placeholder), f.width, "")
	pad := strings.Repeat(" ", max(f.width-ansi.StringWidth(p), 0))
	if !f.focused || p == "" {
		return st.SubtleInk.Paint(p) + pad
	}
	first, _ := ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth)
	return st.CursorInk.Paint(first) + st.SubtleInk.Paint(p[len(first):]) + pad
}

// oneLine is typed or pasted text as a one-line field takes it: a line
// break or a tab becomes a space (one pasted at the end goes), other
// control characters and bidirectional overrides go, as do bytes that
// are not UTF-8. What a file holds is shown escaped elsewhere; what a
// person types has no use for them.
func oneLine(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if termsafe.Clean(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError && size <= 1, !termsafe.Clean(s[i : i+size]):
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
