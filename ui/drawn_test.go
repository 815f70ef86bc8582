package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// TestViewOnlyHandsOutTheDrawnScreen: every view, and the whole
// screen, is drawn in Update; View then allocates nothing and returns
// the same screen however often the renderer asks, and it is the screen
// a fresh draw gives.
func TestViewOnlyHandsOutTheDrawnScreen(t *testing.T) {
	m := start(t)
	for i, r := range views.All {
		press(m, r.Letter)
		require.Equal(t, i, m.active, r.Name)
		if r.Name == "check" {
			// A wrong DCG, so that the explanations are drawn too.
			typeText(m, "9.99")
		}
		v := m.views[m.active]
		first := v.View()
		require.NotEmpty(t, first, r.Name)
		allocs := testing.AllocsPerRun(20, func() { _ = v.View() })
		assert.Zero(t, allocs, "%s: View allocates", r.Name)
		assert.Equal(t, first, v.View(), "%s: View is stable", r.Name)
		assert.Equal(t, v.Draw(), first, "%s: View is what a draw gives", r.Name)

		whole := m.View().Content
		assert.Equal(t, whole, m.View().Content, "%s: the screen is stable", r.Name)
		assert.Equal(t, m.render(), whole, "%s: the screen is what a render gives", r.Name)
		if r.Name == "check" {
			assert.Contains(t, body(m), "The true working", "the explanation of the wrong DCG is on screen")
			press(m, "esc")
		}
	}
}
