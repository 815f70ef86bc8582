package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// snapshot reads every number a result offers, so two results can be
// compared whole.
func snapshot(r *Result) map[string]any {
	out := map[string]any{
		"N": r.N, "K": r.K, "IdealK": r.IdealK, "Ties": nz(r.Ties),
		"Order": nz(r.Order), "arrays": arrays(r),
		"Discounts": nz(r.Discounts), "IdealOrder": nz(r.IdealOrder),
	}
	for _, p := range TiePolicies {
		out["order "+p.String()] = nz(r.orderFor(p))
		var dcg []float64
		for k := 0; k <= r.Ranks()+1; k++ {
			dcg = append(dcg, r.DCGAt(p, k), r.NDCGAt(p, k), r.IDCGAt(k))
		}
		out["dcg "+p.String()] = dcg
	}
	var rows []Rank
	for i := 0; i < r.N; i++ {
		rows = append(rows, r.Row(i))
	}
	out["rows"] = rows
	return out
}

// nz reads an empty slice as nil: empty and nil say the same here.
func nz[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestRecomputeReusesNothingStale: a result recomputed in the memory of
// earlier ones, of other lists, sizes and settings, equals a fresh one.
func TestRecomputeReusesNothingStale(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	var prev *Result
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(60)
		if trial%50 == 0 {
			n = 5000 + rng.IntN(2000) // the radix sort's range
		}
		l := randomList(rng, n)
		settings := propertySettings(rng, n)
		s := settings[rng.IntN(len(settings))]
		s.Ties = TiePolicies[rng.IntN(len(TiePolicies))]
		fresh, err := Compute(l, s)
		require.NoError(t, err)
		want := snapshot(fresh)
		prev, err = Recompute(prev, l, s)
		require.NoError(t, err)
		require.Equal(t, want, snapshot(prev), "trial %d: %s, %d items", trial, s, n)
		if trial%7 == 0 {
			// A failed recompute leaves nothing the next one trips on.
			bad := l.Clone()
			bad.Items = append(bad.Items, Item{ID: "bad", Grade: -1})
			_, err := Recompute(prev, bad, s)
			require.Error(t, err)
		}
	}
}

// TestLargeListsAgree: the radix sort (long lists) and the bucket sort
// (short ones) rank alike: a long list's ranking restricted to its first
// items' scores agrees with ranking those items alone.
func TestLargeListsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 2))
	for _, n := range []int{radixMin - 1, radixMin, 3 * radixMin} {
		l := randomList(rng, n)
		for i := range l.Items {
			l.Items[i].HasScore = true
			l.Items[i].ID = fmt.Sprint(i)
		}
		r, err := Compute(l, Settings{Gain: Linear})
		require.NoError(t, err)
		order := bruteStable(l)
		require.Equal(t, order, ints(r.Order))
		for k := 1; k <= n; k *= 3 {
			requireRel(t, bruteDCG(l, Linear, order, k), r.DCGAt(Input, k), fmt.Sprintf("n=%d DCG@%d", n, k))
			requireRel(t, bruteIDCG(l, Linear, k), r.IDCGAt(k), fmt.Sprintf("n=%d IDCG@%d", n, k))
		}
	}
}

// TestRankingExtremeScores: scores far apart in scale, huge, tiny and
// subnormal, signed zeros, rank as a stable sort does, short lists and
// long ones.
func TestRankingExtremeScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	pools := [][]float64{
		{math.MaxFloat64, -math.MaxFloat64, 0, 1},
		{5e-324, -5e-324, 0, math.Copysign(0, -1), 1e-300},
		{1e300, 1e-300, 1, 2, 3, -1e300},
		{1, 1 + 1e-16, 1 + 2e-16, 1 - 1e-16},
		{7},
	}
	for trial := 0; trial < 120; trial++ {
		pool := pools[trial%len(pools)]
		n := 1 + rng.IntN(200)
		if trial%20 == 0 {
			n = radixMin + rng.IntN(3000)
		}
		l := &List{Items: make([]Item, n)}
		for i := range l.Items {
			x := pool[rng.IntN(len(pool))]
			if rng.IntN(3) == 0 {
				x *= rng.Float64() // values in between
			}
			l.Items[i] = Item{ID: fmt.Sprint(i), Grade: float64(rng.IntN(3)), Score: x, HasScore: true}
		}
		r, err := Compute(l, Settings{Gain: Linear})
		require.NoError(t, err)
		require.Equal(t, bruteStable(l), ints(r.Order), "trial %d", trial)
		groups := bruteGroups(l, ints(r.Order))
		ties := 0
		for _, g := range groups {
			if g[1]-g[0] > 1 {
				ties++
			}
		}
		require.Len(t, r.Ties, ties, "trial %d", trial)
	}
}

// TestRecomputeDoesNotAllocate: recomputing into the previous result's
// memory allocates nothing, ties or not, short lists or long.
func TestRecomputeDoesNotAllocate(t *testing.T) {
	for _, n := range []int{1000, 20000} {
		list := benchList(n)
		for _, p := range TiePolicies {
			s := Settings{Gain: Exp, K: 10, Ties: p}
			r, err := Compute(list, s)
			require.NoError(t, err)
			allocs := testing.AllocsPerRun(20, func() {
				r, err = Recompute(r, list, s)
				r.NDCGBand(10)
			})
			require.NoError(t, err)
			if p == Expected || p == Input {
				require.Zero(t, allocs, "n=%d %s", n, p)
			} else {
				// best, worst and docno work out their order when asked
				require.LessOrEqual(t, allocs, 3.0, "n=%d %s", n, p)
			}
		}
	}
}
