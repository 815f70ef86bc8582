package view

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// VerdictMark is ✓ or ✗, or OK and NO in ASCII mode, styled.
func VerdictMark(c *common.Common, holds bool) string {
	if holds {
		return c.Styles.Good.Render(c.Styles.G.Holds)
	}
	return c.Styles.Bad.Render(c.Styles.G.Fails)
}

// NumberInput is a one-line field for a number typed by hand.
func NumberInput(placeholder string) textfield.Model {
	in := textfield.New(13, placeholder)
	in.Limit = 24
	return in
}

// numberChars are the characters a written number uses: 0.94, -2.5,
// 1e-3; and the decimal comma, so that 12,78 stays as typed and is
// refused with the fix ("use a point: 12.78") rather than read as 1278.
const numberChars = "0123456789.-+eE,"

// NumberKey reports whether a key press belongs to a number field: a
// character of a number, or a key that edits the field. Every other key
// keeps its meaning in the program (tab, view keys, k, gain, undo…),
// so the fields never need to capture the keyboard.
func NumberKey(msg tea.KeyPressMsg) bool {
	if textfield.Keys.Edits(msg) {
		return true
	}
	return msg.Text != "" && strings.Trim(msg.Text, numberChars) == ""
}

// EscThen reads alt+c, for c a character of a number, as what it was
// typed as: esc (clear the field) quickly followed by c, which terminals
// send as one sequence.
func EscThen(msg tea.KeyPressMsg) (string, bool) {
	if msg.Mod != tea.ModAlt || msg.Code > 0x7f || !strings.ContainsRune(numberChars, msg.Code) {
		return "", false
	}
	return string(msg.Code), true
}

func IsEscThen(msg tea.KeyPressMsg) bool {
	_, ok := EscThen(msg)
	return ok
}

// NumberPaste keeps the characters of a pasted number.
func NumberPaste(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(numberChars, r) {
			return r
		}
		return -1
	}, strings.TrimSpace(s))
}

// InputView draws a number field in width cells between brackets, so
// that an empty field still reads as a place to type.
func InputView(st *common.Styles, in *textfield.Model, width int) string {
	return "[" + layout.PadRight(layout.TruncateCells(in.View(st), width), width) + "]"
}
