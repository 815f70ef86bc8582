package verify

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// On random lists, with ties, pools and zero grades, a claim written as
// the true value rounded holds, and a wrong claim never panics the search.
func TestRandomClaims(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(7)
		gs, sc := make([]float64, n), make([]float64, n)
		for i := range gs {
			gs[i] = float64(rng.IntN(4))
			sc[i] = float64(rng.IntN(3))
		}
		var scores []float64
		if rng.IntN(2) == 0 {
			scores = sc
		}
		l, err := ndcg.FromGrades(gs, scores)
		require.NoError(t, err)
		if rng.IntN(3) == 0 {
			l.Pool = []ndcg.Judged{{ID: "P", Grade: float64(rng.IntN(4))}}
		}
		s := ndcg.DefaultSettings()
		s.K = rng.IntN(n + 2)
		s.Ties = ndcg.TiePolicies[rng.IntN(5)]
		s.IDCG = ndcg.IDCGSource(rng.IntN(2))
		r, err := ndcg.Compute(l, s)
		require.NoError(t, err)

		round := func(x float64) *Written {
			w, err := ParseWritten(strconv.FormatFloat(x, 'f', 3, 64))
			require.NoError(t, err)
			return &w
		}
		c := Claims{DCG: round(r.DCG()), IDCG: round(r.IDCG()), NDCG: round(r.NDCG())}
		for i := 0; i < n; i++ {
			c.Contributions = append(c.Contributions, *round(r.Row(i).Contribution))
		}
		rep, err := Check(l, s, c)
		require.NoError(t, err)
		assert.True(t, rep.Holds(), "trial %d: %v under %s", trial, gs, s)

		wrong := Claims{DCG: round(r.DCG() + 0.7), IDCG: round(r.IDCG() + 0.3), NDCG: round(r.NDCG() / 2)}
		if n > 0 {
			wrong.Contributions = []Written{*round(r.Row(0).Contribution + 1)}
		}
		rep, err = Check(l, s, wrong)
		require.NoError(t, err)
		for _, v := range rep.Verdicts {
			if !v.Holds && !v.Explained() {
				assert.NotNil(t, v.Departure)
			}
		}
	}
}
