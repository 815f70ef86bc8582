package verify

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// A tutorial says scikit-learn prints 0.94 for grades 3,2,3,0,1 (linear
// gain, k=5); it prints 0.9724. The Järvelin–Kekäläinen discount happens
// to land within ±0.005: by hand, discounts 1, 1, 1/log2(3), 1/2,
// 1/log2(5): DCG = 3 + 2 + 3/1.585 + 0 + 1/2.322 = 7.3235, IDCG (3,3,2,1,0)
// = 3 + 3 + 2/1.585 + 1/2 + 0 = 7.7619, NDCG = 0.9435. NDCG values of
// the settings tried crowd into 0.88–1, so ±0.005 around them covers
// most of that range: the match may be chance, and the working is shown.
func TestChanceMatch(t *testing.T) {
	l := list(t, []float64{3, 2, 3, 0, 1}, []float64{0.9, 0.8, 0.3, 0.2, 0.1})
	rep, err := Check(l, settings(ndcg.Linear, 5), Claims{NDCG: written(t, "0.94")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	require.NotEmpty(t, v.Matches)
	m := v.Matches[0]
	assert.Equal(t, "discount jk:2 (not log2)", m.Changes[0].String())
	want := (3 + 2 + 3/math.Log2(3) + 0 + 1/math.Log2(5)) / (3 + 3 + 2/math.Log2(3) + 1.0/2)
	assert.InDelta(t, want, m.Value, 1e-12)
	assert.True(t, m.Exotic, "jk:2 is not a common discount")
	assert.True(t, m.Chance)
	assert.False(t, v.Explained())
	assert.NotNil(t, v.Departure, "a chance match does not stand in for the working")
	require.NotNil(t, v.Odds)
	assert.GreaterOrEqual(t, v.Odds.Covered, chanceLevel)
	assert.LessOrEqual(t, v.Odds.Lo, 0.89)
	// The ideal left in the list's order gives 1, the top of the range.
	assert.InDelta(t, 1, v.Odds.Hi, 1e-12)
}

// The same grades with a DCG of 12.78 claimed under linear gain: the
// exponential gain gives 7 + 3/1.585 + 7/2 + 0 + 1/2.585 = 12.7796, and
// DCG values are spread far wider than ±0.005, so this is no chance.
func TestConventionMatchIsNotChance(t *testing.T) {
	l := list(t, []float64{3, 2, 3, 0, 1}, []float64{0.9, 0.8, 0.3, 0.2, 0.1})
	rep, err := Check(l, settings(ndcg.Linear, 5), Claims{DCG: written(t, "12.78")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	require.NotEmpty(t, v.Matches)
	assert.Equal(t, "gain exp (not linear)", v.Matches[0].Changes[0].String())
	assert.InDelta(t, 7+3/math.Log2(3)+7.0/2+1/math.Log2(6), v.Matches[0].Value, 1e-12)
	assert.False(t, v.Matches[0].Chance)
	assert.True(t, v.Explained())
	assert.Less(t, v.Odds.Covered, chanceLevel)
}

// A common setting comes before an exotic one: the tie at k=3 in
// ties-at-k (A 3, B 1, then C 0 and D 3 tied) broken in input order gives
// DCG@3 = 7 + 1/1.585 + 0 = 7.6309, as k=2 and the worst order do; input
// order (a stable sort) and k−1 are everyday slips, the worst order is a
// bound nobody computes by accident.
func TestCommonBeforeExotic(t *testing.T) {
	l := list(t, []float64{3, 1, 0, 3, 2, 0}, []float64{0.92, 0.85, 0.71, 0.71, 0.4, 0.12})
	rep, err := Check(l, settings(ndcg.Exp, 3), Claims{DCG: written(t, "7.63")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	var order []string
	for _, m := range v.Matches {
		assert.InDelta(t, 7+1/math.Log2(3), m.Value, 1e-12)
		order = append(order, m.Changes[0].String())
	}
	assert.Equal(t, []string{"ties input (not expected)", "k=2 (not 3)", "ties worst (not expected)"}, order)
	assert.False(t, v.Matches[0].Exotic)
	assert.True(t, v.Matches[2].Exotic)
}

// Claimed contributions are DCG's terms: they do not locate a slip in an
// IDCG claim. Grades 1,3, k=2: IDCG = 7 + 1/1.585 = 7.6309; the claimed
// IDCG 9 is explained, if at all, by IDCG's own terms.
func TestIDCGClaimIgnoresDCGTerms(t *testing.T) {
	l := list(t, []float64{1, 3}, nil)
	rep, err := Check(l, settings(ndcg.Exp, 2), Claims{IDCG: written(t, "9"),
		Contributions: []Written{*written(t, "2"), *written(t, "4.42")}})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	assert.InDelta(t, 7+1/math.Log2(3), v.True, 1e-12)
	require.NotNil(t, v.Departure)
	assert.Zero(t, v.Departure.Rank, "no DCG term reported as IDCG's departure")
	for _, sl := range v.Departure.Slips {
		assert.True(t, sl.Ideal, "%+v", sl)
	}
}

// An IDCG claim computed with the judged pool is another convention
// (trec_eval's), not a slip: grades 1,3 and a judged item P of grade 2,
// k=2: IDCG from the pool = 7 + 3/1.585 = 8.8928.
func TestPoolIDCGIsAConvention(t *testing.T) {
	l := list(t, []float64{1, 3}, nil)
	l.Pool = []ndcg.Judged{{ID: "P", Grade: 2}}
	rep, err := Check(l, settings(ndcg.Exp, 2), Claims{IDCG: written(t, "8.89")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	require.NotEmpty(t, v.Matches)
	assert.Equal(t, "IDCG from judged (not list)", v.Matches[0].Changes[0].String())
	assert.InDelta(t, 7+3/math.Log2(3), v.Matches[0].Value, 1e-12)
	assert.True(t, v.Explained())
	assert.Nil(t, v.Departure, "no slip is looked for")
}
