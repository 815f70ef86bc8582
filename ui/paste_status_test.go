package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestALongPastedScoreKeepsItsReason: a long value pasted as a score is
// echoed cut, with its size, so that the reason and what to type stay on
// the status line, where the whole value filled it and cut them off.
func TestALongPastedScoreKeepsItsReason(t *testing.T) {
	const w, h = 80, 24
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.7,0.6,0.5"), linearK5(), w, h)
	press(m, "s")
	m.Update(tea.PasteMsg{Content: strings.Repeat("x", 5000)})
	press(m, "enter")
	got := uitest.StatusOnScreen(t, screen(m), w, h)
	assert.Contains(t, got, "(5000 bytes in all) is not a number: type a score such as 0.75 (esc cancels)")
}
