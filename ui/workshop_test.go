package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// A decimal comma is refused with the number as it must be typed, in
// the check view's fields (typed or pasted) and in the quiz, rather than
// dropped (12,78 read as 1278).
func TestDecimalCommaRefused(t *testing.T) {
	m := start(t)
	open(t, m, "check")
	typeText(m, "6,149")
	s := screen(m)
	assert.Contains(t, s, "[6,149")
	assert.Contains(t, s, "use a point: 6.149")
	assert.NotContains(t, s, "6149")

	press(m, "down")
	m.Update(tea.PasteMsg{Content: "6,323"})
	assert.Contains(t, screen(m), "use a point: 6.323")

	q := New(Options{Doc: inlineDoc(t, "1,2", ""), Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 42})
	q.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open(t, q, "quiz")
	typeText(q, "0,59")
	press(q, "enter")
	s = screen(q)
	assert.Contains(t, s, "use a point: 0.59")
	assert.NotContains(t, s, "Not quite")
	assert.NotContains(t, s, "Right")
}
