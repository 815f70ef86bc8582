package explain

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// NewShown keeps only what is printed, and prints what New prints: lists
// on both sides of the elision, tie groups running into the elided middle
// and out of it, cutoffs before, inside and after it.
func TestNewShownPrintsWhatNewPrints(t *testing.T) {
	for _, n := range []int{0, 1, 5, 20, 21, 22, 40, 300} {
		gs := make([]float64, n)
		scores := make([]float64, n)
		for i := range gs {
			gs[i] = float64((i * 7) % 4)
			scores[i] = float64(n - i/3) // groups of three tied items
		}
		l, err := ndcg.FromGrades(gs, scores)
		require.NoError(t, err)
		for _, k := range []int{0, 1, 3, 8, 9, 10, 12, n - 4, n - 3, n} {
			for _, ties := range []ndcg.TiePolicy{ndcg.Expected, ndcg.Input} {
				if k < 0 || k > n {
					continue
				}
				t.Run(fmt.Sprintf("n=%d k=%d %s", n, k, ties), func(t *testing.T) {
					s := ndcg.DefaultSettings()
					s.K, s.Ties = k, ties
					r, err := ndcg.Compute(l, s)
					require.NoError(t, err)
					full, shown := New(r), NewShown(r)
					assert.Equal(t, full.Text(), shown.Text())
					assert.Equal(t, full.Markdown(), shown.Markdown())
					assert.Equal(t, full.Lines(60), shown.Lines(60))
					assert.Equal(t, full.DCG.Wrapped(72), shown.DCG.Wrapped(72))
					assert.Equal(t, full.IDCG.Line(), shown.IDCG.Line())
					assert.LessOrEqual(t, len(shown.Ranking), max(headTerms+tailTerms+2, min(r.N, maxTerms)))
					assert.LessOrEqual(t, len(shown.DCG.Terms), max(headTerms+tailTerms+2, min(r.K, maxTerms)))
				})
			}
		}
	}
}
