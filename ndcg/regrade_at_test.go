package ndcg

import (
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"

	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSame checks every number of got against want, bit for bit.
func requireSame(t *testing.T, want, got *Result, what string) {
	t.Helper()
	require.Equal(t, want.Order, got.Order, what)
	require.Equal(t, want.IdealOrder, got.IdealOrder, what)
	require.Equal(t, arrays(want), arrays(got), what)
	for k := 0; k <= want.Ranks(); k++ {
		require.Equal(t, want.DCGBand(k), got.DCGBand(k), "%s: DCG@%d", what, k)
		require.Equal(t, want.DCGAt(Docno, k), got.DCGAt(Docno, k), "%s: docno DCG@%d", what, k)
		require.Equal(t, want.IDCGAt(k), got.IDCGAt(k), "%s: IDCG@%d", what, k)
	}
	for _, p := range TiePolicies {
		require.Equal(t, want.orderFor(p), got.orderFor(p), "%s: order under %v", what, p)
		top := 0.0
		for k := 1; k <= want.N; k++ {
			top = math.Max(top, math.Abs(want.NDCGAt(p, k)))
		}
		require.Equal(t, top, got.MaxAbsNDCG(p), "%s: largest NDCG under %v", what, p)
	}
}

// TestRegradeAtIsCompute: random grade edits made in place give, bit for
// bit, what Compute gives from scratch, under every tie policy, gain,
// IDCG source and grade rule, with edits that leave the shortcut
// (fractional grades, grades of 64 and more, a gain map without the
// grade) and come back to it.
func TestRegradeAtIsCompute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 2))
	for trial := range testenv.Trials(20, 60) {
		n := 1 + rng.IntN(200)
		items := make([]Item, n)
		for i := range items {
			items[i] = Item{ID: fmt.Sprintf("d%d", rng.IntN(1_000_000)*1000+i), Grade: float64(rng.IntN(1 + trial%5)),
				Score: float64(rng.IntN(1 + n/3)), HasScore: trial%7 != 0}
		}
		list := &List{Items: items, Pool: []Judged{{ID: "p1", Grade: 4}, {ID: "p2", Grade: 1}}}
		s := trialSettings(rng, trial, n)
		r, err := Compute(list, s)
		require.NoError(t, err, "trial %d", trial)
		for step := range 40 {
			what := fmt.Sprintf("trial %d step %d", trial, step)
			rank := rng.IntN(n)
			idx := r.Order[rank]
			switch x := rng.IntN(20); {
			case x == 0:
				items[idx].Grade = 2.5
			case x == 1:
				items[idx].Grade = 70
			case x == 2 && s.Gain.Kind == GainMap:
				items[idx].Grade = 9 // not in the map: an error
			default:
				items[idx].Grade = float64(rng.IntN(6))
			}
			want, wantErr := Compute(list, s)
			got, gotErr := RegradeAt(r, rank)
			if wantErr != nil {
				require.Equal(t, wantErr, gotErr, what)
				items[idx].Grade = 1
				r, err = Compute(list, s)
				require.NoError(t, err)
				continue
			}
			require.NoError(t, gotErr, what)
			requireSame(t, want, got, what)
			r = got
		}
	}
}

// BenchmarkRegradeAt is one grade edit on a list of a million items with
// many tie groups, at the top rank (every sum after it added up again)
// and beside Regrade, which redoes every rank.
func BenchmarkRegradeAt(b *testing.B) {
	const n = 1_000_000
	grades, scores := make([]float64, n), make([]float64, n)
	for i := range grades {
		grades[i] = float64((i * 7) % 4)
		scores[i] = float64((i * 7919) % (n/2 + 1))
	}
	list, err := FromGrades(grades, scores)
	require.NoError(b, err)
	r, err := Compute(list, DefaultSettings())
	require.NoError(b, err)
	for _, tc := range []struct {
		name    string
		regrade func(r *Result, rank int) (*Result, error)
	}{
		{"RegradeAt", func(r *Result, rank int) (*Result, error) { return RegradeAt(r, rank) }},
		{"Regrade", func(r *Result, rank int) (*Result, error) { return Regrade(r, r.Settings) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				idx := r.Order[0]
				list.Items[idx].Grade = float64(i % 4)
				if r, err = tc.regrade(r, 0); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
