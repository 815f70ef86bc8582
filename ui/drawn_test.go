package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestViewOnlyHandsOutTheDrawnScreen: every view, and the whole
// screen, is drawn in Update; View then allocates nothing and returns
// the same screen however often the renderer asks, and it is the screen
// a fresh draw gives.
func TestViewOnlyHandsOutTheDrawnScreen(t *testing.T) {
	m := start(t)
	for i, r := range views {
		press(m, fKey(r))
		require.Equal(t, i, m.active, r.name)
		if r.name == "check" {
			// A wrong DCG, so that the explanations are drawn too.
			typeText(m, "9.99")
		}
		v := m.views[m.active]
		first := v.View()
		require.NotEmpty(t, first, r.name)
		allocs := testing.AllocsPerRun(20, func() { _ = v.View() })
		assert.Zero(t, allocs, "%s: View allocates", r.name)
		assert.Equal(t, first, v.View(), "%s: View is stable", r.name)
		assert.Equal(t, v.Draw(), first, "%s: View is what a draw gives", r.name)

		whole := m.View().Content
		assert.Equal(t, whole, m.View().Content, "%s: the screen is stable", r.name)
		assert.Equal(t, m.render(), whole, "%s: the screen is what a render gives", r.name)
		if r.name == "check" {
			assert.Contains(t, body(m), "The true working", "the explanation of the wrong DCG is on screen")
			press(m, "esc")
		}
	}
}

// TestBrowserViewIsTheDrawnList: the query list too is drawn in Update.
func TestBrowserViewIsTheDrawnList(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "down", "s")
	list := b.View().Content
	require.Contains(t, list, "101")
	assert.Equal(t, b.render(), list, "View is what a render gives")
	assert.Equal(t, list, b.View().Content, "and stays so without a message")
}
