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
	assert.Equal(t, []Mistake{{Why: "used gain linear (not exp)", Names: []string{"b", "c"}}}, got.Mistakes)
}

// TestDiagnoseAsCheckDoes: each wrong answer is named as check names it,
// in check's order. Grades 3,0,1,0,2,1,2 with C and D tied, under
// exponential gain, log2 discount and ties expected: DCG@5 = 7 + 0 +
// 0.5/2 + 0.5/log2 5 + 3/log2 6 = 8.62590, IDCG@5 = 7 + 3/log2 3 + 3/2 +
// 1/log2 5 + 1/log2 6 = 11.21032, NDCG@5 = 0.76946. 0.76 is that cut
// off, though linear gain at k=6 also lands within ±0.005 (0.7559),
// which check marks "may be chance". Grades 0,3,3,1,2,1,1: NDCG@5 =
// 9.50774/13.73404 = 0.69228; 0.77 matches only a pair of changes
// (discount jk:2 and IDCG over the whole ideal ranking, 0.7675), also
// by what may be chance.
func TestDiagnoseAsCheckDoes(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 5
	for _, c := range []struct {
		grades, scores []float64
		answer, want   string
	}{
		{[]float64{3, 0, 1, 0, 2, 1, 2}, []float64{0.7, 0.6, 0.5, 0.5, 0.3, 0.2, 0.1}, "0.76",
			"cut the digits off instead of rounding"},
		{[]float64{0, 3, 3, 1, 2, 1, 1}, []float64{0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1}, "0.77",
			"may be chance: used discount jk:2 (not log2) and IDCG over the whole ideal ranking (not k=5)"},
	} {
		list, err := ndcg.FromGrades(c.grades, c.scores)
		require.NoError(t, err)
		w, err := verify.ParseWritten(c.answer)
		require.NoError(t, err)
		assert.Equal(t, c.want, Diagnose(list, s, w), "%v answered %s", c.grades, c.answer)
	}
}

// The tally names the question as the attendees read it: with its
// scores when two of them tie (seed 104251's first question, in which
// C and D share 0.5), with grades alone otherwise (seed 3's, which has
// no scores).
func TestTallyQuestionShowsTiedScores(t *testing.T) {
	tied := &Round{Question: explain.NewQuestion(104251, 1)}
	require.True(t, tied.Question.Tied)
	assert.Equal(t, "grades 3,0,1,0,2,1,2 (scores 0.7,0.6,0.5,0.5,0.3,0.2,0.1)", questionGrades(tied))
	plain := &Round{Question: explain.NewQuestion(3, 1)}
	require.False(t, plain.Question.Tied)
	assert.Equal(t, "grades 2,0,3,0,1", questionGrades(plain))
}
