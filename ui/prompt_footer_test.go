package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// lastLine is the screen's footer.
func lastLine(m *Model) string {
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	return lines[len(lines)-1]
}

// While a field has the keys (open, save as, k, a score edited in
// place) the footer names enter, esc and the field's keys, not the
// view's keys or ? and q, which the field would take as text; the
// view's footer comes back once the field closes.
func TestFooterWhileTyping(t *testing.T) {
	m := start(t)
	viewFooter := lastLine(m)
	assert.Contains(t, viewFooter, "q quit")
	const want = "enter confirm • esc cancel • ^w/alt+backspace delete word left"
	for _, keys := range [][]string{{"o"}, {"W"}, {"k"}, {"s"}} {
		press(m, keys...)
		footer := lastLine(m)
		assert.True(t, strings.HasPrefix(footer, want), "after %v: %q", keys, footer)
		assert.NotContains(t, footer, "quit", "after %v", keys)
		press(m, "esc")
		assert.Equal(t, viewFooter, lastLine(m), "after %v then esc", keys)
	}
}
