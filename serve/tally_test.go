package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestTallyKeepsWrongAnswersOutOfTheRightBar: grades 0,3,1,0,2 with the
// first three tied at k=4. By hand, under exponential gain and ties
// expected: each tied rank gets the mean gain (0+7+1)/3 = 8/3, so DCG@4
// = 8/3 × (1 + 0.63093 + 0.5) = 5.68248; IDCG@4 = 7 + 3 × 0.63093 + 1 ×
// 0.5 = 9.39279; NDCG@4 = 0.60498. Under linear gain: DCG@4 = 4/3 ×
// 2.13093 = 2.84124, IDCG@4 = 3 + 2 × 0.63093 + 0.5 = 4.76186, NDCG@4 =
// 0.5967, a wrong answer that is 0.60 to two decimals, as the true value
// is. The bar marked right counts only the right answers.
func TestTallyKeepsWrongAnswersOutOfTheRightBar(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{0, 3, 1, 0, 2}, []float64{0.5, 0.5, 0.5, 0.2, 0.1})
	require.NoError(t, err)
	rd := &Round{Settings: ndcg.DefaultSettings(), Question: explain.Question{List: list, K: 4, Tied: true}}
	got := tally(rd, []answer{{"a", "0.6050"}, {"b", "0.5967"}, {"c", "0.5967"}})
	assert.InDelta(t, 0.60498, got.True, 5e-6)
	assert.Equal(t, 1, got.Right)
	right := 0
	for _, b := range got.Histogram {
		if b.Right {
			right += b.Count
		}
	}
	assert.Equal(t, got.Right, right, "the bar marked right holds the right answers only: %+v", got.Histogram)
	assert.Equal(t, []Mistake{{Why: "used gain linear (not exp)", Names: []string{"b", "c"}}}, got.Mistakes)
}
