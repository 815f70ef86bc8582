package verify

import (
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"

	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Skipping the search for a slipped term when the claim is further from
// the true sum than one term can move it finds the same slips as trying
// every term: claims one slip away (each alternative of each term),
// near the bound and far off, under each gain, discount and tie policy.
func TestDepartSkipsOnlyWhatCannotHold(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 4))
	found := 0
	for round := range testenv.Trials(40, 120) {
		n := 1 + rng.IntN(12)
		grades, scores := make([]float64, n), make([]float64, n)
		for i := range grades {
			grades[i] = float64(rng.IntN(4))
			scores[i] = float64(rng.IntN(4))
		}
		l, err := ndcg.FromGrades(grades, scores)
		require.NoError(t, err)
		s := ndcg.DefaultSettings()
		s.K = rng.IntN(n + 1)
		s.Ties = ndcg.TiePolicies[rng.IntN(len(ndcg.TiePolicies))]
		s.Discount = discountChoices[rng.IntN(len(discountChoices))]
		if rng.IntN(2) == 0 {
			s.Gain = ndcg.Linear
		}
		r, err := ndcg.Compute(l, s)
		require.NoError(t, err)
		D, I := r.DCG(), r.IDCG()
		var values []float64
		for _, ts := range []terms{dcgTerms(r), idcgTerms(r)} {
			ts.each(func(tm term) bool {
				for _, sl := range alternatives(r, tm, gradesIn(r), func(float64) bool { return true }) {
					delta := sl.Instead - sl.Term
					values = append(values, D+delta, I+delta)
					if I != 0 {
						values = append(values, (D+delta)/I)
					}
					if I+delta != 0 {
						values = append(values, D/(I+delta))
					}
				}
				return true
			})
		}
		values = append(values, D*1.5+3, -D, I*7, 0.5, 0.99, 1e6)
		for _, v := range values {
			for _, q := range []Quantity{DCG, IDCG, NDCG} {
				for _, digits := range []int{1, 3} {
					w, err := ParseWritten(strconv.FormatFloat(v, 'f', digits, 64))
					require.NoError(t, err)
					cl := Claim{Quantity: q, Written: w}
					pruned := depart(r, newTotals(r), cl, Claims{}, nil)
					pruneSlips = false
					full := depart(r, newTotals(r), cl, Claims{}, nil)
					pruneSlips = true
					require.Equal(t, full, pruned, fmt.Sprintf("round %d: %s claimed %s under %+v", round, q, w, s))
					if len(full.Slips) > 0 {
						found++
					}
				}
			}
		}
	}
	require.Greater(t, found, 1000, "claims a slip explains")
}
