package ndcg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSwapScoresAtIsCompute: random exchanges of scores between the
// items at two ranks, next to each other or anywhere, made in place give,
// bit for bit, what Compute gives from scratch on the edited list, under
// every tie policy, gain, IDCG source (with and without a pool) and
// grade rule, on lists with many ties or none, with −0 beside +0, and
// with grades that leave the shortcut (fractional, 64 or more).
func TestSwapScoresAtIsCompute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 3))
	inPlace, fromScratch := 0, 0
	for trial := range 150 {
		n := 2 + rng.IntN(120)
		list, _ := trialScoredList(rng, trial, n)
		items := list.Items
		s := trialSettings(rng, trial, n)
		r, err := Compute(list, s)
		require.NoError(t, err, "trial %d", trial)
		for step := range 40 {
			what := fmt.Sprintf("trial %d step %d (%v, %d items)", trial, step, s.Ties, n)
			p := rng.IntN(n)
			q := p + 1 - 2*rng.IntN(2) // a move up or down
			if step%4 == 3 {
				q = rng.IntN(n) // a swap of any two ranks
			}
			if q < 0 || q >= n || q == p {
				continue
			}
			a, b := r.Order[p], r.Order[q]
			items[a].Score, items[b].Score = items[b].Score, items[a].Score
			got, ok, err := SwapScoresAt(r, p, q)
			require.NoError(t, err, what)
			want, err := Compute(list, s)
			require.NoError(t, err, what)
			requireSameStructure(t, want, got, what)
			r = got
			if ok {
				inPlace++
			} else {
				fromScratch++
			}
		}
	}
	require.Greater(t, inPlace, 2000, "in place %d, from scratch %d", inPlace, fromScratch)
	t.Logf("in place %d, from scratch %d", inPlace, fromScratch)
}
