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

// t in the ties view ties rank k with rank k+1; on the default sample C
// and D already tie across k=3, and t says so instead of tying C with E
// (which would remove the tie the sample is about).
func TestTiesViewTieAtK(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	press(m, "I")
	before := body(m)
	press(m, "t")
	assert.Contains(t, screen(m), "ranks 3 and 4 (C and D) already tie at score 0.71")
	assert.Equal(t, before, body(m), "nothing changed")
	assert.False(t, m.c.WS.Dirty())

	// Scores 0.9, 0.8, 0.7, 0.5, 0.1 and k=3: C (rank 3) takes D's score
	// 0.5, and the tie straddles k.
	s := ndcg.DefaultSettings()
	s.K = 3
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.7,0.5,0.1"), s, 80, 24)
	press(m, "I", "t")
	assert.Contains(t, screen(m), "tied C with D (score 0.5)")
	assert.Contains(t, body(m), "k cuts it")
}
