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
		n := rng.IntN(200) // from 64 documents on, the radix sort
		if trial%100 == 0 {
			n = 1000 + rng.IntN(1000)
		}
		scores := pool[:1+rng.IntN(len(pool))]
		docs := make([]doc, n)
		for i := range docs {
			// Few distinct docnos of varied lengths, so prefixes and
			// duplicates meet within a tie group.
			d := fmt.Sprintf("D%d", rng.IntN(2*n+1))
			d = d[:min(len(d), 1+rng.IntN(4))]
			if trial%3 == 1 {
				// Docnos of 8 bytes and more, most sharing their
				// first 8, compared by them first.
				d = fmt.Sprintf("%08d", rng.IntN(3)) + d[1:]
			}
			docs[i] = doc{scores[rng.IntN(len(scores))], d}
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

// BenchmarkRank sorts one query of 1,000 documents as the evaluator does:
// written in score order with two-decimal scores (ties are common), the
// same lines shuffled, and every score equal.
func BenchmarkRank(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	docs := make([]rankedDoc, 1000)
	for i := range docs {
		docs[i] = rankedDoc{key: scoreKey(float64(rng.IntN(1001)) / 100), docno: fmt.Sprintf("D%07d", rng.IntN(5_000_000))}
	}
	inOrder := slices.Clone(docs)
	slices.SortStableFunc(inOrder, func(a, b rankedDoc) int { return cmp.Compare(a.key, b.key) })
	tied := slices.Clone(docs)
	for i := range tied {
		tied[i].key = scoreKey(1)
	}
	for _, c := range []struct {
		name string
		docs []rankedDoc
	}{{"in-order", inOrder}, {"shuffled", docs}, {"all-tied", tied}} {
		b.Run(c.name, func(b *testing.B) {
			e := newEvaluator(nil, false, Limits{})
			for b.Loop() {
				e.ranked = append(e.ranked[:0], c.docs...)
				e.rank()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.docs)), "ns/doc")
		})
	}
}
