package order

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The docno order line keeps the first ids of a group in trec_eval's
// order (docno descending) without sorting the whole group.
func TestFirstInDocnoOrder(t *testing.T) {
	l := &ndcg.List{}
	for _, id := range []string{"a", "d", "c", "b", "e", "d2"} {
		l.Items = append(l.Items, ndcg.Item{ID: id, Grade: 1, Score: 1, HasScore: true})
	}
	r, err := ndcg.Compute(l, ndcg.DefaultSettings())
	require.NoError(t, err)
	require.Len(t, r.Ties, 1)
	assert.Equal(t, []string{"e", "d2", "d"}, firstInDocnoOrder(r, r.Ties[0], 3))
	assert.Equal(t, []string{"e", "d2", "d", "c", "b", "a"}, firstInDocnoOrder(r, r.Ties[0], 10))
}

// TestHistogramLabelsAreDistinct: bins of width 0.00027 from 0.9159 (the
// band of a 100,000-item list) start at 0.91590, 0.91617, 0.91644, …: to
// 3 decimals the first two both read 0.916, to 4 they read 0.9159, 0.9162,
// 0.9164, 0.9167, 0.9170, 0.9173, 0.9175. Wide bins keep 3 decimals.
func TestHistogramLabelsAreDistinct(t *testing.T) {
	assert.Equal(t, 4, binDecimals(0.9159, 0.00027, 7))
	assert.Equal(t, 3, binDecimals(0.5908, 0.0387, 7))
	assert.Equal(t, 8, binDecimals(0.973314, 1.2e-8, 7), "a band of a millionth, as on a list of 1e6 items")
	assert.Equal(t, 9, binDecimals(0.5, 1e-12, 7), "at most 9")
}
