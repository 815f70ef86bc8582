package winsize

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
)

type told struct {
	tea.Model
	w, h int
}

func (t *told) TerminalSize(w, h int) { t.w, t.h = w, h }

func TestFilterClampsAndTells(t *testing.T) {
	f := Filter(nil)
	m := &told{}
	got := f(m, tea.WindowSizeMsg{Width: 5000, Height: 5000})
	assert.Equal(t, tea.WindowSizeMsg{Width: MaxWidth, Height: MaxHeight}, got)
	assert.Equal(t, 5000, m.w, "the model is told the true size")
	assert.Equal(t, 5000, m.h)
	got = f(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	assert.Equal(t, tea.WindowSizeMsg{Width: 100, Height: 30}, got)
	assert.Equal(t, tea.KeyPressMsg{Code: 'q'}, f(m, tea.KeyPressMsg{Code: 'q'}), "other messages pass")
	w, h := Clamp(-1, 1<<30)
	assert.Equal(t, [2]int{0, MaxHeight}, [2]int{w, h})
}
