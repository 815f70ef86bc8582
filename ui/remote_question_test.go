package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
)

// Over the network the question about unsaved edits before opening a
// list is whole at 80 columns.
func TestRemoteOpenQuestionFits80(t *testing.T) {
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "0", "o")
	assert.Contains(t, screen(m), "Unsaved edits. w: copy, then open · y: open without copying · esc: cancel")
}
