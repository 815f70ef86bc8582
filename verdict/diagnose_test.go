package verdict

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
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
//
// A quiz round of seed 106 (round 3): grades 1,1,0,2,3,0, E and F tied
// past k=4. DCG@4 = 1 + 1/log2(3) + 0 + 3/log2(5) = 2.92296, IDCG@4 (3,
// 2, 1, 1) = 7 + 3/log2(3) + 1/2 + 1/log2(5) = 9.82347, NDCG@4 =
// 0.29755. An answer of 0.43 is natural logs in DCG and log2 in IDCG:
// (1/ln 2 + 1/ln 3 + 3/ln 5)/9.82347 = 4.21694/9.82347 = 0.42927. No
// convention tried gives it; one slipped term does, grade 2 instead of 1
// at rank 2: (2.92296 + 3/log2(3) − 1/log2(3))/9.82347 = 0.42600. With
// about ten ways to slip each of eight terms, a claim at two decimals is
// that close to some slip by chance: a guess, said as one, where the
// quiz said it flatly.
func TestDiagnoseAsCheckDoes(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 5
	for _, c := range []struct {
		grades, scores []float64
		k              int
		answer, want   string
	}{
		{[]float64{1, 1, 0, 2, 3, 0}, []float64{0.6, 0.5, 0.4, 0.3, 0.2, 0.2}, 4, "0.43",
			"may be chance: DCG at rank 2: grade 2 instead of 1"},
		{[]float64{3, 0, 1, 0, 2, 1, 2}, []float64{0.7, 0.6, 0.5, 0.5, 0.3, 0.2, 0.1}, 0, "0.76",
			"cut the digits off instead of rounding"},
		{[]float64{0, 3, 3, 1, 2, 1, 1}, []float64{0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1}, 0, "0.77",
			"may be chance: used discount 1/log2(i) with rank 1 undiscounted (not 1/log2(i+1)) and IDCG over the whole ideal ranking (not k=5)"},
	} {
		list, err := ndcg.FromGrades(c.grades, c.scores)
		require.NoError(t, err)
		s := s
		if c.k != 0 {
			s.K = c.k
		}
		w, err := verify.ParseWritten(c.answer)
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
	w := func(text string) verify.Written {
		x, err := verify.ParseWritten(text)
		require.NoError(t, err)
		return x
	}
	dcg := w("5.76")
	assert.Equal(t, "used gain linear (not exp)", DiagnoseLast(list, s, verify.Claims{DCG: &dcg}))
	assert.Equal(t, "used gain linear (not exp)", DiagnoseLast(list, s, verify.Claims{Contributions: []verify.Written{w("7"), w("1.26")}}))
	assert.Empty(t, DiagnoseLast(list, s, verify.Claims{Contributions: []verify.Written{w("7"), w("1.89")}}))
	right := w("12.39")
	assert.Empty(t, DiagnoseLast(list, s, verify.Claims{DCG: &right}))
}

// TestNaturalLogSaidInAStudentsWords: a discount of 1/ln(i+1) for
// 1/log2(i+1) is a student's "natural log"; the mistake says so in the
// catalogue's words, where it said only "a logarithm in another base"
// (which stays for a base the catalogue has no entry for, as log:10).
func TestNaturalLogSaidInAStudentsWords(t *testing.T) {
	ln := verify.Change{Setting: ndcg.SettingDiscount, From: "log2", To: "ln"}
	assert.Equal(t, "a mistake: divided by ln(i+1), not log2(i+1)", mistakeText(ln))
	assert.Equal(t, "discount ln (not log2)", ChangeText(ln))
	ten := verify.Change{Setting: ndcg.SettingDiscount, From: "log2", To: "log:10"}
	assert.Equal(t, "a mistake: a logarithm in another base", mistakeText(ten))
}
