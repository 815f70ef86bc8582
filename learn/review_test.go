package learn

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestReviewQuestions: the closing review asks five questions on lists
// drawn afresh, each answerable (a relevant item in every list, no
// 0/0), one per idea in the path's order; seeds give other lists.
func TestReviewQuestions(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(50) {
		p := Review(rand.New(rand.NewPCG(seed, 1)))
		require.Len(t, p.Steps, ReviewSize)
		want := []verify.Quantity{verify.Contribution, verify.DCG, verify.IDCG, verify.NDCG, verify.NDCG}
		for i, s := range p.Steps {
			assert.Equal(t, want[i], s.Asks)
			truth, err := s.Truth()
			require.NoError(t, err)
			if s.Asks != verify.NDCG {
				assert.Greater(t, truth, 0.0, "seed %d, %s: %s", seed, s.Title, s.Grades)
			}
			assert.NotEmpty(t, s.Question)
			_, err = s.Hidden()
			require.NoError(t, err)
			seen[s.Grades] = true
		}
	}
	assert.Greater(t, len(seen), 100, "fresh lists")
}

// TestReviewByHand: one drawn review's answers worked by hand, as a
// learner works them (seed 1's lists).
func TestReviewByHand(t *testing.T) {
	p := Review(rand.New(rand.NewPCG(1, 1)))
	want := []struct {
		grades string
		answer float64
	}{
		// Rank 2 of 0,2,0,0,1, exp: (2^2 − 1)/log2 3 = 1.8928.
		{"0,2,0,0,1", 3 / l2(3)},
		// DCG@3 of 2,1,2,0,1, exp: 3 + 1/log2 3 + 3/2 = 5.1309.
		{"2,1,2,0,1", 3 + 1/l2(3) + 3/l2(4)},
		// IDCG@4 of 1,0,0,2,2, linear, the ideal 2,2,1,0: 2 + 2/log2 3
		// + 1/2 + 0 = 3.7619.
		{"1,0,0,2,2", 2 + 2/l2(3) + 1/l2(4)},
		// NDCG@3 of 2,3,0,1,2,2, linear: (2 + 3/log2 3 + 0) over the
		// ideal 3,2,2: (3 + 2/log2 3 + 2/2) = 3.8928/5.2619 = 0.7398.
		{"2,3,0,1,2,2", (2 + 3/l2(3)) / (3 + 2/l2(3) + 1)},
		// 2,3,[1,0],0 with worst ties, exp: the 0 at rank 3: (3 + 7/log2
		// 3 + 0) over the ideal 3,2,1: (7 + 3/log2 3 + 1/2) =
		// 7.4165/9.3928 = 0.7896.
		{"2,3,1,0,0", (3 + 7/l2(3)) / (7 + 3/l2(3) + 1/l2(4))},
	}
	require.Len(t, p.Steps, len(want))
	for i, s := range p.Steps {
		assert.Equal(t, want[i].grades, s.Grades, s.Title)
		got, err := s.Truth()
		require.NoError(t, err)
		assert.InDelta(t, want[i].answer, got, 1e-12, s.Title)
	}
}
