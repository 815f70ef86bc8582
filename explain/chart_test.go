package explain

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Grades 3, 0 tied at the top, then 1: linear gain, k=1. By hand, the
// tie's two orders put grade 3 or grade 0 first, each with probability
// 1/2, so NDCG@1 is 3/3 = 1 or 0/3 = 0 and the mean is 0.5.
func TestDistributionChartByHand(t *testing.T) {
	l := &ndcg.List{Items: []ndcg.Item{
		{ID: "a", Grade: 3, Score: 1, HasScore: true},
		{ID: "b", Grade: 0, Score: 1, HasScore: true},
		{ID: "c", Grade: 1, Score: 0, HasScore: true},
	}}
	c, ok := DistributionChart(compute(t, l, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 1}), 20)
	require.True(t, ok)
	assert.Equal(t, "Distribution of NDCG@1 over all 2 arrangements, exact", c.Title)
	require.Len(t, c.Bars, 2)
	assert.Equal(t, Bar{Label: "0.000", Key: "0.000", Value: 0.5}, c.Bars[0])
	assert.Equal(t, Bar{Label: "1.000", Key: "1.000", Value: 0.5}, c.Bars[1])
	assert.Equal(t, "mean 0.500 (the expected NDCG)", c.Note)

	_, ok = DistributionChart(compute(t, grades(t, 1, 2), ndcg.DefaultSettings()), 20)
	assert.False(t, ok, "no ties, no distribution")
}

// Past maxBars distinct values the chart bins them, and the bins still
// hold all the probability.
func TestDistributionChartBins(t *testing.T) {
	l := &ndcg.List{}
	for i, g := range []float64{4, 3, 2, 1, 0, 2, 3, 1} {
		l.Items = append(l.Items, ndcg.Item{ID: string(rune('a' + i)), Grade: g, Score: 1, HasScore: true})
	}
	c, ok := DistributionChart(compute(t, l, ndcg.DefaultSettings()), 5)
	require.True(t, ok)
	require.Len(t, c.Bars, 5)
	sum := 0.0
	for _, b := range c.Bars {
		sum += b.Value
	}
	assert.InDelta(t, 1, sum, 1e-12)
	assert.Contains(t, c.Note, "5 bins of width")
}

// The bars carry what a picture needs beside the text layout's labels.
func TestChartBarsForPictures(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 2}
	r := compute(t, grades(t, 1, 0, 2), s)
	c := ContributionChart(r)
	assert.Equal(t, Bar{Label: "1 actual", Value: 1, Key: "1", Series: "actual"}, c.Bars[0])
	assert.Equal(t, "ideal", c.Bars[1].Series)
	k := NDCGByKChart(r)
	assert.Equal(t, "k=2", k.Bars[1].Key)
	assert.True(t, k.Bars[1].Marked)
	assert.False(t, k.Bars[0].Marked)
	assert.Equal(t, "NDCG@k", k.Axis)
}

// NDCGByKBar is a bar of NDCG@k, as a screen shows those of the ranks in
// view. Grades 1,0,2, linear gain, log2, k all: IDCG@1 = 2, IDCG@2 =
// IDCG@3 = 2 + 1/log2(3); DCG@2 = 1, DCG@3 = 1 + 2/log2(4) = 2. With k
// all, the last cutoff is the k in force.
func TestNDCGByKBar(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2}
	r := compute(t, grades(t, 1, 0, 2), s)
	bars := []Bar{NDCGByKBar(r, 2), NDCGByKBar(r, 3)}
	idcg := 2 + 1/math.Log2(3)
	assert.Equal(t, "k=2", bars[0].Key)
	assert.InDelta(t, 1/idcg, bars[0].Value, 1e-12)
	assert.False(t, bars[0].Marked)
	assert.Equal(t, "k=3", bars[1].Key)
	assert.InDelta(t, 2/idcg, bars[1].Value, 1e-12)
	assert.True(t, bars[1].Marked, "k all: the last cutoff")
	for _, b := range NDCGByKChart(r).Bars {
		assert.False(t, b.Marked, "the chart of the report marks no k when k is all")
	}
}

// TieBand: A (grade 1) and B (grade 0) tied at ranks 1–2, then C
// (grade 2); linear gain, log2, k all. IDCG = 2 + 1/log2(3). Worst, B
// first: DCG = 1/log2(3) + 2/2; best, A first: 1 + 1; expected, each
// rank the mean gain ½: ½ + ½/log2(3) + 1.
func TestTieBand(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{1, 0, 2}, []float64{.5, .5, .1})
	require.NoError(t, err)
	r := compute(t, l, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2})
	idcg := 2 + 1/math.Log2(3)
	bars := TieBand(r)
	require.Len(t, bars, 3)
	for i, want := range []struct {
		key    string
		v      float64
		marked bool
	}{{"worst", (1/math.Log2(3) + 1) / idcg, false}, {"expected", (.5 + .5/math.Log2(3) + 1) / idcg, true}, {"best", 2 / idcg, false}} {
		assert.Equal(t, want.key, bars[i].Key)
		assert.Equal(t, want.key, bars[i].Label)
		assert.InDelta(t, want.v, bars[i].Value, 1e-12, want.key)
		assert.Equal(t, want.marked, bars[i].Marked, want.key)
	}
	c, ok := TieChart(r)
	require.True(t, ok)
	assert.Equal(t, []string{"worst", "expected", "input order", "best"}, []string{c.Bars[0].Key, c.Bars[1].Key, c.Bars[2].Key, c.Bars[3].Key})
	assert.Equal(t, bars[2], c.Bars[3], "the report's chart has the same band")
}

// A cutoff past the first 25 still has its bar, in the last place. 29
// items of grade 1 then 11 of grade 0 are already in the ideal order,
// so by hand DCG@k = IDCG@k at every k and NDCG@30 is 1.
func TestNDCGByKChartShowsAFarCutoff(t *testing.T) {
	gs := make([]float64, 40)
	for i := range 29 {
		gs[i] = 1
	}
	c := NDCGByKChart(compute(t, grades(t, gs...), ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 30}))
	require.Len(t, c.Bars, 25)
	last := c.Bars[24]
	assert.Equal(t, "k=30 <", last.Label)
	assert.True(t, last.Marked)
	assert.InDelta(t, 1, last.Value, 1e-12)
	assert.Equal(t, "k=24  ", c.Bars[23].Label)
	assert.True(t, strings.HasPrefix(c.Note, "(k=25–29, 31–40 not shown)"), c.Note)

	// k past the end of the list marks the last rank, 40.
	c = NDCGByKChart(compute(t, grades(t, gs...), ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 50}))
	assert.Equal(t, "k=40 <", c.Bars[24].Label)
	assert.True(t, strings.HasPrefix(c.Note, "(k=25–39 not shown)"), c.Note)
}

// The histogram's title says what it counts: over the 8! = 40,320 orders
// of the constant-model sample's eight tied items, 265 distinct grade
// sequences land in the top 5 (ndcg's TestDistributionCountsOrdersAndArrangements),
// where it read "over all 265 arrangements" as if those were the orders.
// Where every order is an arrangement of its own, the title is as before.
func TestDistributionChartSaysWhatItCounts(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{3, 2, 2, 1, 0, 0, 0, 0}, []float64{1, 1, 1, 1, 1, 1, 1, 1})
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 5
	r, err := ndcg.Compute(l, s)
	require.NoError(t, err)
	c, ok := DistributionChart(r, 10)
	require.True(t, ok)
	assert.Equal(t, "Distribution of NDCG@5 over all 40320 tie orders (265 distinct in the top 5), exact", c.Title)
	assert.Equal(t, "all 40320 tie orders", ArrangementsText(r.Distribution(5), true))

	l, err = ndcg.FromGrades([]float64{3, 1, 0, 3}, []float64{4, 3, 2, 2})
	require.NoError(t, err)
	s.K = 3
	r, err = ndcg.Compute(l, s)
	require.NoError(t, err)
	assert.Equal(t, "all 2 arrangements, exact", ArrangementsText(r.Distribution(3), false))
}
