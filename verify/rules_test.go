package verify

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestEveryLearnerRuleIsTried: each rule of learnerRules is a learner's
// entry of the catalogue, found by the change it is shown as, a
// mistake, and a variant of the search wherever it applies (here all
// do: exponential gain and the log2 discount).
func TestEveryLearnerRuleIsTried(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	r, err := ndcg.Compute(list, ndcg.DefaultSettings())
	require.NoError(t, err)
	sr := newSearch(list, r)
	for _, l := range learnerRules {
		assert.Less(t, catalogueIndex(l.id), len(mistakes), "%s: an entry of mistakes", l.id)
		assert.Equal(t, l.id, l.change.ID())
		assert.True(t, l.change.Mistake(), l.id)
		shown := slices.DeleteFunc(slices.Clone(sr.variants), func(v variant) bool { return v.change != l.change })
		assert.Len(t, shown, 1, "%s: one variant shown as its change", l.id)
	}
}
