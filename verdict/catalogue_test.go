package verdict

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

func l2(x float64) float64 { return math.Log2(x) }

// claimed checks one claim about grades (in rank order unless scores
// are given) under exp or linear gain at k, and returns the report and
// the finding on its last claim with check's text of it.
type claimed struct {
	grades, scores []float64
	gain           ndcg.Gain
	k              int
	claims         verify.Claims
}

func (c claimed) check(t *testing.T) (*verify.Report, Finding, string) {
	t.Helper()
	list, err := ndcg.FromGrades(c.grades, c.scores)
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.Gain, s.K = c.gain, c.k
	rep, err := verify.Check(list, s, c.claims)
	require.NoError(t, err)
	i := len(rep.Verdicts) - 1
	var text []string
	for _, l := range Explain(rep, explain.NewShown(rep.Result), i, Form{Width: 72}) {
		text = append(text, l.Text())
	}
	return rep, Of(rep, i), strings.Join(text, "\n")
}

func w(t *testing.T, s string) *verify.Written {
	t.Helper()
	x, err := verify.ParseWritten(s)
	require.NoError(t, err)
	return &x
}

// The tutorial's list, 3,2,3,0,1 under exponential gain: by hand, DCG@5
// = 7 + 3/log2 3 + 7/2 + 0 + 1/log2 6 = 12.7796, IDCG@5 over 3,3,2,1,0 =
// 7 + 7/log2 3 + 3/2 + 1/log2 5 + 0 = 13.3472, NDCG@5 = 0.9575.
var tutorial = []float64{3, 2, 3, 0, 1}

var (
	tutorialDCG  = 7 + 3/l2(3) + 7.0/2 + 1/l2(6)
	tutorialIDCG = 7 + 7/l2(3) + 3.0/2 + 1/l2(5)
)

// Item 1: an NDCG above 1 is impossible, said first, then explained as
// the ratio upside down: IDCG/DCG = 13.3472/12.7796 = 1.0444. Not a
// slipped term.
func TestImpossibleNDCGFirst(t *testing.T) {
	require.InDelta(t, 1.0444, tutorialIDCG/tutorialDCG, 5e-5)
	_, f, text := claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, "1.04")}}.check(t)
	first, _, _ := strings.Cut(text, "\n")
	assert.Equal(t, "NDCG cannot exceed 1: the ideal is the best possible order.", first)
	assert.Equal(t, verify.RatioInverted, f.Diagnosis.First())
	assert.NotContains(t, text, "one term of")
	assert.True(t, strings.HasPrefix(f.Summary(), "NDCG cannot exceed 1; "), f.Summary())

	// Grades 3,2,3,1,1 scored 0.5,0.5,1,0.25,0.25: C first, A and B
	// tied at ranks 2–3 (expected gain (7+3)/2 = 5 each). DCG@3 = 7 +
	// 5/log2 3 + 5/2 = 12.6546, IDCG@3 = 7 + 7/log2 3 + 3/2 = 12.9165:
	// 1.02 is 12.9165/12.6546 = 1.0207, no slipped IDCG term.
	dcg, idcg := 7+5/l2(3)+5.0/2, 7+7/l2(3)+3.0/2
	require.InDelta(t, 1.0207, idcg/dcg, 5e-5)
	_, f, text = claimed{grades: []float64{3, 2, 3, 1, 1}, scores: []float64{0.5, 0.5, 1, 0.25, 0.25}, gain: ndcg.Exp, k: 3,
		claims: verify.Claims{NDCG: w(t, "1.02")}}.check(t)
	assert.Equal(t, verify.RatioInverted, f.Diagnosis.First())
	assert.NotEqual(t, Slip, f.Cause)
	assert.True(t, strings.HasPrefix(text, "NDCG cannot exceed 1"))

	// Below 0: said so, whatever explains it.
	_, _, text = claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, "-0.96")}}.check(t)
	assert.True(t, strings.HasPrefix(text, "NDCG cannot be below 0"), text)
}

// Item 2: the ideal left in the list's order: IDCG comes out as DCG,
// 12.78, and NDCG as 1.
func TestIdealUnsortedNamed(t *testing.T) {
	_, f, _ := claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{IDCG: w(t, "12.78")}}.check(t)
	assert.Equal(t, []verify.MistakeID{verify.IdealUnsorted}, f.Diagnosis.Mistakes)
	assert.True(t, f.Diagnosis.Confident())
	_, f, _ = claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, "1.00")}}.check(t)
	assert.Contains(t, f.Diagnosis.Mistakes, verify.IdealUnsorted)
	assert.NotEqual(t, Slip, f.Cause)
	// The rounded-terms sample at four decimals, linear gain: DCG@5 = 3 +
	// 2/log2 3 + 3/2 + 0 + 1/log2 6 = 6.1487, given for IDCG@5.
	_, f, _ = claimed{grades: tutorial, gain: ndcg.Linear, k: 5, claims: verify.Claims{IDCG: w(t, "6.1487")}}.check(t)
	require.InDelta(t, 6.1487, 3+2/l2(3)+3.0/2+1/l2(6), 5e-5)
	assert.Equal(t, verify.IdealUnsorted, f.Diagnosis.First())
}

// Item 3: DCG given where NDCG is asked: 12.78 on the tutorial's list;
// 5.27 on 1,1,1,1,3 under exponential gain (1 + 1/log2 3 + 1/2 +
// 1/log2 5 + 7/log2 6 = 5.2696).
func TestDCGForNDCGNamed(t *testing.T) {
	_, f, text := claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, "12.78")}}.check(t)
	assert.Equal(t, []verify.MistakeID{verify.DCGForNDCG}, f.Diagnosis.Mistakes)
	assert.True(t, strings.HasPrefix(text, "NDCG cannot exceed 1"))
	require.InDelta(t, 5.2696, 1+1/l2(3)+1.0/2+1/l2(5)+7/l2(6), 5e-5)
	_, f, _ = claimed{grades: []float64{1, 1, 1, 1, 3}, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, "5.27")}}.check(t)
	assert.Equal(t, verify.DCGForNDCG, f.Diagnosis.First())
}

// Item 4: a percentage: 96 or 95.75 for 0.9575.
func TestPercentNamed(t *testing.T) {
	for _, claim := range []string{"96", "95.75"} {
		_, f, text := claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{NDCG: w(t, claim)}}.check(t)
		assert.Equal(t, verify.Percent, f.Diagnosis.First(), claim)
		assert.Contains(t, text, "wrote NDCG as a percentage", claim)
	}
}

// Item 5: IDCG given where DCG is asked: DCG@3 of the tutorial's list
// is 7 + 3/log2 3 + 7/2 = 12.3928; its IDCG@3 is 7 + 7/log2 3 + 3/2 =
// 12.9165, written 12.92.
func TestIDCGForDCGNamed(t *testing.T) {
	require.InDelta(t, 12.9165, 7+7/l2(3)+3.0/2, 5e-5)
	_, f, _ := claimed{grades: tutorial, gain: ndcg.Exp, k: 3, claims: verify.Claims{DCG: w(t, "12.92")}}.check(t)
	assert.Equal(t, []verify.MistakeID{verify.IDCGForDCG}, f.Diagnosis.Mistakes)
}

// Item 6: discounts shifted the other way. 1/log2(i) with rank 1 left
// out (log2 1 = 0), on 4,2,5,3,5 under linear gain at k=3: DCG = 2/1 +
// 5/log2 3 = 5.1546, IDCG over 5,5,4 = 5/1 + 4/log2 3 = 7.5237, NDCG =
// 0.6851, written 0.69; and 7.52 for that IDCG. 1/log2(i+2) on the
// tutorial's list: DCG@5 = 7/log2 3 + 3/2 + 7/log2 5 + 0 + 1/log2 7 =
// 9.2875.
func TestShiftedDiscountsNamed(t *testing.T) {
	movies := []float64{4, 2, 5, 3, 5}
	dcg, idcg := 2+5/l2(3), 5+4/l2(3)
	require.InDelta(t, 0.6851, dcg/idcg, 5e-5)
	_, f, _ := claimed{grades: movies, gain: ndcg.Linear, k: 3, claims: verify.Claims{NDCG: w(t, "0.69")}}.check(t)
	assert.Equal(t, verify.DiscountRank1Left, f.Diagnosis.First())
	_, f, _ = claimed{grades: movies, gain: ndcg.Linear, k: 3, claims: verify.Claims{IDCG: w(t, "7.52")}}.check(t)
	assert.Equal(t, []verify.MistakeID{verify.DiscountRank1Left}, f.Diagnosis.Mistakes)
	// 3 + 7/log2 3 = 7.4165 for DCG@3 of the tutorial's list.
	_, f, _ = claimed{grades: tutorial, gain: ndcg.Exp, k: 3, claims: verify.Claims{DCG: w(t, "7.42")}}.check(t)
	assert.Equal(t, verify.DiscountRank1Left, f.Diagnosis.First())

	require.InDelta(t, 9.2875, 7/l2(3)+3.0/2+7/l2(5)+1/l2(7), 5e-5)
	_, f, text := claimed{grades: tutorial, gain: ndcg.Exp, k: 5, claims: verify.Claims{DCG: w(t, "9.29")}}.check(t)
	assert.Equal(t, []verify.MistakeID{verify.DiscountShift2}, f.Diagnosis.Mistakes)
	assert.Contains(t, text, "log2(i+2)")
	assert.NotContains(t, text, "jk:2")
}

// Item 7: two mistakes that give the written number are both named, in
// the text and the diagnosis, and neither confidently. Grades 2,3,0,1
// scored 0.829,0.651,0.136,0.123 under exponential gain at k=3: IDCG@2
// = 7 + 3/log2 3 = 8.89279 (k−1), and the ideal of the top 3 retrieved
// (2,3,0 sorted 3,2,0) is 7 + 3/log2 3 + 0 = 8.89279 too.
func TestCollisionNamedHonestly(t *testing.T) {
	_, f, text := claimed{grades: []float64{2, 3, 0, 1}, scores: []float64{0.829, 0.651, 0.136, 0.123}, gain: ndcg.Exp, k: 3,
		claims: verify.Claims{IDCG: w(t, "8.893")}}.check(t)
	assert.ElementsMatch(t, []verify.MistakeID{verify.KMinus1, verify.IdealTopK}, f.Diagnosis.Mistakes)
	assert.True(t, f.Diagnosis.Ambiguous)
	assert.False(t, f.Diagnosis.Confident())
	assert.True(t, f.Guess, "a finding that is one of two is a guess")
	assert.Contains(t, text, "k−1 or the ideal from the top k: both give 8.893; no number of decimals tells them apart on this list.")
	assert.Contains(t, f.Summary(), "both give 8.893")

}
