package textfield

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// markStyles draws the cursor between ⟨ and ⟩ and nothing else, so that
// a test reads where the cursor is.
var markStyles = &common.Styles{CursorInk: common.Ink{Pre: "⟨", Post: "⟩"}}

// fieldDo plays steps on f: a key name as msg.String() spells it, or
// "type:TEXT" (each character a key press), or "paste:TEXT" (a
// bracketed paste).
func fieldDo(f *Model, steps ...string) {
	for _, s := range steps {
		switch {
		case strings.HasPrefix(s, "type:"):
			for _, r := range strings.TrimPrefix(s, "type:") {
				f.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		case strings.HasPrefix(s, "paste:"):
			f.Update(tea.PasteMsg{Content: strings.TrimPrefix(s, "paste:")})
		default:
			f.Update(uitest.Key(s))
		}
	}
}

func focusedField(width int, value string) *Model {
	f := New(width, "")
	f.SetValue(value)
	f.Focus()
	return &f
}

// TestTextFieldEdits: each edit from a value with the cursor at its end,
// the value and the cursor (in characters) worked out by hand.
func TestTextFieldEdits(t *testing.T) {
	cases := []struct {
		name, start string
		steps       []string
		want        string
		pos         int
	}{
		{"typing appends", "", []string{"type:0.75"}, "0.75", 4},
		{"space is text", "a", []string{"space", "type:b"}, "a b", 3},
		{"left then type inserts", "acd", []string{"left", "left", "type:b"}, "abcd", 2},
		{"ctrl+b ctrl+f move too", "abc", []string{"ctrl+b", "ctrl+b", "ctrl+f"}, "abc", 2},
		{"left stops at the start", "ab", []string{"left", "left", "left"}, "ab", 0},
		{"right stops at the end", "ab", []string{"right"}, "ab", 2},
		{"home, ctrl+a", "abc", []string{"home", "type:x", "end", "type:y", "ctrl+a", "type:z"}, "zxabcy", 1},
		{"ctrl+e goes to the end", "abc", []string{"home", "ctrl+e", "type:d"}, "abcd", 4},
		{"backspace", "abc", []string{"backspace"}, "ab", 2},
		{"backspace at the start does nothing", "abc", []string{"home", "backspace"}, "abc", 0},
		{"delete", "abc", []string{"home", "delete"}, "bc", 0},
		{"ctrl+d deletes forward", "abc", []string{"left", "ctrl+d"}, "ab", 2},
		{"delete at the end does nothing", "abc", []string{"delete"}, "abc", 3},
		{"ctrl+w deletes the word before", "hello world", []string{"ctrl+w"}, "hello ", 6},
		{"ctrl+w over the space too", "hello world", []string{"ctrl+w", "ctrl+w"}, "", 0},
		{"alt+backspace: one name of a path", "/tmp/foo.json", []string{"alt+backspace"}, "/tmp/foo.", 9},
		{"ctrl+w twice on a path", "/tmp/foo.json", []string{"ctrl+w", "ctrl+w"}, "/tmp/", 5},
		{"ctrl+w in a number", "0.8505", []string{"ctrl+w"}, "0.", 2},
		{"ctrl+w mid-word keeps what follows", "hello world", []string{"left", "left", "ctrl+w"}, "hello ld", 6},
		{"alt+d deletes the word after", "hello big world", []string{"home", "alt+d"}, " big world", 0},
		{"alt+d from a space", "hello big world", []string{"home", "alt+f", "alt+d"}, "hello world", 5},
		{"alt+b, alt+f", "one two three", []string{"alt+b", "alt+b", "type:X", "alt+f", "type:Y"}, "one XtwoY three", 9},
		{"ctrl+left, ctrl+right", "one two", []string{"ctrl+left", "ctrl+left", "ctrl+right", "type:!"}, "one! two", 4},
		{"alt+b at the start stays", "ab", []string{"home", "alt+b"}, "ab", 0},
		{"ctrl+u deletes to the start", "hello world", []string{"alt+b", "ctrl+u"}, "world", 0},
		{"ctrl+k deletes to the end", "hello world", []string{"alt+b", "ctrl+k"}, "hello ", 6},
		{"paste at the cursor", "ac", []string{"left", "paste:b"}, "abc", 2},
		{"a pasted line loses its line end", "", []string{"paste:mylist.json\n"}, "mylist.json", 11},
		{"line breaks and tabs pasted become spaces", "", []string{"paste:a\r\nb\tc\rd"}, "a b c d", 7},
		{"pasted control characters go", "", []string{"paste:x\x1b[31my\x07\u202ez"}, "x[31myz", 7},
		{"invalid bytes pasted go", "", []string{"paste:a\xffb"}, "ab", 2},
		{"ctrl+v is no paste", "a", []string{"ctrl+v"}, "a", 1},
		{"alt+c types nothing", "a", []string{"alt+c"}, "a", 1},
		// e then U+0301 (combining acute) is one character: é.
		{"an accent joins its letter", "", []string{"type:e\u0301"}, "e\u0301", 1},
		{"backspace takes the letter and its accent", "xe\u0301", []string{"backspace"}, "x", 1},
		{"left steps over the letter and its accent", "e\u0301", []string{"left", "type:a"}, "ae\u0301", 1},
		{"wide characters", "日本語", []string{"left", "backspace"}, "日語", 1},
		{"a flag is one character", "🇫🇷🇩🇪", []string{"left", "backspace"}, "🇩🇪", 0},
		{"ctrl+w over wide letters", "東京 大阪", []string{"ctrl+w"}, "東京 ", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := focusedField(20, c.start)
			fieldDo(f, c.steps...)
			assert.Equal(t, c.want, f.Value())
			assert.Equal(t, c.pos, f.pos, "cursor")
		})
	}
}

func TestTextFieldLimit(t *testing.T) {
	f := focusedField(10, "")
	f.Limit = 3
	fieldDo(f, "type:12345")
	assert.Equal(t, "123", f.Value(), "typing stops at the limit")
	fieldDo(f, "paste:9", "home", "type:0")
	assert.Equal(t, "123", f.Value(), "nor paste nor typing goes past it")
	fieldDo(f, "end", "backspace", "home", "paste:9876")
	assert.Equal(t, "912", f.Value(), "a paste is cut to the room left")
	f.SetValue("abcdef")
	assert.Equal(t, "abc", f.Value(), "SetValue is cut too")
	// The limit counts runes: an accent is one.
	f.SetValue("")
	fieldDo(f, "type:e\u0301e\u0301")
	assert.Equal(t, "e\u0301e", f.Value())
}

func TestTextFieldUnfocused(t *testing.T) {
	f := New(10, "")
	f.SetValue("ab")
	assert.False(t, f.Update(uitest.Key("x")), "a field without focus takes no key")
	assert.False(t, f.Update(tea.PasteMsg{Content: "x"}))
	assert.Equal(t, "ab", f.Value())
	f.Focus()
	assert.True(t, f.Update(uitest.Key("x")))
	assert.False(t, f.Update(uitest.Key("left")), "moving changes no value")
	assert.False(t, f.Update(uitest.Key("up")), "up is the prompt's, not the field's")
}

// TestTextFieldView: what the field draws, the cursor between ⟨ ⟩,
// always Width cells besides those two marks.
func TestTextFieldView(t *testing.T) {
	cases := []struct {
		name        string
		width       int
		value       string
		placeholder string
		steps       []string
		blur        bool
		want        string
	}{
		{"cursor at the end is a cell", 6, "abc", "", nil, false, "abc⟨ ⟩  "},
		{"cursor on a character", 6, "abc", "", []string{"left"}, false, "ab⟨c⟩   "},
		{"no cursor without focus", 6, "abc", "", nil, true, "abc   "},
		{"empty", 3, "", "", nil, false, "⟨ ⟩  "},
		{"placeholder, first character under the cursor", 6, "", "type DCG", nil, false, "⟨t⟩ype D"},
		{"placeholder without focus", 10, "", "type DCG", nil, true, "type DCG  "},
		{"scrolled to the end", 5, "abcdefgh", "", nil, false, "efgh⟨ ⟩"},
		{"scrolled back at home", 5, "abcdefgh", "", []string{"home"}, false, "⟨a⟩bcde"},
		{"scrolls one at a time", 5, "abcdefgh", "", []string{"home", "right", "right", "right", "right", "right"}, false, "bcde⟨f⟩"},
		{"shows more again after a deletion", 5, "abcdefgh", "", []string{"backspace", "backspace"}, false, "cdef⟨ ⟩"},
		{"wide characters scroll by their cells", 5, "日本語", "", nil, false, "本語⟨ ⟩"},
		{"a wide character at the edge is left out", 4, "a日本", "", []string{"home"}, false, "⟨a⟩日 "},
		{"under the cursor, a wide character shows", 4, "a日本", "", []string{"left"}, false, "日⟨本⟩"},
		{"accents take no cell", 4, "e\u0301e\u0301", "", nil, false, "e\u0301e\u0301⟨ ⟩ "},
		{"a control character from a file shows escaped", 8, "a\x1bb", "", nil, false, `a\x1bb⟨ ⟩ `},
		{"an escape wider than the field", 2, "\x1b", "", []string{"home"}, false, `⟨\x⟩`},
		{"only zero-width characters", 3, "\u200b", "", []string{"home"}, false, "\u200b⟨ ⟩  "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := New(c.width, c.placeholder)
			f.SetValue(c.value)
			f.Focus()
			fieldDo(&f, c.steps...)
			if c.blur {
				f.Blur()
			}
			got := f.View(markStyles)
			assert.Equal(t, c.want, got)
			plain := strings.NewReplacer("⟨", "", "⟩", "").Replace(got)
			assert.Equal(t, c.width, ansi.StringWidth(plain), "width")
		})
	}
}

// TestTextFieldStyles: with the program's style sheet the cursor is a
// reversed cell, as a selected row is, and does not blink (no command,
// no timer: the field has none).
func TestTextFieldStyles(t *testing.T) {
	st := common.NewStyles(true, true, false)
	f := focusedField(5, "ab")
	v := f.View(&st)
	assert.Equal(t, "ab   ", ansi.Strip(v))
	assert.Contains(t, v, st.Cursor.Render(" "))
	assert.Equal(t, 5, ansi.StringWidth(v))
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":            "plain",
		"two\nlines\n":     "two lines",
		"crlf\r\n":         "crlf",
		"a\r\n\r\nb":       "a  b",
		"tab\there":        "tab here",
		"\x1b]52;c;eA==\a": "]52;c;eA==",
		"\u202egnp.exe":    "gnp.exe",
		"bad\xc3":          "bad",
		"é日🇫🇷":             "é日🇫🇷",
	} {
		assert.Equal(t, want, oneLine(in), "%q", in)
	}
}

func TestFieldKeysEdit(t *testing.T) {
	for _, k := range []string{"backspace", "delete", "left", "right", "home", "end", "ctrl+a", "ctrl+e",
		"ctrl+w", "alt+backspace", "alt+d", "alt+b", "alt+f", "ctrl+left", "ctrl+right", "ctrl+u", "ctrl+k"} {
		assert.True(t, Keys.Edits(uitest.Key(k)), k)
	}
	for _, k := range []string{"up", "down", "enter", "esc", "tab", "a", "ctrl+v"} {
		assert.False(t, Keys.Edits(uitest.Key(k)), k)
	}
}

// fieldSteps are the keys the fuzz target draws from, with typed and
// pasted text of every kind.
var fieldSteps = []string{
	"left", "right", "home", "end", "ctrl+a", "ctrl+e", "backspace", "delete",
	"ctrl+w", "alt+backspace", "alt+d", "alt+b", "alt+f", "ctrl+left", "ctrl+right", "ctrl+u", "ctrl+k",
	"type:a", "type: ", "type:日", "type:\u0301", "type:\u200d", "type:🇫", "type:/", "paste:x\ny",
}

// FuzzTextField: random edits never panic, never draw the field wider
// or narrower than its width, and keep the cursor on the value and the
// value within its limit.
func FuzzTextField(f *testing.F) {
	f.Add([]byte{0, 1, 2, 17, 18, 19}, "hello wörld", uint8(5), uint8(0))
	f.Add([]byte{3, 4, 5, 20, 21, 22, 8, 9}, "日本語 e\u0301 🇫🇷", uint8(3), uint8(7))
	f.Add([]byte{30, 31, 32, 6, 7}, "a\x1bb\tc\u202e", uint8(1), uint8(2))
	st := common.NewStyles(true, true, false)
	f.Fuzz(func(t *testing.T, ops []byte, text string, width, limit uint8) {
		fl := New(int(width%40), "placeholder")
		fl.Limit = int(limit % 50)
		fl.SetValue(text)
		fl.Focus()
		for i, op := range ops {
			if int(op) < len(fieldSteps) {
				fieldDo(&fl, fieldSteps[op])
			} else {
				// Bytes past the steps paste a piece of the text, so that
				// what is typed is as odd as what the fuzzer finds.
				from := i % (len(text) + 1)
				fl.Update(tea.PasteMsg{Content: text[from:]})
			}
			if op%7 == 0 {
				fl.SetWidth(int(op) % 13)
			}
			require.LessOrEqual(t, fl.pos, len(fl.units))
			require.GreaterOrEqual(t, fl.pos, fl.offset)
			if fl.Limit > 0 {
				require.LessOrEqual(t, utf8.RuneCountInString(fl.Value()), fl.Limit)
			}
			var joined strings.Builder
			for _, u := range fl.units {
				joined.WriteString(u.raw)
			}
			require.Equal(t, fl.Value(), joined.String())
			for _, blur := range []bool{false, true} {
				if blur {
					fl.Blur()
				}
				v := fl.View(&st)
				require.Equal(t, fl.Width(), ansi.StringWidth(v), "view %q", v)
				require.NotContains(t, ansi.Strip(v), "\n")
			}
			fl.Focus()
		}
	})
}

// TestTextFieldSelected: a selected value (a score edited in place, a
// claim) is typed over as a spreadsheet's cell is; the values worked
// out by hand from 0.92.
func TestTextFieldSelected(t *testing.T) {
	cases := []struct {
		name  string
		steps []string
		want  string
		pos   int
	}{
		{"a typed digit replaces it", []string{"type:5"}, "5", 1},
		{"a typed number replaces it once", []string{"type:0.5"}, "0.5", 3},
		{"a paste replaces it", []string{"paste:0.75"}, "0.75", 4},
		{"end keeps it to append", []string{"end", "type:5"}, "0.925", 5},
		{"left keeps it to insert", []string{"left", "type:5"}, "0.952", 4},
		{"home keeps it", []string{"home", "type:1"}, "10.92", 1},
		{"backspace clears it", []string{"backspace", "type:3"}, "3", 1},
		{"delete clears it", []string{"delete"}, "", 0},
		{"ctrl+w clears it", []string{"ctrl+w"}, "", 0},
		{"a key not the field's keeps it", []string{"ctrl+x", "type:7"}, "7", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := focusedField(20, "0.92")
			f.Select()
			require.True(t, f.Selected())
			fieldDo(f, c.steps...)
			assert.Equal(t, c.want, f.Value())
			assert.Equal(t, c.pos, f.pos)
			assert.False(t, f.Selected() && c.name != "a key not the field's keeps it")
		})
	}

	f := focusedField(20, "")
	f.Select()
	assert.False(t, f.Selected(), "nothing to select in an empty field")
	f = focusedField(20, "abc")
	f.Select()
	f.SetValue("abd")
	assert.False(t, f.Selected(), "a value set anew is not selected")

	// Drawn in the selection's ink, the cursor after it; unfocused, plain.
	st := &common.Styles{CursorInk: common.Ink{Pre: "⟨", Post: "⟩"}, SelectedInk: common.Ink{Pre: "_", Post: "_"}}
	f = focusedField(8, "0.92")
	f.Select()
	assert.Equal(t, "_0__.__9__2_⟨ ⟩   ", f.View(st))
	f.Blur()
	assert.Equal(t, "0.92    ", f.View(st))
}
