package trec

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRankOrder checks the evaluator's sort of a query (the fast path for
// runs already in score order and the full sort) against trec_eval's
// comp_sim_docno written out on the parsed scores themselves: score
// descending as C compares doubles (−0 equals +0), then docno descending.
// Scores are drawn from a handful of values so that most documents tie;
// the reader refuses NaN and ±Inf, so only −0, subnormals and the extremes
// of the finite range join them.
func TestRankOrder(t *testing.T) {
	type doc struct {
		score float64
		docno string
	}
	reference := func(a, b doc) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(b.docno, a.docno)
	}
	pool := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.5, 2.25, -2.25, 1e-300, -1e-300,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
		math.MaxFloat64, -math.MaxFloat64, 1 + 1e-15, 1 - 1e-16,
	}
	rng := rand.New(rand.NewPCG(11, 4))
	e := newEvaluator(nil, false, Limits{})
	for trial := range 3000 {
		n := rng.IntN(60)
		if trial%100 == 0 {
			n = 1000 + rng.IntN(1000)
		}
		scores := pool[:1+rng.IntN(len(pool))]
		docs := make([]doc, n)
		for i := range docs {
			// Few distinct docnos of varied lengths, so prefixes and
			// duplicates meet within a tie group.
			d := fmt.Sprintf("D%d", rng.IntN(2*n+1))
			docs[i] = doc{scores[rng.IntN(len(scores))], d[:min(len(d), 1+rng.IntN(4))]}
		}
		if rng.IntN(2) == 0 {
			// Half the trials are written in score order, as runs
			// nearly always are, to take the fast path.
			slices.SortStableFunc(docs, func(a, b doc) int { return cmp.Compare(b.score, a.score) })
		}
		e.ranked = e.ranked[:0]
		for i, d := range docs {
			e.ranked = append(e.ranked, rankedDoc{key: scoreKey(d.score), docno: d.docno, gain: float64(i)})
		}
		e.rank()
		want := slices.Clone(docs)
		slices.SortStableFunc(want, reference)
		for i, r := range e.ranked {
			got := docs[int(r.gain)]
			// Equal documents may come in either order; their
			// values must match the reference's at every rank.
			require.Equal(t, want[i].docno, got.docno, "trial %d rank %d", trial, i+1)
			require.True(t, want[i].score == got.score, "trial %d rank %d: score %v, want %v", trial, i+1, got.score, want[i].score)
		}
	}
}
