package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuestionsAreReproducible(t *testing.T) {
	for round := 1; round <= 20; round++ {
		a, b := NewQuestion(42, round), NewQuestion(42, round)
		assert.Equal(t, a, b, "round %d", round)
	}
	assert.NotEqual(t, NewQuestion(42, 1), NewQuestion(43, 1))
	assert.NotEqual(t, NewQuestion(42, 1), NewQuestion(42, 2))
}

// TestQuestionsAreSmallAndInstructive checks the promises NewQuestion
// makes, over many rounds: 5–8 items, grades 0–3, 3 ≤ k ≤ n, at least two
// relevant items, a top k not already in the ideal order, and ties in
// some rounds only, always between items of different grades.
func TestQuestionsAreSmallAndInstructive(t *testing.T) {
	tied := 0
	const rounds = 2000
	for round := 1; round <= rounds; round++ {
		q := NewQuestion(7, round)
		n := len(q.List.Items)
		require.GreaterOrEqual(t, n, QuizMinItems)
		require.LessOrEqual(t, n, QuizMaxItems)
		require.GreaterOrEqual(t, q.K, 3)
		require.LessOrEqual(t, q.K, n)
		relevant := 0
		sorted := true
		for i, it := range q.List.Items {
			require.Contains(t, []float64{0, 1, 2, 3}, it.Grade)
			if it.Grade > 0 {
				relevant++
			}
			if i > 0 && i < q.K && it.Grade > q.List.Items[i-1].Grade {
				sorted = false
			}
		}
		require.GreaterOrEqual(t, relevant, 2)
		if sorted {
			// The top k is in descending order: then some item below k
			// must have a higher grade than one within it.
			minTop := q.List.Items[q.K-1].Grade
			higher := false
			for _, it := range q.List.Items[q.K:] {
				higher = higher || it.Grade > minTop
			}
			require.True(t, higher, "round %d: top %d already ideal: %+v", round, q.K, q.List.Items)
		}
		if q.Tied {
			tied++
			require.True(t, q.List.Scored())
			groups := map[float64][]float64{}
			for _, it := range q.List.Items {
				groups[it.Score] = append(groups[it.Score], it.Grade)
			}
			found := false
			for _, gs := range groups {
				if len(gs) > 1 {
					found = true
					require.True(t, mixed(gs), "round %d: a tie of equal grades teaches nothing", round)
				}
			}
			require.True(t, found)
		} else {
			require.False(t, q.List.Scored())
		}
	}
	// About two rounds in five have a tie.
	assert.InDelta(t, 0.4, float64(tied)/rounds, 0.06)
}
