package ndcg

import (
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"

	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomList draws a list of n items: integer or fractional grades, scores
// rounded to two decimals (so ties are common) or no scores at all, and
// sometimes a pool of judged items the list did not retrieve.
func randomList(rng *rand.Rand, n int) *List {
	l := &List{Items: make([]Item, n)}
	scored := rng.IntN(5) > 0
	fractional := rng.IntN(4) == 0
	levels := 1 + rng.IntN(50)
	for i := range l.Items {
		it := Item{ID: fmt.Sprintf("d%d.%d", rng.IntN(1000), i), Grade: float64(rng.IntN(5))}
		if fractional {
			it.Grade = math.Round(rng.Float64()*400) / 100
		}
		if scored {
			it.Score, it.HasScore = math.Round((rng.Float64()*6-3)*float64(levels))/float64(levels), true
		}
		l.Items[i] = it
	}
	if rng.IntN(3) == 0 {
		for j := range rng.IntN(6) {
			l.Pool = append(l.Pool, Judged{ID: fmt.Sprintf("p%d", j), Grade: float64(rng.IntN(5))})
		}
	}
	return l
}

// propertySettings is a sweep of conventions that keep NDCG in [0, 1]:
// gains that grow with the grade and discounts that do not grow with rank.
func propertySettings(rng *rand.Rand, n int) []Settings {
	var out []Settings
	ks := []int{0, 1, 1 + rng.IntN(max(n, 1)), n, n + 3}
	for _, g := range []Gain{Exp, Linear} {
		for _, d := range []Discount{Log2, JK2, {Kind: DiscountLog, Base: 10}, {Kind: DiscountJK, Base: 3}} {
			for _, src := range []IDCGSource{FromList, FromJudged} {
				out = append(out, Settings{Gain: g, Discount: d, K: ks[rng.IntN(len(ks))], IDCG: src, Zero: float64(rng.IntN(2))})
			}
		}
	}
	return out
}

const eps = 1e-12

func TestPropertyBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(40)
		l := randomList(rng, n)
		for _, s := range propertySettings(rng, n) {
			r, err := Compute(l, s)
			require.NoError(t, err)
			for k := 0; k <= r.Ranks()+1; k++ {
				fail := func(what string, v ...any) {
					t.Helper()
					t.Fatalf("trial %d %s k=%d: %s %v", trial, s, k, what, v)
				}
				for _, p := range TiePolicies {
					if v := r.NDCGAt(p, k); v < -eps || v > 1+eps {
						fail("NDCG outside [0, 1] under "+p.String(), v)
					}
				}
				b := r.DCGBand(k)
				if !leq(b.Worst, b.Expected) || !leq(b.Expected, b.Best) {
					fail("DCG not worst ≤ expected ≤ best", b)
				}
				for _, p := range []TiePolicy{Input, Docno} {
					if v := r.DCGAt(p, k); !leq(b.Worst, v) || !leq(v, b.Best) {
						fail("DCG outside [worst, best] under "+p.String(), v, b)
					}
				}
				nb := r.NDCGBand(k)
				if !leq(nb.Worst, nb.Expected) || !leq(nb.Expected, nb.Best) || nb.Spread() < -eps {
					fail("NDCG not worst ≤ expected ≤ best", nb)
				}
			}
		}
	}
}

// leq is a ≤ b up to rounding.
func leq(a, b float64) bool { return a <= b+eps*math.Max(1, math.Abs(b)) }

// TestPropertyMonotoneScores: only the order of the scores matters, so a
// strictly increasing transform changes nothing, not even the last bit.
func TestPropertyMonotoneScores(t *testing.T) {
	t.Parallel()
	transforms := []struct {
		name string
		f    func(float64) float64
	}{
		{"3x+7", func(x float64) float64 { return 3*x + 7 }},
		{"exp(x)", math.Exp},
		{"x^3", func(x float64) float64 { return x * x * x }},
		{"x-100", func(x float64) float64 { return x - 100 }},
	}
	rng := rand.New(rand.NewPCG(12, 2))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(40)
		l := randomList(rng, n)
		if !l.Scored() {
			continue
		}
		for _, tr := range transforms {
			m := l.Clone()
			for i := range m.Items {
				m.Items[i].Score = tr.f(m.Items[i].Score)
			}
			for _, s := range propertySettings(rng, n)[:4] {
				for _, p := range TiePolicies {
					s.Ties = p
					a, err := Compute(l, s)
					require.NoError(t, err)
					b, err := Compute(m, s)
					require.NoError(t, err)
					at := fmt.Sprintf("trial %d %s %s", trial, tr.name, s)
					require.Equal(t, a.Order, b.Order, at)
					require.Equal(t, len(a.Ties), len(b.Ties), at)
					for k := 0; k <= n; k++ {
						require.Equal(t, a.DCGBand(k), b.DCGBand(k), at)
						require.Equal(t, a.DCGAt(Docno, k), b.DCGAt(Docno, k), at)
						require.Equal(t, a.NDCGAt(p, k), b.NDCGAt(p, k), at)
					}
				}
			}
		}
	}
}

// TestPropertyLogBaseCancels: 1/log_B(i+1) = ln(B)/ln(2) · 1/log2(i+1), so
// every DCG and IDCG scales by ln(B)/ln(2) and NDCG does not move.
func TestPropertyLogBaseCancels(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 3))
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(50)
		l := randomList(rng, n)
		for _, base := range []float64{10, math.E, 3.5} {
			factor := math.Log(base) / math.Ln2
			for _, s := range propertySettings(rng, n) {
				if s.Discount.Kind != DiscountLog || s.Discount.base() != 2 {
					continue
				}
				r2, err := Compute(l, s)
				require.NoError(t, err)
				s.Discount = Discount{Kind: DiscountLog, Base: base}
				rb, err := Compute(l, s)
				require.NoError(t, err)
				for k := 0; k <= r2.Ranks(); k++ {
					at := fmt.Sprintf("trial %d base %v %s k=%d", trial, base, s, k)
					for _, p := range TiePolicies {
						requireAbs(t, r2.NDCGAt(p, k), rb.NDCGAt(p, k), at+" NDCG "+p.String())
						requireRel(t, r2.DCGAt(p, k)*factor, rb.DCGAt(p, k), at+" DCG "+p.String())
					}
					requireRel(t, r2.IDCGAt(k)*factor, rb.IDCGAt(k), at+" IDCG")
				}
			}
		}
	}
}

// TestPropertyIDCG: the ideal ranking depends on the grades only: not on
// the tie policy, the scores, nor the order of the items; with an empty
// pool, the judged source is the list source.
func TestPropertyIDCG(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(14, 4))
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(30)
		l := randomList(rng, n)
		shuffled := l.Clone()
		rng.Shuffle(n, func(i, j int) { shuffled.Items[i], shuffled.Items[j] = shuffled.Items[j], shuffled.Items[i] })
		unscored := l.Clone()
		for i := range unscored.Items {
			unscored.Items[i].HasScore = false
		}
		noPool := l.Clone()
		noPool.Pool = nil
		for _, s := range propertySettings(rng, n) {
			var want []float64
			for _, p := range TiePolicies {
				s.Ties = p
				for _, v := range []*List{l, shuffled, unscored} {
					r, err := Compute(v, s)
					require.NoError(t, err)
					var got []float64
					for k := 0; k <= r.Ranks()+1; k++ {
						got = append(got, r.IDCGAt(k))
					}
					if want == nil {
						want = got
					}
					require.Equal(t, want, got, "trial %d %s", trial, s)
				}
			}

			// Judged with an empty pool equals list, value for value.
			s.IDCG = FromList
			a, err := Compute(noPool, s)
			require.NoError(t, err)
			s.IDCG = FromJudged
			b, err := Compute(noPool, s)
			require.NoError(t, err)
			require.Equal(t, a.IdealOrder, b.IdealOrder)
			for k := 0; k <= n+1; k++ {
				require.Equal(t, a.IDCGAt(k), b.IDCGAt(k))
				require.Equal(t, a.NDCGBand(k), b.NDCGBand(k))
			}
		}
	}
}

// TestPropertyZeroRule: when IDCG@k is 0 NDCG@k is the convention in
// force, under every policy; a pool with relevant items makes IDCG > 0 and
// NDCG 0 for a list without relevant items.
func TestPropertyZeroRule(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(15, 5))
	for trial := 0; trial < 100; trial++ {
		n := rng.IntN(20)
		l := randomList(rng, n)
		for i := range l.Items {
			l.Items[i].Grade = 0
		}
		l.Pool = nil
		for _, zero := range []float64{0, 1} {
			for _, s := range propertySettings(rng, n) {
				s.Zero = zero
				r, err := Compute(l, s)
				require.NoError(t, err)
				for k := 0; k <= n+1; k++ {
					require.Zero(t, r.IDCGAt(k))
					for _, p := range TiePolicies {
						require.Equal(t, zero, r.NDCGAt(p, k), "trial %d %s %s k=%d", trial, s, p, k)
					}
					require.Equal(t, Band{zero, zero, zero, zero}, r.NDCGBand(k))
				}
				if n > 0 {
					require.Equal(t, zero, r.Row(0).NDCG)
				}
				l2 := l.Clone()
				l2.Pool = []Judged{{ID: "relevant", Grade: 2}}
				s.IDCG = FromJudged
				r2, err := Compute(l2, s)
				require.NoError(t, err)
				require.Positive(t, r2.IDCG())
				require.Zero(t, r2.NDCG(), "a judged relevant item not retrieved: NDCG is 0, whatever the rule")
			}
		}
	}
}

// TestPropertyCutoff: k ≥ n is the whole list for DCG (and k ≥ the ideal
// ranking's length for IDCG), whether asked of DCGAt or set in Settings.
func TestPropertyCutoff(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(16, 6))
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(30)
		l := randomList(rng, n)
		for _, s := range propertySettings(rng, n) {
			s.K = 0
			whole, err := Compute(l, s)
			require.NoError(t, err)
			for _, k := range []int{n, n + 1, n + 100} {
				s.K = k
				r, err := Compute(l, s)
				require.NoError(t, err)
				require.Equal(t, n, r.K)
				for _, p := range TiePolicies {
					require.Equal(t, whole.DCGAt(p, 0), r.DCGAt(p, k))
					require.Equal(t, whole.DCGAt(p, 0), whole.DCGAt(p, k))
					s.Ties = p
					rp, err := Compute(l, s)
					require.NoError(t, err)
					require.Equal(t, whole.DCGAt(p, 0), rp.DCG())
				}
				if k >= whole.Ranks() {
					require.Equal(t, whole.IDCG(), r.IDCG())
				}
			}
		}
	}
}

// TestPropertySignedZero: −0 and +0 are the same score, so they tie.
func TestPropertySignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	l := &List{Items: []Item{
		{ID: "A", Grade: 0, Score: negZero, HasScore: true},
		{ID: "B", Grade: 3, Score: 1, HasScore: true},
		{ID: "C", Grade: 2, Score: 0, HasScore: true},
		{ID: "D", Grade: 1, Score: negZero, HasScore: true},
		{ID: "E", Grade: 0, Score: -1, HasScore: true},
	}}
	r, err := Compute(l, Settings{Gain: Linear})
	require.NoError(t, err)
	require.Equal(t, []TieGroup{{Start: 1, End: 4, Score: negZero}}, r.Ties)
	require.Equal(t, []int32{1, 0, 2, 3, 4}, r.Order, "input order within the group of zeros")
	// Ranks 2..4 hold grades 0, 2, 1 in some order: expected gain 1 each.
	// DCG = 3/log2(2) + 1·(1/log2(3) + 1/log2(4) + 1/log2(5)) + 0.
	want := 3 + 1/math.Log2(3) + 0.5 + 1/math.Log2(5)
	requireRel(t, want, r.DCGAt(Expected, 0), "expected DCG")

	plus := l.Clone()
	for i := range plus.Items {
		if plus.Items[i].Score == 0 {
			plus.Items[i].Score = 0
		}
	}
	rp, err := Compute(plus, Settings{Gain: Linear})
	require.NoError(t, err)
	for k := 0; k <= 5; k++ {
		require.Equal(t, rp.DCGBand(k), r.DCGBand(k))
	}
}

// TestPropertyRows: each row of the breakdown adds up: contribution =
// gain × discount, DCG@i is the running sum, NDCG@i = DCG@i / IDCG@i.
func TestPropertyRows(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 7))
	for trial := 0; trial < testenv.Trials(70, 200); trial++ {
		n := 1 + rng.IntN(30)
		l := randomList(rng, n)
		for _, s := range propertySettings(rng, n)[:8] {
			for _, p := range TiePolicies {
				s.Ties = p
				r, err := Compute(l, s)
				require.NoError(t, err)
				dcg, idcg := 0.0, 0.0
				for i := 0; i < n; i++ {
					row := r.Row(i)
					at := fmt.Sprintf("trial %d %s rank %d", trial, s, i+1)
					require.Equal(t, i+1, row.Rank)
					require.Equal(t, l.Items[row.Index], row.Item)
					require.Equal(t, s.Discount.At(i+1), row.Discount, at)
					g := row.Gain
					if p == Expected {
						g = row.ExpectedGain
					}
					require.Equal(t, g, row.TermGain, at+" term gain")
					require.Equal(t, p == Expected && row.Tied, row.Averaged, at+" averaged")
					requireRel(t, g*row.Discount, row.Contribution, at+" contribution")
					dcg += row.Contribution
					requireRel(t, dcg, row.DCG, at+" DCG")
					idcg += row.IdealContribution
					requireRel(t, idcg, row.IDCG, at+" IDCG")
					if row.IDCG > 0 {
						requireAbs(t, row.DCG/row.IDCG, row.NDCG, at+" NDCG")
					}
					require.Equal(t, i < r.K, row.InCutoff, at)
				}
			}
		}
	}
}

// TestPropertyGroupOrder: expected, best and worst do not depend on the
// input order of the items.
func TestPropertyGroupOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 8))
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(30)
		l := randomList(rng, n)
		m := l.Clone()
		rng.Shuffle(n, func(i, j int) { m.Items[i], m.Items[j] = m.Items[j], m.Items[i] })
		for _, s := range propertySettings(rng, n)[:4] {
			a, err := Compute(l, s)
			require.NoError(t, err)
			b, err := Compute(m, s)
			require.NoError(t, err)
			for k := 0; k <= n; k++ {
				at := fmt.Sprintf("trial %d %s k=%d", trial, s, k)
				for _, p := range []TiePolicy{Expected, Best, Worst, Docno} {
					if !l.Scored() {
						continue // without scores the order is the input
					}
					requireRel(t, a.DCGAt(p, k), b.DCGAt(p, k), at+" "+p.String())
				}
			}
		}
	}
}
