package report

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// cells counts printable ASCII itself and agrees with ansi.StringWidth
// on everything.
func TestCellsIsStringWidth(t *testing.T) {
	for _, s := range []string{"", "0.9575", "doc-17", "~ |}", "中文", "é", "e\u0301", "🙂", "tab\there", "\x1b[1mbold\x1b[0m", "\x7f", "a\u200bb"} {
		assert.Equal(t, ansi.StringWidth(s), cells(s), "%q", s)
	}
}
