package explain

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func compute(t *testing.T, l *ndcg.List, s ndcg.Settings) *ndcg.Result {
	t.Helper()
	r, err := ndcg.Compute(l, s)
	require.NoError(t, err)
	return r
}

func grades(t *testing.T, gs ...float64) *ndcg.List {
	t.Helper()
	l, err := ndcg.FromGrades(gs, nil)
	require.NoError(t, err)
	return l
}

// A long sum keeps its first and last terms around "…" and the whole total.
func TestLongSumElided(t *testing.T) {
	gs := make([]float64, 30)
	for i := range gs {
		gs[i] = 1
	}
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2}
	w := New(compute(t, grades(t, gs...), s))
	line := w.DCG.Line()
	// Σ 1/log2(i+1) for i = 1..30, by hand in a loop over the formula.
	want := 0.0
	for i := 1; i <= 30; i++ {
		want += 1 / math.Log2(float64(i+1))
	}
	assert.Contains(t, line, "= "+Num(want))
	assert.Contains(t, line, "(30 terms, 19 not shown)")
	assert.Equal(t, headTerms+tailTerms, strings.Count(line, "1/"), line)
	assert.Contains(t, line, "1/3.170 + … + 1/4.858") // log2(9), then log2(29)
	assert.Len(t, w.DCG.Terms, 30)

	wrapped := w.DCG.Wrapped(40)
	for _, l := range strings.Split(wrapped, "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 40+len("  (30 terms, 19 not shown)"), l)
	}
	assert.Greater(t, strings.Count(wrapped, "\n"), 1)
	assert.True(t, strings.HasPrefix(strings.Split(wrapped, "\n")[1], "       "), "continuation lines are indented")
}

// Pool items are marked in the ideal order when IDCG counts them.
func TestPoolInIdealOrder(t *testing.T) {
	l := grades(t, 1, 0)
	l.Pool = []ndcg.Judged{{ID: "P", Grade: 2}}
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, IDCG: ndcg.FromJudged}
	text := New(compute(t, l, s)).Text()
	assert.Contains(t, text, "ideal order (the list's and the pool's grades, highest first): P(2, pool) A(1) B(0)")
	// IDCG = 2 + 1/log2(3) + 0 = 2.631; DCG = 1; NDCG = 1/2.6309 = 0.3801.
	assert.Contains(t, text, "IDCG@all = 2/1.000 + 1/1.585 + 0/2.000\n         = 2.000 + 0.631 + 0.000 = 2.631")
	assert.Contains(t, text, "NDCG@all = DCG@all / IDCG@all = 1.000 / 2.631 = 0.3801")
}

// With no relevant item, NDCG is the IDCG=0 rule, and the working says so.
func TestZeroIDCG(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, Zero: 1}
	w := New(compute(t, grades(t, 0, 0), s))
	assert.True(t, w.ZeroIDCG)
	assert.Contains(t, w.Text(), "NDCG@all = 1 by convention: IDCG@all is 0 (no relevant item)")
}

// Discounts other than log2 are written gain × discount; k past the end
// of the list is noted.
func TestOtherDiscountAndShortList(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Discount{Kind: ndcg.DiscountLog, Base: 10}, K: 4}
	w := New(compute(t, grades(t, 2, 1), s))
	// 1/log10(2) = 3.322, 1/log10(3) = 2.096: 2×3.322 + 1×2.096 = 6.644 + 2.096 = 8.740.
	assert.Equal(t, "DCG@4 = 2×3.322 + 1×2.096 = 6.644 + 2.096 = 8.740", w.DCG.Line())
	assert.Contains(t, w.Text(), "k=4 but the list has 2 items: DCG stops at rank 2.")
	assert.Contains(t, w.Text(), "each term is gain × discount")
}

// The cutoff is marked in the ranking, tie groups are bracketed.
func TestRankingLine(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{3, 0, 2, 1}, []float64{0.9, 0.5, 0.5, 0.1})
	require.NoError(t, err)
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 2}
	w := New(compute(t, l, s))
	assert.Contains(t, w.Text(), "ranking: A(3) [B(0) | C(2)] D(1)")
	require.Len(t, w.TieMeans, 1)
	assert.Equal(t, 1.5, w.TieMeans[0].Mean) // (0 + 3)/2
	md := w.Markdown()
	assert.Contains(t, md, "\\* ranks 2–3 tie (score 0.5)")
	assert.Contains(t, md, "```text\nDCG@2 = 7/1.000 + 1.5*/1.585\n      = 7.000 + 0.946 = 7.946\n```")
}

func TestChartScale(t *testing.T) {
	c := Chart{Title: "t", Width: 10, Bars: []Bar{{Label: "a", Value: 2}, {Label: "bb", Value: 1}, {Label: "c", Value: 0}}}
	assert.Equal(t, "t\na  |########## 2.000\nbb |#####      1.000\nc  |           0.000\n", c.Text())
	assert.True(t, strings.HasPrefix(c.Markdown(), "```text\n"))
	_, ok := TieChart(compute(t, grades(t, 1, 2), ndcg.DefaultSettings()))
	assert.False(t, ok, "no ties, no tie chart")

	// An empty list's charts say why they have no bars.
	empty := compute(t, &ndcg.List{}, ndcg.DefaultSettings())
	for _, c := range []Chart{ContributionChart(empty), NDCGByKChart(empty)} {
		assert.Equal(t, c.Title+"\n(no ranks: the list is empty)\n", c.Text())
	}
}

// The k in force is marked; a k past the end marks the last cutoff,
// where NDCG@k stops changing.
func TestNDCGByKMark(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 5}
	c := NDCGByKChart(compute(t, grades(t, 1, 0, 2), s))
	require.Len(t, c.Bars, 3)
	assert.Equal(t, "k=3 <", c.Bars[2].Label)
	s.K = 2
	c = NDCGByKChart(compute(t, grades(t, 1, 0, 2), s))
	assert.Equal(t, "k=2 <", c.Bars[1].Label)
	assert.Equal(t, "k=3  ", c.Bars[2].Label)
}

// In a long ranking the cutoff stays visible inside the elided middle.
func TestLongRankingCut(t *testing.T) {
	gs := make([]float64, 30)
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 25}
	w := New(compute(t, grades(t, gs...), s))
	assert.Contains(t, w.Text(), "ranking: A(0) B(0) C(0) D(0) E(0) F(0) G(0) H(0) … | … AB(0) AC(0) AD(0)\n")
	assert.Contains(t, w.Text(), "\n       + 0/3.170") // continuation: "+" under the "="
}

// Under a concrete tie policy the working says how ties were ordered.
func TestTieOrderNote(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{3, 0, 2}, []float64{0.9, 0.5, 0.5})
	require.NoError(t, err)
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, Ties: ndcg.Best}
	text := New(compute(t, l, s)).Text()
	assert.Contains(t, text, "ranking: A(3) [C(2) B(0)]")
	assert.Contains(t, text, "[…] marks a tie group, ordered highest grade first (ties best).")
	s.Ties = ndcg.Expected
	assert.NotContains(t, New(compute(t, l, s)).Text(), "marks a tie group")
}

// The working writes every term out, so a student can compare term by
// term: grades 3,2,3,0,1, exp gain, k=5. By hand: 7/log2(2) = 7,
// 3/log2(3) = 1.8928, 7/log2(4) = 3.5, 0, 1/log2(6) = 0.3869, sum 12.7796;
// ideal 3,3,2,1,0: 7 + 7/log2(3) = 4.4165 + 3/2 = 1.5 + 1/log2(5) = 0.4307
// + 0, sum 13.3472; NDCG = 12.7796/13.3472 = 0.9575, to four decimals as
// the table shows it.
func TestTermsWorkedOut(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 5}
	w := New(compute(t, grades(t, 3, 2, 3, 0, 1), s))
	text := w.Text()
	assert.Contains(t, text, "DCG@5 = 7/1.000 + 3/1.585 + 7/2.000 + 0/2.322 + 1/2.585\n"+
		"      = 7.000 + 1.893 + 3.500 + 0.000 + 0.387 = 12.780\n")
	assert.Contains(t, text, "IDCG@5 = 7/1.000 + 7/1.585 + 3/2.000 + 1/2.322 + 0/2.585\n"+
		"       = 7.000 + 4.417 + 1.500 + 0.431 + 0.000 = 13.347\n")
	assert.Contains(t, text, "NDCG@5 = DCG@5 / IDCG@5 = 12.780 / 13.347 = 0.9575\n")
	// The screen's lines carry the same terms, wrapped to the width.
	var screen []string
	for _, l := range w.Lines(40) {
		screen = append(screen, l.Text)
	}
	all := strings.Join(strings.Fields(strings.Join(screen, " ")), " ")
	assert.Contains(t, all, "= 7.000 + 4.417 + 1.500 + 0.431 + 0.000 = 13.347")
	// One term needs no second line.
	s.K = 1
	assert.Equal(t, "DCG@1 = 7/1.000 = 7.000", New(compute(t, grades(t, 3, 2), s)).DCG.Wrapped(80))
}

// The terms of a sum are written to three decimals; when those add up to
// something else than the total as written, a note says the total is the
// exact sum rounded once. IDCG@5 of grades 3,2,3,0,1 under exponential
// gain: 7/1 + 7/log2(3) + 3/2 + 1/log2(5) + 0 = 7 + 4.416508 + 1.5 +
// 0.430677 = 13.347185, written 13.347, while 7.000 + 4.417 + 1.500 +
// 0.431 + 0.000 = 13.348. Its DCG@5, 7 + 1.892789 + 3.5 + 0 + 0.386853 =
// 12.779642, written 12.780, is also what its written terms add up to:
// 7.000 + 1.893 + 3.500 + 0.000 + 0.387 = 12.780, so no note.
func TestRoundingNote(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 5
	r, err := ndcg.Compute(list, s)
	require.NoError(t, err)
	w := New(r)
	assert.Equal(t, "The terms as written add up to 13.348: each is rounded to 3 decimals, and 13.347 is the exact sum, rounded once.", w.IDCG.RoundingNote())
	assert.Equal(t, "", w.DCG.RoundingNote())
	var lines []string
	for _, l := range w.Lines(80) {
		lines = append(lines, l.Text)
	}
	assert.Contains(t, strings.Join(lines, "\n"), "= 13.347\nThe terms as written add up to 13.348: each is rounded to 3 decimals, and 13.347\nis the exact sum, rounded once.")
	assert.Contains(t, w.Markdown(), "= 13.347\n```\n\nThe terms as written add up to 13.348")
	// A single term is its own total.
	s.K = 1
	r, err = ndcg.Compute(list, s)
	require.NoError(t, err)
	assert.Equal(t, "", New(r).IDCG.RoundingNote())
}

// A tie group's mean gain, (0 + 7)/2, stays on one line when the note
// wraps: at 100 columns it broke after "(0 +". The default sample's
// grades 3,1,0,3,2,0 with C and D tied at ranks 3–4, mean (0 + 7)/2 = 3.5.
func TestLinesKeepTheMeanWhole(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{3, 1, 0, 3, 2, 0}, []float64{0.92, 0.85, 0.71, 0.71, 0.4, 0.12})
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 3
	r, err := ndcg.Compute(list, s)
	require.NoError(t, err)
	var text []string
	for _, l := range New(r).Lines(100) {
		text = append(text, l.Text)
	}
	all := strings.Join(text, "\n")
	assert.Contains(t, all, "every rank of the group gets its mean gain\n(0 + 7)/2 = 3.5.")
	assert.NotContains(t, all, "\u00a0")
}
