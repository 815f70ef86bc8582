package ndcg

import (
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"

	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameResult checks that got holds exactly what want holds: every
// array and every cutoff's sums under every tie policy, to the bit.
func requireSameResult(t *testing.T, want, got *Result, msg string) {
	t.Helper()
	require.Equal(t, want.Settings, got.Settings, msg)
	require.Equal(t, [3]int{want.N, want.K, want.IdealK}, [3]int{got.N, got.K, got.IdealK}, msg)
	sameSlice(t, want.Order, got.Order, msg)
	sameSlice(t, want.Ties, got.Ties, msg)
	require.Equal(t, arrays(want), arrays(got), msg)
	sameSlice(t, want.Discounts, got.Discounts, msg)
	sameSlice(t, want.IdealOrder, got.IdealOrder, msg)
	for _, p := range TiePolicies {
		sameSlice(t, want.orderFor(p), got.orderFor(p), msg+": order under "+p.String())
		for k := 0; k <= want.Ranks()+1; k++ {
			require.Equal(t, want.DCGAt(p, k), got.DCGAt(p, k), "%s: DCG@%d under %s", msg, k, p)
		}
	}
	for k := 0; k <= want.Ranks()+1; k++ {
		require.Equal(t, want.IDCGAt(k), got.IDCGAt(k), "%s: IDCG@%d", msg, k)
	}
}

// sameSlice is require.Equal, an empty slice equal to nil (a result in
// reused memory has empty ones where a fresh one has none).
func sameSlice[T any](t *testing.T, want, got []T, msg string) {
	t.Helper()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	require.Equal(t, want, got, msg)
}

// TestDeriveMatchesCompute: keeping a ranking and changing the grades and
// any setting gives, to the bit, what a full computation gives.
func TestDeriveMatchesCompute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(16, 5))
	for trial := 0; trial < testenv.Trials(100, 300); trial++ {
		n := rng.IntN(60)
		if trial%50 == 0 {
			n = radixMin + rng.IntN(2000) // the radix sort's lists
		}
		l := randomList(rng, n)
		base, err := Compute(l, Settings{Gain: Exp, Discount: Log2, Ties: TiePolicies[rng.IntN(len(TiePolicies))]})
		require.NoError(t, err)
		if rng.IntN(2) == 0 {
			base.DCGAt(Docno, 0) // the docno order, shared with what derives from base
		}
		// Edit a few grades in place, as the explorer does.
		for range rng.IntN(4) {
			if n > 0 {
				l.Items[rng.IntN(n)].Grade = float64(rng.IntN(6))
			}
		}
		if len(l.Pool) > 0 && rng.IntN(2) == 0 {
			l.Pool[0].Grade = math.Round(rng.Float64()*300) / 100
		}
		var spare *Result // DeriveInto reuses the last trial's memory
		for _, s := range propertySettings(rng, n) {
			s.Ties = TiePolicies[rng.IntN(len(TiePolicies))]
			s.TruncateGrades = rng.IntN(4) == 0
			want, err := Compute(l, s)
			require.NoError(t, err)
			got, err := DeriveInto(spare, base, s)
			require.NoError(t, err)
			requireSameResult(t, want, got, s.String())
			spare = got
		}
		// Regrade writes into the previous result's memory.
		s := Settings{Gain: Linear, Discount: Log2, Ties: Expected, K: rng.IntN(n + 2)}
		prev, err := Compute(l, Settings{Gain: Exp, Discount: Log2})
		require.NoError(t, err)
		if n > 0 {
			l.Items[rng.IntN(n)].Grade = float64(rng.IntN(6))
		}
		got, err := Regrade(prev, s)
		require.NoError(t, err)
		want, err := Compute(l, s)
		require.NoError(t, err)
		requireSameResult(t, want, got, "regrade "+s.String())
	}
}

// TestDeriveRejectsAsCompute: a grade the new settings cannot take is the
// error Compute gives.
func TestDeriveRejectsAsCompute(t *testing.T) {
	l := &List{Items: []Item{{ID: "a", Grade: 1, Score: 1, HasScore: true}, {ID: "b", Grade: 2000, Score: 2, HasScore: true}}}
	base, err := Compute(l, Settings{Gain: Linear, Discount: Log2})
	require.NoError(t, err)
	_, want := Compute(l, Settings{Gain: Exp, Discount: Log2})
	require.Error(t, want)
	_, got := Derive(base, Settings{Gain: Exp, Discount: Log2})
	require.Equal(t, want, got)
}
