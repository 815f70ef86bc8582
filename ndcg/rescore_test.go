package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRescoreAtIsCompute: random new scores for one item, an existing
// score (a tie, −0 beside +0) or a new one, above, below or between the
// others, made in place give, bit for bit, what Compute gives from
// scratch on the edited list, under every tie policy, gain, IDCG source
// (with and without a pool) and grade rule, on lists with many ties or
// none, and with grades that leave the shortcut (fractional, 64 or
// more).
func TestRescoreAtIsCompute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 4))
	inPlace, fromScratch := 0, 0
	for trial := range 150 {
		n := 1 + rng.IntN(120)
		list, levels := trialScoredList(rng, trial, n)
		items := list.Items
		s := trialSettings(rng, trial, n)
		r, err := Compute(list, s)
		require.NoError(t, err, "trial %d", trial)
		for step := range 40 {
			what := fmt.Sprintf("trial %d step %d (%v, %d items)", trial, step, s.Ties, n)
			idx := rng.IntN(n)
			old := items[idx].Score
			switch step % 5 {
			case 0, 1: // another item's score: a tie
				items[idx].Score = items[rng.IntN(n)].Score
			case 2: // a new score between, above or below the others
				items[idx].Score = float64(rng.IntN(levels+2)) - 1.5
			case 3: // zero of either sign
				items[idx].Score = math.Copysign(0, float64(rng.IntN(2))-0.5)
			case 4: // the score it had
			}
			got, q, err := RescoreAt(r, idx, old)
			require.NoError(t, err, what)
			want, err := Compute(list, s)
			require.NoError(t, err, what)
			requireSameStructure(t, want, got, what)
			if q >= 0 {
				require.Equal(t, int32(idx), got.Order[q], what)
				inPlace++
			} else {
				fromScratch++
			}
			r = got
		}
	}
	require.Greater(t, inPlace, 2000, "in place %d, from scratch %d", inPlace, fromScratch)
	t.Logf("in place %d, from scratch %d", inPlace, fromScratch)
}

// TestRescoreAtFallsBack: a score that is not a number, or a list
// without scores, is recomputed from scratch, which says what is wrong.
func TestRescoreAtFallsBack(t *testing.T) {
	list := &List{Items: []Item{{ID: "a", Grade: 1, HasScore: true, Score: 2}, {ID: "b", Grade: 0, HasScore: true, Score: 1}}}
	r, err := Compute(list, DefaultSettings())
	require.NoError(t, err)
	list.Items[1].Score = math.NaN()
	_, q, err := RescoreAt(r, 1, 1)
	require.Error(t, err)
	require.Equal(t, -1, q)
}
