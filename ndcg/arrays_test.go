package ndcg

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// ints is an order as []int, to compare with the orders the tests build.
func ints(o []int32) []int {
	out := make([]int, len(o))
	for i, x := range o {
		out[i] = int(x)
	}
	return out
}

// rankArrays are a result's per-rank numbers read through its methods,
// as Compute once stored them.
type rankArrays struct {
	Grades, Gains, ExpectedGains []float64
	TieAt, ScoreGroup            []int
	IdealGrades, IdealGains      []float64
}

func arrays(r *Result) rankArrays {
	var a rankArrays
	for i := range r.N {
		a.Grades = append(a.Grades, r.Grade(i))
		a.Gains = append(a.Gains, r.Gain(i))
		a.ExpectedGains = append(a.ExpectedGains, r.ExpectedGain(i))
		a.TieAt = append(a.TieAt, r.TieAt(i))
		a.ScoreGroup = append(a.ScoreGroup, r.scoreGroup(i))
	}
	for i := range r.IdealOrder {
		a.IdealGrades = append(a.IdealGrades, r.IdealGrade(i))
		a.IdealGains = append(a.IdealGains, r.IdealGain(i))
	}
	return a
}

// TestMaxAbsContribution: the largest |contribution| is, under every tie
// policy and gain, the largest over the rows and the ideal ranking.
func TestMaxAbsContribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 3))
	for trial := range 200 {
		l := randomList(rng, rng.IntN(50))
		for _, p := range TiePolicies {
			s := Settings{Gain: []Gain{Exp, Linear}[trial%2], Ties: p, Discount: Log2}
			if trial%5 == 0 {
				s.Discount = Discount{Kind: DiscountJK, Base: 3}
			}
			r, err := Compute(l, s)
			if err != nil {
				continue
			}
			want := 0.0
			for i := range r.N {
				want = math.Max(want, math.Abs(r.Row(i).Contribution))
			}
			for i := range r.IdealOrder {
				want = math.Max(want, math.Abs(r.IdealGain(i)*r.Discounts[i]))
			}
			require.Equal(t, want, r.MaxAbsContribution(), "trial %d %s", trial, p)
		}
	}
}

// TestLongListScratchAfterCollection: a long list's working arrays are
// kept only weakly; computing again after a collection, when they are
// gone, and before one, when they are reused, gives the same result.
func TestLongListScratchAfterCollection(t *testing.T) {
	l := benchList(bigList + 10)
	s := DefaultSettings()
	want, err := Compute(l, s)
	require.NoError(t, err)
	again, err := Compute(l, s) // the scratch of the first, if still there
	require.NoError(t, err)
	runtime.GC()
	runtime.GC()
	fresh, err := Compute(l, s) // a new scratch
	require.NoError(t, err)
	for _, got := range []*Result{again, fresh} {
		require.Equal(t, want.Order, got.Order)
		require.Equal(t, want.DCG(), got.DCG())
		require.Equal(t, want.IDCG(), got.IDCG())
		require.Equal(t, want.MaxAbsNDCG(s.Ties), got.MaxAbsNDCG(s.Ties))
	}
	require.NoError(t, l.Validate(s))
	// The id table is made again for each check: a duplicate is still
	// found after computations that let theirs go.
	dup := l.Clone()
	dup.Items[len(dup.Items)-1].ID = dup.Items[0].ID
	_, err = Recompute(fresh, dup, s)
	require.Error(t, err)
	require.Error(t, dup.Validate(s))
	_, err = Compute(l, s)
	require.NoError(t, err)
}
