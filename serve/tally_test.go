package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
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
	assert.Equal(t, []Mistake{{ID: verify.GainLinear, Why: "used gain linear (not exp)", Names: []string{"b", "c"}}}, got.Mistakes)
}

// TestTallyGroupsByMistakeID: answers written with different digits but
// given by the same mistakes are one group, keyed by the catalogue's
// ids. Grades 2,3,0,1 scored 0.829,0.651,0.136,0.123 at k=3 under
// exponential gain: DCG@3 = 3 + 7/log2 3 + 0 = 7.4165; IDCG@2 (k−1) and
// the ideal of the top 3 retrieved (2,3,0 sorted 3,2,0) are both 7 +
// 3/log2 3 = 8.8928, and DCG@2 = DCG@3, so both give 7.4165/8.8928 =
// 0.8340, written 0.83, 0.834 or 0.8340.
func TestTallyGroupsByMistakeID(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{2, 3, 0, 1}, []float64{0.829, 0.651, 0.136, 0.123})
	require.NoError(t, err)
	rd := &Round{Settings: ndcg.DefaultSettings(), Question: explain.Question{List: list, K: 3}}
	got := tally(rd, []answer{{"a", "0.83"}, {"b", "0.834"}, {"c", "0.8340"}})
	require.Len(t, got.Mistakes, 1, "%+v", got.Mistakes)
	m := got.Mistakes[0]
	assert.Equal(t, verify.MistakeID("k_minus_1 | ideal_top_k"), m.ID)
	assert.Equal(t, []string{"a", "b", "c"}, m.Names)
	assert.Equal(t, "k−1 or the ideal from the top k: both give 0.83; no number of decimals tells them apart on this list", m.Why)
}

// Round 1 of seed 7 (NDCG@3 = 0.8262 by hand, as in
// TestClassExportsTheRounds): 0.83 holds (to ±0.005) and 0.8263 does not
// (to ±0.00005). Their bars were both labelled 0.83, one ✓ and one not;
// the wrong one is labelled to four decimals.
func TestTallyBarsSharingALabelAreTold(t *testing.T) {
	rd := &Round{Settings: ndcg.DefaultSettings(), Seed: 7, Number: 1, Question: explain.NewQuestion(7, 1)}
	got := tally(rd, []answer{{"a", "0.83"}, {"b", "0.8263"}, {"c", "0.8263"}, {"d", "0.76"}})
	assert.InDelta(t, 0.8262, got.True, 5e-5)
	assert.Equal(t, []Bin{{Label: "0.76", Count: 1}, {Label: "0.8263", Count: 2}, {Label: "0.83", Count: 1, Right: true}}, got.Histogram)
}
