package ndcg

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fillList is the list of fill's step tests, by hand: A grade 3 score
// 0.9, B 2 and C 0 tied at 0.5, D 1 at 0.2, and a pool item P of grade 2.
// With exponential gain the gains are A 7, B 3, C 0, D 1 (P 3); the log2
// discounts of ranks 1–5 are 1, 1/log2(3) = 0.6309297535714575, 1/2,
// 1/log2(5) = 0.43067655807339306 and 1/log2(6).
func fillList() *List {
	return &List{
		Items: []Item{{ID: "A", Grade: 3, Score: 0.9, HasScore: true}, {ID: "B", Grade: 2, Score: 0.5, HasScore: true}, {ID: "C", Grade: 0, Score: 0.5, HasScore: true}, {ID: "D", Grade: 1, Score: 0.2, HasScore: true}},
		Pool:  []Judged{{ID: "P", Grade: 2}},
	}
}

// loaded is what Recompute hands fill: list loaded and ranked in a scratch.
func loaded(t *testing.T, list *List, s Settings) (*scratch, ranking, int) {
	t.Helper()
	sc := getScratch(len(list.Items) + len(list.Pool))
	t.Cleanup(func() { putScratch(sc, len(list.Items)+len(list.Pool)) })
	require.True(t, sc.load(list, s))
	ranked, groups := sc.rank(len(list.Items))
	return sc, ranked, groups
}

func TestResetResultLayout(t *testing.T) {
	list := fillList()
	for _, c := range []struct {
		s          Settings
		m, k, idk  int
		inputOrder bool
	}{
		// The items only; k past the list counts all of it.
		{Settings{Gain: Exp, Discount: Log2, K: 9}, 4, 4, 4, true},
		// The pool joins the ideal ranking only: IDCG@5 over 5 ranks.
		{Settings{Gain: Exp, Discount: Log2, K: 5, IDCG: FromJudged}, 5, 4, 5, true},
		{Settings{Gain: Exp, Discount: Log2, K: 3, Ties: Input}, 4, 3, 3, true},
		// Best and worst order the tie apart from the pass over the ranks.
		{Settings{Gain: Exp, Discount: Log2, Ties: Best}, 4, 4, 4, false},
		{Settings{Gain: Exp, Discount: Log2, Ties: Worst}, 4, 4, 4, false},
	} {
		sc, _, groups := loaded(t, list, c.s)
		require.Equal(t, 1, groups, "B and C tie")
		r, lay := resetResult(nil, list, c.s, sc, groups)
		what := c.s.String()
		assert.Equal(t, layout{n: 4, m: c.m, groups: 1, small: true, inputOrder: c.inputOrder}, lay, what)
		assert.Equal(t, 4, r.N, what)
		assert.Equal(t, c.k, r.K, what)
		assert.Equal(t, c.idk, r.IdealK, what)
		assert.Len(t, r.Discounts, c.m, what)
		assert.InDelta(t, 1/math.Log2(3), r.Discounts[1], 1e-15, what)
	}
	// Without ties every policy adds up its sums in the one pass.
	list.Items[2].Score = 0.4
	s := Settings{Gain: Exp, Discount: Log2, Ties: Best}
	sc, _, groups := loaded(t, list, s)
	_, lay := resetResult(nil, list, s, sc, groups)
	assert.True(t, lay.inputOrder)
	assert.Zero(t, lay.groups)
	// A grade that is not a small integer keeps gains, not codes.
	list.Items[0].Grade = 2.5
	sc, _, groups = loaded(t, list, s)
	_, lay = resetResult(nil, list, s, sc, groups)
	assert.False(t, lay.small)
}

func TestCarveSizesAndReuse(t *testing.T) {
	list := fillList()
	s := Settings{Gain: Exp, Discount: Log2, Ties: Expected, IDCG: FromJudged}
	sc, _, groups := loaded(t, list, s)
	r, lay := resetResult(nil, list, s, sc, groups)
	c, sums := r.carve(lay)
	assert.Len(t, r.order[Input], 4)
	assert.Len(t, sums, 4)
	assert.Len(t, r.codes, 4)
	assert.Nil(t, r.gains, "small grades are kept as codes")
	assert.Len(t, r.tieMean, 1)
	assert.Len(t, r.tieFold, 1)
	assert.Equal(t, 0, len(r.Ties))
	assert.Equal(t, 1, cap(r.Ties))
	// What is left is the ideal ranking's: 5 ranks of order, 5 of IDCG.
	assert.Len(t, c.int32s, 5)
	assert.Len(t, c.floats, 5)

	// Carved again into the same memory, no array is allocated.
	floats := &r.mem.floats[0]
	r2, lay2 := resetResult(r, list, s, sc, groups)
	require.Same(t, r, r2)
	_, _ = r2.carve(lay2)
	assert.Same(t, floats, &r2.mem.floats[0], "the memory is reused")

	// Worst adds up no sums in the pass; grades that are not small
	// integers take a gain per rank and the ideal grades and gains.
	list.Items[0].Grade = 2.5
	s.Ties = Worst
	sc, _, groups = loaded(t, list, s)
	r, lay = resetResult(nil, list, s, sc, groups)
	c, sums = r.carve(lay)
	assert.Nil(t, sums)
	assert.Nil(t, r.codes)
	assert.Len(t, r.gains, 4)
	assert.Len(t, c.floats, 5+2*5, "IDCG, ideal grades and ideal gains")
}

// The pass over the ranks, by hand (see fillList): A, then the tie of B
// and C in input order, then D. The tie's mean gain is (3 + 0)/2 = 1.5.
// Expected sums 7, 7 + 1.5·0.6309 = 7.9464, + 1.5/2 = 8.6964,
// + 1·0.4307 = 9.1271; Input sums 7, 7 + 3·0.6309 = 8.8928, + 0,
// + 0.4307 = 9.3235.
func TestRankPass(t *testing.T) {
	list := fillList()
	for _, c := range []struct {
		p    TiePolicy
		sums []float64
	}{
		{Expected, []float64{7, 7.946394630357187, 8.696394630357187, 9.12707118843058}},
		{Input, []float64{7, 8.892789260714373, 8.892789260714373, 9.323465818787767}},
		{Best, nil},
	} {
		s := Settings{Gain: Exp, Discount: Log2, Ties: c.p}
		sc, ranked, groups := loaded(t, list, s)
		r, lay := resetResult(nil, list, s, sc, groups)
		_, sums := r.carve(lay)
		r.rankPass(sc, ranked, sums)
		what := c.p.String()
		assert.Equal(t, []int32{0, 1, 2, 3}, r.order[Input], what)
		assert.Equal(t, []uint8{3, 2, 0, 1}, r.codes, what)
		assert.Equal(t, []TieGroup{{Start: 1, End: 3, Score: 0.5}}, r.Ties, what)
		assert.Equal(t, []float64{1.5}, r.tieMean, what)
		assert.Equal(t, []int32{0}, r.tieFold, what)
		if c.sums == nil {
			assert.Nil(t, sums, what)
			continue
		}
		assert.InDeltaSlice(t, c.sums, sums, 1e-12, what)
	}
}

// Two tie groups: the second's fold counts the first's ranks after its
// first (3 tied: 2), so rank 4's distinct-score number is 4 − 2.
func TestRankPassFolds(t *testing.T) {
	list := &List{Items: []Item{
		{ID: "A", Grade: 1, Score: 0.9, HasScore: true}, {ID: "B", Grade: 2, Score: 0.9, HasScore: true}, {ID: "C", Grade: 3, Score: 0.9, HasScore: true},
		{ID: "D", Grade: 0, Score: 0.5, HasScore: true}, {ID: "E", Grade: 1, Score: 0.5, HasScore: true},
	}}
	s := Settings{Gain: Linear, Discount: Log2, Ties: Expected}
	sc, ranked, groups := loaded(t, list, s)
	r, lay := resetResult(nil, list, s, sc, groups)
	_, sums := r.carve(lay)
	r.rankPass(sc, ranked, sums)
	assert.Equal(t, []TieGroup{{Start: 0, End: 3, Score: 0.9}, {Start: 3, End: 5, Score: 0.5}}, r.Ties)
	assert.Equal(t, []int32{0, 2}, r.tieFold)
	assert.Equal(t, []float64{2, 0.5}, r.tieMean, "(1+2+3)/3 and (0+1)/2")
}

func TestShareOrders(t *testing.T) {
	list := fillList()
	run := func(s Settings) *Result {
		sc, ranked, groups := loaded(t, list, s)
		r, lay := resetResult(nil, list, s, sc, groups)
		_, sums := r.carve(lay)
		r.rankPass(sc, ranked, sums)
		r.shareOrders(sums)
		return r
	}
	// With a tie, Input's sums are its own; Expected has the input
	// order; the others are worked out when asked for.
	r := run(Settings{Gain: Exp, Discount: Log2, Ties: Input})
	assert.NotNil(t, r.dcg[Input])
	assert.Nil(t, r.dcg[Expected])
	assert.Nil(t, r.dcg[Best])
	assert.Equal(t, r.order[Input], r.order[Expected])
	assert.Nil(t, r.order[Best])
	r = run(Settings{Gain: Exp, Discount: Log2, Ties: Best})
	assert.Nil(t, r.dcg[Best], "best's order is not the input's")
	assert.Equal(t, r.order[Input], r.order[Expected])

	// Without ties every policy shares the one order and its sums.
	list.Items[2].Score = 0.4
	r = run(Settings{Gain: Exp, Discount: Log2, Ties: Worst})
	for _, p := range TiePolicies {
		assert.Equal(t, r.order[Input], r.order[p], p.String())
		assert.Equal(t, r.dcg[Worst], r.dcg[p], p.String())
	}
	assert.Len(t, r.dcg[Docno], 4)
}

// The ideal ranking of fillList, by hand: A 7, B 3, D 1, C 0, and with
// the pool P 3 after B (list before pool). IDCG: 7, 7 + 3·0.6309 =
// 8.8928, + 1/2 = 9.3928, + 0; with the pool 7, 8.8928, + 3/2 = 10.3928,
// + 1·0.4307 = 10.8235, + 0.
func TestFillIdeal(t *testing.T) {
	for _, c := range []struct {
		s     Settings
		order []int32
		idcg  []float64
	}{
		{Settings{Gain: Exp, Discount: Log2}, []int32{0, 1, 3, 2}, []float64{7, 8.892789260714373, 9.392789260714373, 9.392789260714373}},
		{Settings{Gain: Exp, Discount: Log2, IDCG: FromJudged}, []int32{0, 1, 4, 3, 2}, []float64{7, 8.892789260714373, 10.392789260714373, 10.823465818787767, 10.823465818787767}},
	} {
		for _, small := range []bool{true, false} {
			list := fillList()
			if !small { // the same gains, from a gain map that takes no small-grade path
				list.Items[2].Grade = 0.25
				c.s.Gain = Gain{Kind: GainMap, Map: map[float64]float64{3: 7, 2: 3, 1: 1, 0.25: 0}}
			}
			sc, ranked, groups := loaded(t, list, c.s)
			r, lay := resetResult(nil, list, c.s, sc, groups)
			require.Equal(t, small, lay.small)
			cv, sums := r.carve(lay)
			r.rankPass(sc, ranked, sums)
			r.fillIdeal(sc, &cv, lay.m)
			what := c.s.String()
			assert.Equal(t, c.order, r.IdealOrder, what)
			assert.InDeltaSlice(t, c.idcg, r.idcg, 1e-12, what)
			assert.Equal(t, small, r.idealSmall, what)
			assert.Equal(t, 3.0, r.IdealGrade(0), what)
			assert.Equal(t, 3.0, r.IdealGain(1), what)
			assert.NoError(t, r.idcgOverflow(), what)
		}
	}
}

// Two grades of 1.5e308 under linear gain add up past the largest float64
// (1.5e308 + 1.5e308/log2(3) = 2.45e308):
// IDCG is +Inf, and the error says what to make smaller.
func TestIDCGOverflow(t *testing.T) {
	list := &List{Items: []Item{{ID: "A", Grade: 1.5e308}, {ID: "B", Grade: 1.5e308}}}
	_, err := Compute(list, Settings{Gain: Linear, Discount: Log2})
	var ge *GainError
	require.ErrorAs(t, err, &ge)
	assert.Equal(t, "the gains add up beyond the largest float64 (IDCG overflows): use smaller grades", err.Error())

	r := &Result{Settings: Settings{Gain: Gain{Kind: GainMap}}, idcg: []float64{1, math.Inf(1)}}
	assert.EqualError(t, r.idcgOverflow(), "the gains add up beyond the largest float64 (IDCG overflows): use smaller gains in the map")
	r = &Result{Settings: Settings{Gain: Exp}, idcg: []float64{math.Inf(1)}}
	assert.EqualError(t, r.idcgOverflow(), "the gains add up beyond the largest float64 (IDCG overflows)")
	assert.NoError(t, (&Result{}).idcgOverflow(), "an empty ideal ranking")
}
