package ui

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
		assert.Equal(t, ansi.StringWidth(s), cellWidth(s), "%q", s)
	}
}

func TestBarIsExactlyItsWidth(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for _, v := range []float64{-1, 0, 0.001, 0.3, 0.5, 0.999, 1, 2} {
			for w := 0; w < 12; w++ {
				assert.Equal(t, w, cellWidth(glyphsFor(ascii).bar(v, 1, w)), "v=%v w=%d ascii=%v", v, w, ascii)
			}
		}
	}
	// Half of 8 cells is 4 full blocks; 3/16 of 8 cells is a cell and a half.
	assert.Equal(t, "████    ", glyphsFor(false).bar(0.5, 1, 8))
	assert.Equal(t, "█▌      ", glyphsFor(false).bar(3.0/16, 1, 8))
	assert.Equal(t, "##      ", glyphsFor(true).bar(3.0/16, 1, 8))
	assert.Equal(t, "▏       ", glyphsFor(false).bar(0.0001, 1, 8), "a positive value is never invisible")
}
