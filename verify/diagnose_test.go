package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

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
		w, err := ParseWritten(c.answer)
		require.NoError(t, err)
		assert.Equal(t, c.want, Diagnose(list, s, w), "%v answered %s", c.grades, c.answer)
	}
}

// TestDiagnoseLastNamesTheLastClaim: DiagnoseLast names the mistake
// behind the last claim, whatever the quantity. Grades 3,2,3,0,1 under
// exponential gain and log2: the term of rank 2 is (2^2 − 1)/log2 3 =
// 1.8928 and DCG@3 = 7 + 1.8928 + 7/2 = 12.3928; under linear gain they
// are 2/log2 3 = 1.2619 and 3 + 1.2619 + 3/2 = 5.7619, so 1.26 and 5.76
// are linear gain. A rank-1 term of 7 holds, and is not the one named.
func TestDiagnoseLastNamesTheLastClaim(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 3
	w := func(text string) Written {
		x, err := ParseWritten(text)
		require.NoError(t, err)
		return x
	}
	dcg := w("5.76")
	assert.Equal(t, "used gain linear (not exp)", DiagnoseLast(list, s, Claims{DCG: &dcg}))
	assert.Equal(t, "used gain linear (not exp)", DiagnoseLast(list, s, Claims{Contributions: []Written{w("7"), w("1.26")}}))
	assert.Empty(t, DiagnoseLast(list, s, Claims{Contributions: []Written{w("7"), w("1.89")}}))
	right := w("12.39")
	assert.Empty(t, DiagnoseLast(list, s, Claims{DCG: &right}))
}
