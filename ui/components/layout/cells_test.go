package layout

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

func TestCellWidthAgreesWithAnsi(t *testing.T) {
	for _, s := range []string{
		"", "abc", "\x1b[38;2;1;2;3mred\x1b[m", "█▉▊ 0.50 │ ▏", "┌T1 ─── k=3 ───", "Järvelin · 2^g−1 → ◂k ▸",
		"日本語", "e\u0301", "🙂 x", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "tab\there",
	} {
		assert.Equal(t, ansi.StringWidth(s), CellWidth(s), "%q", s)
	}
}
