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

// k past the end of the list, with a judged pool: IDCG@5 counts five
// ideal ranks though the list has four. Grades 2,1,1,0 scored
// .8,.6,.5,.5 (C and D tied), pool 3,3,2, exp gain. scikit-learn's
// dcg_score with the tie broken each way: 4.130929753571458 (C first)
// and 4.061606311644851 (D first), over dcg_score of the judged ideal
// gains 7,7,3,3,1,1,0 at k=5, 14.595390756454924: NDCG@5 0.2830297470278089
// and 0.2782800665921585.
func TestSpreadAndDistributionPastTheList(t *testing.T) {
	l, err := FromGrades([]float64{2, 1, 1, 0}, []float64{.8, .6, .5, .5})
	require.NoError(t, err)
	l.Pool = []Judged{{ID: "P1", Grade: 3}, {ID: "P2", Grade: 3}, {ID: "P3", Grade: 2}}
	s := DefaultSettings()
	s.K, s.IDCG = 5, FromJudged
	r, err := Compute(l, s)
	require.NoError(t, err)
	best, worst := 0.2830297470278089, 0.2782800665921585
	assert.InDelta(t, best-worst, r.GroupSpread(0, 5), 1e-12)
	d := r.Distribution(5)
	require.True(t, d.Exact)
	assert.InDeltaSlice(t, []float64{worst, best}, d.Values, 1e-12)
	assert.InDelta(t, (best+worst)/2, d.Mean(), 1e-12)
	assert.InDelta(t, r.NDCGBand(5).Expected, d.Mean(), 1e-12)
}
