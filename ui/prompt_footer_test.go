package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// lastLine is the screen's footer.
func lastLine(m tea.Model) string {
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

// TestChooserFooter: under the view menu, and under the samples a
// session over the network may open, the footer names the keys that
// choose, take and close, not the explorer's, which do nothing there.
func TestChooserFooter(t *testing.T) {
	m := start(t)
	press(m, "v")
	assert.Equal(t, "↑/↓ choose • enter open it • 1-9/0 open view n • esc close", lastLine(m))
	press(m, "q")
	assert.Nil(t, dialogOf[*dialogs.ViewMenu](m), "q closes the menu")

	m = New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "o")
	assert.Equal(t, "↑/↓ choose • enter open it • esc close", lastLine(m))
}

// TestExportFooters: after X the footer names the field's keys, as the
// image's name is typed; after y, the keys that choose what to copy.
func TestExportFooters(t *testing.T) {
	m := start(t)
	press(m, "y", "s")
	assert.True(t, strings.HasPrefix(lastLine(m), "enter confirm • esc cancel"), "%q", lastLine(m))
	press(m, "esc", "y")
	assert.Equal(t, "v/m/j/s choose • esc cancel", lastLine(m))
	press(m, "esc")
	assert.Contains(t, lastLine(m), "0-9 set grade")
}
