package ui

import (
	"strings"

	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
)

// TestATerminalLargerThanTheBound: a terminal of 5000×5000 cells is
// drawn in 500×250, and the status line says so, where every cell was
// drawn (6.9 GB of the renderer's buffers at 5000×5000).
func TestATerminalLargerThanTheBound(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 100, 30)
	filter := winsize.Filter(nil)
	msg := filter(m, tea.WindowSizeMsg{Width: 5000, Height: 5000})
	assert.Equal(t, tea.WindowSizeMsg{Width: winsize.MaxWidth, Height: winsize.MaxHeight}, msg)
	m.Update(msg)
	assert.Contains(t, screen(m), "the terminal is 5000×5000: drawn in its top left 500×250, the most drawn")
	lines := 0
	for _, l := range strings.Split(screen(m), "\n") {
		lines++
		assert.LessOrEqual(t, len([]rune(l)), winsize.MaxWidth)
	}
	assert.LessOrEqual(t, lines, winsize.MaxHeight)

	m.Update(filter(m, tea.WindowSizeMsg{Width: 100, Height: 30}))
	assert.NotContains(t, screen(m), "the terminal is")
}
