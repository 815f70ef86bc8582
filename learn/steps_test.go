package learn

import (
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// l2 is log2, as the hand working below writes it.
func l2(x float64) float64 { return math.Log2(x) }

// num is the number of the built-in step titled title.
func num(t testing.TB, title string) int {
	t.Helper()
	for i, s := range Steps {
		if s.Title == title {
			return i + 1
		}
	}
	t.Fatalf("no step %q", title)
	return 0
}

// TestTruthIsHandArithmetic: every step's true answer is the arithmetic
// a learner writes out, term by term.
func TestTruthIsHandArithmetic(t *testing.T) {
	// idcg-slip: grades 3,2,3,0,1, exponential gain, log2 discount.
	dcg5 := 7 + 3/l2(3) + 7/l2(4) + 0/l2(5) + 1/l2(6)
	idcg5 := 7 + 7/l2(3) + 3/l2(4) + 1/l2(5) + 0/l2(6) // ideal 3,3,2,1,0
	want := []float64{
		// 1: rank 2, grade 2: (2^2 − 1) / log2(2+1).
		3 / l2(3), // 1.8928
		// 2: DCG@3 = 7/1 + 3/log2 3 + 7/log2 4.
		7 + 3/l2(3) + 7/l2(4), // 12.3928
		// 3: IDCG@5 over the ideal order 3,3,2,1,0.
		idcg5, // 13.3472
		// 4: NDCG@5.
		dcg5 / idcg5, // 0.9575
		// 5: grades 1,2,0, exp, k=3: gains 1, 3, 0; ideal 2,1,0, gains
		// 3, 1, 0 (scikit-learn agrees: ndcg_score([[1,3,0]],
		// [[3,2,1]], k=3) = 0.7967).
		(1 + 3/l2(3)) / (3 + 1/l2(3)), // 2.8928/3.6309 = 0.7967
		// 6: all-claims-hold, grades 4,2,5,3,5, linear gain, k=3: the
		// ideal's top 3 are 5, 5, 4.
		(4 + 2/l2(3) + 5/l2(4)) / (5 + 5/l2(3) + 4/l2(4)), // 7.7619/10.1546 = 0.7644
		// 7: grades 0,2,1, linear, k=10: three ranks, the rest add
		// nothing; ideal 2,1,0 (scikit-learn: ndcg_score([[0,2,1]],
		// [[3,2,1]], k=10) = 0.6697).
		(0 + 2/l2(3) + 1/l2(4)) / (2 + 1/l2(3)), // 1.7619/2.6309 = 0.6697
		// 8: ties-at-k, grades 3,1,[0,3],2,0, exp, k=3, worst ties: the
		// grade 0 takes rank 3; the ideal's top 3 are 3, 3, 2.
		(7 + 1/l2(3) + 0/l2(4)) / (7 + 7/l2(3) + 3/l2(4)), // 7.6309/12.9165 = 0.5908
		// 9: linear-vs-exp, grades 1,1,1,1,3, linear, k=5; ideal
		// 3,1,1,1,1 (scikit-learn: ndcg_score([[1,1,1,1,3]],
		// [[5,4,3,2,1]], k=5) = 0.7522).
		(1 + 1/l2(3) + 1/l2(4) + 1/l2(5) + 3/l2(6)) / (3 + 1/l2(3) + 1/l2(4) + 1/l2(5) + 1/l2(6)), // 3.7222/4.9485 = 0.7522
		// 10: zero-idcg, every grade 0: DCG = IDCG = 0, and under the
		// rule LightGBM and XGBoost follow, NDCG is 1.
		1,
		// 11: missing-relevant, grades 2,1,1,0, exp, k=5: DCG 3 + 1/log2 3
		// + 1/2; the ideal from every judged item, the pool 3,3,2 too:
		// 3,3,2,2,1, gains 7,7,3,3,1.
		(3 + 1/l2(3) + 1/l2(4)) / (7 + 7/l2(3) + 3/l2(4) + 3/l2(5) + 1/l2(6)), // 4.1309/14.5954 = 0.2830
		// 12: grades 3,0,2,1 scored .9,.7,.7,.4 and a judged 2 missed,
		// linear, k=3, trec_eval's conventions: the tie B(0), C(2) in
		// reverse docno order, C first: 3, 2, 0; the ideal from every
		// judged item: 3, 2, 2.
		(3 + 2/l2(3)) / (3 + 2/l2(3) + 2/l2(4)), // 4.2619/5.2619 = 0.8100
		// 13: rounded-terms, grades 3,2,3,0,1, linear, IDCG@5 over 3,3,2,1,0.
		3 + 3/l2(3) + 2/l2(4) + 1/l2(5) + 0/l2(6), // 6.3235
	}
	require.Len(t, Steps, len(want))
	for i, s := range Steps {
		got, err := s.Truth()
		require.NoError(t, err, "step %d", i+1)
		assert.InDelta(t, want[i], got, 1e-12, "step %d (%s)", i+1, s.Title)
	}
	// The figures in the comments above, as a learner rounds them.
	for i, text := range []string{"1.8928", "12.3928", "13.3472", "0.9575", "0.7967", "0.7644", "0.6697", "0.5908", "0.7522", "1", "0.2830", "0.8100", "6.3235"} {
		w, err := verify.ParseWritten(text)
		require.NoError(t, err)
		assert.True(t, w.Holds(want[i]), "step %d: %s", i+1, text)
	}
}

// TestSlipsAreNamed: each step's typical wrong answer is wrong, and the
// diagnosis names the mistake behind it; the true value rounded to the
// decimals asked for gets no diagnosis.
func TestSlipsAreNamed(t *testing.T) {
	for i, s := range Steps {
		if s.Slip == "" {
			continue
		}
		w, err := verify.ParseWritten(s.Slip)
		require.NoError(t, err)
		truth, err := s.Truth()
		require.NoError(t, err)
		assert.False(t, w.Holds(truth), "step %d: the slip %s holds", i+1, s.Slip)
		why := s.Diagnose(w)
		assert.Contains(t, why.Slip, s.SlipIs, "step %d: %s", i+1, s.Slip)
		assert.False(t, why.Guess, "step %d: %s is named as what happened", i+1, s.Slip)
		right, err := verify.ParseWritten(strconv.FormatFloat(truth, 'f', s.MinDecimals(), 64))
		require.NoError(t, err)
		assert.True(t, right.Holds(truth))
		assert.Empty(t, s.Diagnose(right).Slip, "step %d", i+1)
	}
}

// TestStepsAreComplete: every step opens a sample, names the keys its
// instruction uses, and asks a question at the conventions it states.
func TestStepsAreComplete(t *testing.T) {
	for i, s := range Steps {
		d, err := s.Doc()
		require.NoError(t, err, "step %d", i+1)
		assert.NotEmpty(t, d.List.Items)
		text := s.Instructions(func(k Key) string { return "<" + string(k) + ">" })
		assert.NotContains(t, text, "{", "step %d: a key in braces not replaced", i+1)
		for _, k := range s.Keys {
			if k != KeyBack && k != KeyKUp {
				assert.Contains(t, text, "<"+string(k)+">", "step %d: key %s listed, not in the instruction", i+1, k)
			}
		}
		assert.NotEmpty(t, s.Question)
		assert.True(t, s.Asked.K > 0, "step %d asks at a cutoff", i+1)
	}
	_, err := At(0)
	assert.ErrorContains(t, err, "steps 1 to 13")
	_, err = At(14)
	assert.Error(t, err)
}

// TestHiddenIsHandArithmetic: what a step hides until it is answered is
// the answer and every number on the explorer that gives it in one
// operation with another number shown, written out here by hand. Step
// 1's term 1.893 is DCG@2 8.893 less rank 1's 7, NDCG@2 0.7789 times
// IDCG@2 11.417, and 3 times the discount 0.631; step 3's IDCG@5 is the
// sum of the ideal terms, IDCG@4 plus the last, DCG@5 over NDCG@5, and
// the sample's claimed 13.65 less what check finds it off by; step 6's
// NDCG@3 is DCG@3 7.7619 over IDCG@3 10.1546, both hidden; step 8's
// worst NDCG is best 0.8618 less the spread 0.2710; step 13's IDCG is
// the tutorial's 6.324 less the 0.00053 check says it is off by.
func TestHiddenIsHandArithmetic(t *testing.T) {
	// idcg-slip, exp gain: the running DCG and IDCG of grades 3,2,3,0,1
	// and of the ideal order 3,3,2,1,0.
	dcg := []float64{7, 7 + 3/l2(3), 7 + 3/l2(3) + 7/l2(4), 7 + 3/l2(3) + 7/l2(4), 7 + 3/l2(3) + 7/l2(4) + 1/l2(6)}
	idcg := []float64{7, 7 + 7/l2(3), 7 + 7/l2(3) + 3/l2(4), 7 + 7/l2(3) + 3/l2(4) + 1/l2(5), 7 + 7/l2(3) + 3/l2(4) + 1/l2(5)}
	ndcgAt := func(i int) float64 { return dcg[i] / idcg[i] }
	// all-claims-hold, linear: grades 4,2,5,3,5, ideal 5,5,4,3,2.
	adcg := []float64{4, 4 + 2/l2(3), 4 + 2/l2(3) + 5/l2(4), 4 + 2/l2(3) + 5/l2(4) + 3/l2(5), 4 + 2/l2(3) + 5/l2(4) + 3/l2(5) + 5/l2(6)}
	aidcg := []float64{5, 5 + 5/l2(3), 5 + 5/l2(3) + 4/l2(4), 5 + 5/l2(3) + 4/l2(4) + 3/l2(5), 5 + 5/l2(3) + 4/l2(4) + 3/l2(5) + 2/l2(6)}
	// ties-at-k at k=3: A(3) B(1), then C(0) and D(3) tied; ideal 3,3,2.
	idcg3 := 7 + 7/l2(3) + 3/l2(4)
	worst := (7 + 1/l2(3)) / idcg3
	// rounded-terms: the same grades as idcg-slip, linear gain.
	linIDCG5 := 3 + 3/l2(3) + 2/l2(4) + 1/l2(5)
	want := map[string][]float64{
		// The term, rank 2's discount and log2 3 (the working view's
		// 3/1.585), DCG@i and NDCG@i from rank 2 on.
		"gain and discount": {3 / l2(3), 1 / l2(3), l2(3), dcg[1], dcg[2], dcg[3], dcg[4],
			ndcgAt(1), ndcgAt(2), ndcgAt(3), ndcgAt(4)},
		// IDCG@5 and it under log10 (times log2 10, as the curves view
		// writes it); NDCG@i and IDCG@i from rank 2; the ideal terms of
		// ranks 2 to 4 (rank 5's is 0); the claimed 13.65 less it.
		"the ideal ranking and IDCG": {idcg[4], idcg[4] * l2(10), ndcgAt(1), ndcgAt(2), ndcgAt(3), ndcgAt(4),
			idcg[1], idcg[2], idcg[3], idcg[4], 7 / l2(3), 3 / l2(4), 1 / l2(5), 13.65 - idcg[4]},
		// NDCG@3, and every running DCG, IDCG and NDCG from rank 2; the
		// sample's claimed 0.76 less it.
		"the cutoff k": {adcg[2] / aidcg[2],
			adcg[1], adcg[2], adcg[3], adcg[4], aidcg[1], aidcg[2], aidcg[3], aidcg[4],
			adcg[1] / aidcg[1], adcg[2] / aidcg[2], adcg[3] / aidcg[3], adcg[4] / aidcg[4],
			adcg[2]/aidcg[2] - 0.76},
	}
	for title, w := range want {
		hidden, err := Steps[num(t, title)-1].Hidden()
		require.NoError(t, err)
		var got []float64
		for _, h := range hidden {
			got = append(got, h.Value)
		}
		w = slices.Clone(w)
		slices.Sort(w)
		slices.Sort(got)
		require.Len(t, got, len(w), "%s: %v", title, got)
		for j := range w {
			assert.InDelta(t, w[j], got[j], 1e-12, title)
		}
	}
	// Step 8: worst NDCG@3, and the spread beside the best bound.
	hidden, err := Steps[num(t, "ties at the cutoff")-1].Hidden()
	require.NoError(t, err)
	assert.InDelta(t, worst, hidden[0].Value, 1e-12)
	assert.True(t, slices.ContainsFunc(hidden, func(h Hide) bool { return math.Abs(h.Value-(7/l2(4))/idcg3) < 1e-12 }), "the spread")
	// Step 12: trec_eval's docno order puts C (2) before B (0), the
	// best of the two orders: the worst, B first, (3 + 0 + 2/2) /
	// (3 + 2/log2 3 + 2/2) = 4/5.2619 = 0.7602, is hidden, as twice the
	// expected value less it is the answer.
	hidden, err = Steps[num(t, "trec_eval against scikit-learn")-1].Hidden()
	require.NoError(t, err)
	assert.True(t, slices.ContainsFunc(hidden, func(h Hide) bool { return math.Abs(h.Value-4/(3+2/l2(3)+1)) < 1e-12 }), "the worst bound")
	// Step 13 asks for four decimals: the answer and what gives it are
	// hidden from four, the distance from five ("0.0005" is also the
	// check view's tolerance, and gives 6.324 less 0.00045 to 0.00055).
	hidden, err = Steps[num(t, "checking a hand computation")-1].Hidden()
	require.NoError(t, err)
	assert.InDelta(t, linIDCG5, hidden[0].Value, 1e-12)
	for _, h := range hidden {
		if h.Value < 0.001 {
			assert.Equal(t, 5, h.Decimals, "the distance")
			assert.InDelta(t, 6.324-linIDCG5, h.Value, 1e-12)
		} else {
			assert.Equal(t, 4, h.Decimals, "%v", h.Value)
		}
	}
	// The figures the comment above reads off the screen.
	assert.InDelta(t, 0.2710, (7/l2(4))/idcg3, 5e-5)
	assert.InDelta(t, 0.00053, 6.324-linIDCG5, 5e-6)
}

// TestDiagnosisInWords: the slips a first-time learner makes, worked out
// by hand, are named in the words the steps use (gain 2^grade − 1,
// discount 1/log2(i+1), ranks 1 to k, the ideal order), where the
// lesson said "used discount ln (not log2)"; one that only lands near by
// chance is a guess, where step 7's discounts rounded to one decimal
// were told flatly "DCG at rank 3: the discount of rank 2".
func TestDiagnosisInWords(t *testing.T) {
	ln := math.Log
	for _, c := range []struct {
		step   int
		answer float64 // the slip, worked by hand
		says   string
		guess  bool
	}{
		// Natural log: 3 / ln 3.
		{1, 3 / ln(3), "you divided by ln(i+1), not log2(i+1)", false},
		// Every term rounded to one decimal: 7 + 1.9 + 3.5 = 12.40.
		{2, 12.4, "you rounded each term to 1 decimal before adding them", false},
		// Ranks 1 and 2 only: 7 + 3/log2 3.
		{2, 7 + 3/l2(3), "you added ranks 1 to 2, not 1 to 3", false},
		// Every rank: 7 + 3/log2 3 + 7/2 + 0 + 1/log2 6 = 12.7796.
		{2, 7 + 3/l2(3) + 7.0/2 + 1/l2(6), "you added every rank, not ranks 1 to 3", false},
		// Linear gain over the ideal order 3,3,2,1,0.
		{3, 3 + 3/l2(3) + 2/l2(4) + 1/l2(5), "you took the grade itself as the gain, not 2^grade − 1", false},
		// The ideal order from the top 3 shown, 5,4,2: 7.7619 / 8.5237.
		{6, (4 + 2/l2(3) + 5/l2(4)) / (5 + 4/l2(3) + 2/l2(4)), "you built the ideal order from the top 3 retrieved only, not from the whole list", false},
		// Expected ties: C and D share rank 3, (0 + 7)/2 / log2 4 each.
		{8, (7 + 1/l2(3) + 3.5/l2(4)) / (7 + 7/l2(3) + 3/l2(4)), "you ordered the tied items as expected ties do, not worst", false},
		// Best ties: D's grade 3 takes rank 3, (7 + 1/log2 3 + 7/2) /
		// 12.9165 = 0.8618, which docno order (D before C) gives too:
		// the lesson names the bound it had the learner press through.
		{8, (7 + 1/l2(3) + 7/l2(4)) / (7 + 7/l2(3) + 3/l2(4)), "you ordered the tied items as best ties do, not worst", false},
		// Every discount rounded to one decimal: 1, 0.6, 0.5, 0.4, 0.4;
		// linear gain: (1 + 0.6 + 0.5 + 0.4 + 3×0.4) / (3 + 0.6 + 0.5 +
		// 0.4 + 0.4) = 3.7 / 4.9 = 0.7551.
		{9, 3.7 / 4.9, "", true},
	} {
		st := Steps[c.step-1]
		w, err := verify.ParseWritten(strconv.FormatFloat(c.answer, 'f', 2, 64))
		require.NoError(t, err)
		d := st.Diagnose(w)
		if c.says != "" {
			assert.Equal(t, c.says, d.Slip, "step %d, %s", c.step, w)
		}
		assert.Equal(t, c.guess, d.Guess, "step %d, %s: %q", c.step, w, d.Slip)
		assert.NotContains(t, d.Slip, "(not ", "step %d: check's shorthand", c.step)
	}
}

// TestDiagnosisOfTheNewSteps: on steps 10 and 11 the answers a learner
// of scikit-learn gives are named with every mistake that gives them,
// as no number of decimals tells them apart: 0.00 on a list with no
// relevant item is the other IDCG=0 rule or DCG (0) given for NDCG;
// 1.00 on a list in its best order is the ideal from the list, from the
// top k, or left unsorted.
func TestDiagnosisOfTheNewSteps(t *testing.T) {
	for _, c := range []struct {
		step       int
		answer, in string
	}{
		{num(t, "when nothing is relevant"), "0.00", "the other IDCG=0 rule"},
		{num(t, "the ideal from the judgments"), "1.00", "the ideal from the list"},
	} {
		w, err := verify.ParseWritten(c.answer)
		require.NoError(t, err)
		d := Steps[c.step-1].Diagnose(w)
		assert.True(t, d.Ambiguous, "step %d, %s", c.step, c.answer)
		assert.Contains(t, d.Slip, c.in, "step %d, %s", c.step, c.answer)
	}
}

// TestInstructionNumbers: the numbers the instructions state are the
// hand arithmetic of their lists: rank 1's 7 × 1 (grade 3, 2^3 − 1 over
// log2 2), the ideal orders (the grades sorted, best first: all of
// idcg-slip's, the top 3 of all-claims-hold's 4,2,5,3,5) and the
// tutorial's IDCG of terms rounded to three decimals, 3.000 + 1.893 +
// 1.000 + 0.431 + 0.000 = 6.324.
func TestInstructionNumbers(t *testing.T) {
	grades := func(n int) []float64 {
		d, err := Steps[n-1].Doc()
		require.NoError(t, err)
		var g []float64
		for _, it := range d.List.Items {
			g = append(g, it.Grade)
		}
		return g
	}
	g1 := grades(1)
	assert.Equal(t, []float64{3, 2, 3, 0, 1}, g1)
	assert.Equal(t, 7.0, (math.Pow(2, g1[0])-1)/l2(2))
	assert.Contains(t, Steps[0].Instruction, "1 at rank 1 (log2 2 = 1): rank 1 adds 7.")

	ideal := slices.Clone(grades(3))
	slices.Sort(ideal)
	slices.Reverse(ideal)
	assert.Equal(t, []float64{3, 3, 2, 1, 0}, ideal)
	assert.Contains(t, Steps[2].Instruction, "3, 3, 2, 1, 0)")

	top := slices.Clone(grades(num(t, "the cutoff k")))
	assert.Equal(t, []float64{4, 2, 5, 3, 5}, top)
	slices.Sort(top)
	slices.Reverse(top)
	assert.Equal(t, []float64{5, 5, 4}, top[:3])
	assert.Contains(t, Steps[num(t, "the cutoff k")-1].Instruction, "the top 3 of the ideal order (5, 5, 4)")

	round3 := func(x float64) float64 { return math.Round(x*1000) / 1000 }
	sum := round3(3) + round3(3/l2(3)) + round3(2/l2(4)) + round3(1/l2(5)) + round3(0/l2(6))
	assert.InDelta(t, 6.324, sum, 1e-9)
	check := num(t, "checking a hand computation")
	assert.Equal(t, []float64{3, 2, 3, 0, 1}, grades(check))
	assert.Contains(t, Steps[check-1].Instruction, "printed 6.324")
}

// TestNextAnswerDiffers: no step's answer, as the learner writes it,
// is the one before's: steps 6 and 7 both answered 0.76, and steps 8
// and 9 both 0.59, so that typing the last answer again passed.
func TestNextAnswerDiffers(t *testing.T) {
	prev := ""
	for i, s := range Steps {
		truth, err := s.Truth()
		require.NoError(t, err)
		text := strconv.FormatFloat(truth, 'f', s.MinDecimals(), 64)
		assert.NotEqual(t, prev, text, "steps %d and %d", i, i+1)
		prev = text
	}
}
