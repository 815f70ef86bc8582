package ndcg

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSwapDeltaByHand(t *testing.T) {
	// Grades 3,2,3,0,1, linear gain, k=5. Swapping ranks 2 and 3 puts
	// the 3 at rank 2 and the 2 at rank 3:
	// ΔDCG = (3−2)·(1/log2(3) − 1/log2(4)) = 0.6309297535714574 − 0.5;
	// IDCG@5 = 3 + 3/log2(3) + 2/2 + 1/log2(5) = 6.323465818787765.
	list, err := FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2, K: 5})
	require.NoError(t, err)
	assert.InDelta(t, (0.6309297535714574-0.5)/6.323465818787765, r.SwapDelta(1, 2), 1e-15)
	best, ok := r.BestSwap(5)
	require.True(t, ok)
	// The best swap also moves the 1 above the 0 or the 3 up: compare with
	// the alternatives by hand: ranks 2,3 gives 0.13093; ranks 4,5 gives
	// (1−0)(1/log2(5) − 1/log2(6)) = 0.43068 − 0.38685 = 0.04382.
	assert.Equal(t, Swap{I: 1, J: 2, Delta: r.SwapDelta(1, 2)}, best)
	assert.InDelta(t, (0.43067655807339306-0.38685280723454163)/6.323465818787765, r.SwapDelta(3, 4), 1e-15)
	m := r.SwapDeltas(3)
	assert.Equal(t, 0.0, m[1][1])
	assert.Equal(t, m[1][2], m[2][1])
}

// applySwap exchanges the items at ranks i and j as SwapDelta describes:
// positions on an unscored list, scores on a scored one.
func applySwap(r *Result, i, j int) *List {
	l := r.List.Clone()
	a, b := r.Order[i], r.Order[j]
	if l.Scored() {
		l.Items[a].Score, l.Items[b].Score = l.Items[b].Score, l.Items[a].Score
	} else {
		l.Items[a], l.Items[b] = l.Items[b], l.Items[a]
	}
	return l
}

func TestSwapDeltaEqualsRecomputing(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		n := 2 + rng.IntN(8)
		grades := make([]float64, n)
		var scores []float64
		if trial%3 != 0 {
			scores = make([]float64, n)
		}
		for i := range grades {
			grades[i] = float64(rng.IntN(4))
			if scores != nil {
				scores[i] = float64(rng.IntN(4))
			}
		}
		list, err := FromGrades(grades, scores)
		require.NoError(t, err)
		for _, p := range TiePolicies {
			s := Settings{Gain: Exp, Discount: Log2, K: 1 + rng.IntN(n), Ties: p}
			r, err := Compute(list, s)
			require.NoError(t, err)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					after, err := Compute(applySwap(r, i, j), s)
					require.NoError(t, err)
					assert.InDelta(t, after.NDCG()-r.NDCG(), r.SwapDelta(i, j), 1e-12,
						"grades %v scores %v %s swap %d,%d", grades, scores, s, i, j)
				}
			}
		}
	}
}
