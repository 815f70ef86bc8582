package ndcg

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Grades 3,1,0,3,2,0 scored .92,.85,.71,.71,.4,.12, exp gain, k=3: the one
// group (C, D) spans the whole spread, which scikit-learn gives with the
// tie broken each way: ndcg_score = 0.861759967677587 (D first) and
// 0.5907889029375734 (C first).
func TestGroupSpread(t *testing.T) {
	l, err := FromGrades([]float64{3, 1, 0, 3, 2, 0}, []float64{.92, .85, .71, .71, .4, .12})
	require.NoError(t, err)
	s := DefaultSettings()
	r, err := Compute(l, s)
	require.NoError(t, err)
	assert.InDelta(t, 0.861759967677587-0.5907889029375734, r.GroupSpread(0, 3), 1e-12)
	assert.Equal(t, 0.0, r.GroupSpread(0, 2), "past k")
}

// The groups do not interact: their spreads add up to best − worst.
func TestGroupSpreadsAddUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 200; trial++ {
		n := 2 + rng.IntN(12)
		g, sc := make([]float64, n), make([]float64, n)
		for i := range g {
			g[i], sc[i] = float64(rng.IntN(4)), float64(rng.IntN(4))
		}
		l, err := FromGrades(g, sc)
		require.NoError(t, err)
		s := DefaultSettings()
		s.K = rng.IntN(n + 2)
		r, err := Compute(l, s)
		require.NoError(t, err)
		sum := 0.0
		for i := range r.Ties {
			sum += r.GroupSpread(i, s.K)
		}
		assert.InDelta(t, r.NDCGBand(s.K).Spread(), sum, 1e-12)
	}
}
