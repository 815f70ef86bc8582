package ui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProjectorDrawsNoFaint: the ranks past k are faint on a dark
// 256-colour screen, but not in the projector mode, where a faint grey
// falls under the 7:1 the room needs (the "·" marker says it there), nor
// on a light background (ui/common's TestFaintOnlyOnDark).
func TestProjectorDrawsNoFaint(t *testing.T) {
	s := linearK5()
	s.K = 2
	m := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: s})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	faint := m.c.Styles.PastKInk.Pre
	require.NotEmpty(t, faint, "faint past k on a dark 256-colour screen")
	assert.Contains(t, m.View().Content, faint)

	press(m, "R")
	require.Contains(t, screen(m), "NDCG")
	assert.False(t, strings.Contains(m.View().Content, faint), "the projector mode draws no faint")

	press(m, "R")
	m.Update(tea.BackgroundColorMsg{Color: color.White})
	assert.Empty(t, m.c.Styles.PastKInk.Pre, "no faint on a light background")
}
