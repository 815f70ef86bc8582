package ndcg

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// permutations calls f with every order of a (a is permuted in place).
func permutations(a []int, f func([]int)) {
	var rec func(int)
	rec = func(i int) {
		if i == len(a) {
			f(a)
			return
		}
		for j := i; j < len(a); j++ {
			a[i], a[j] = a[j], a[i]
			rec(i + 1)
			a[i], a[j] = a[j], a[i]
		}
	}
	rec(0)
}

// bruteDistribution enumerates every order of every tie group of a
// scored list and returns NDCG@k of each (with its multiplicity), using
// the textbook formula directly: exp gain, log2 discount, list IDCG.
func bruteDistribution(grades, scores []float64, k int) map[float64]float64 {
	n := len(grades)
	// Rank by score descending; equal scores form groups.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < n; i++ { // insertion sort, stable
		for j := i; j > 0 && scores[idx[j]] > scores[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	ideal := append([]float64(nil), grades...)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && ideal[j] > ideal[j-1]; j-- {
			ideal[j], ideal[j-1] = ideal[j-1], ideal[j]
		}
	}
	dcg := func(g func(int) float64) float64 {
		s := 0.0
		for i := 0; i < k && i < n; i++ {
			s += (math.Pow(2, g(i)) - 1) / math.Log2(float64(i)+2)
		}
		return s
	}
	idcg := dcg(func(i int) float64 { return ideal[i] })
	var groups [][2]int
	for i := 0; i < n; {
		j := i + 1
		for j < n && scores[idx[j]] == scores[idx[i]] {
			j++
		}
		groups = append(groups, [2]int{i, j})
		i = j
	}
	out := map[float64]float64{}
	total := 0.0
	var rec func(g int)
	rec = func(g int) {
		if g == len(groups) {
			v := 0.0
			if idcg > 0 {
				v = dcg(func(i int) float64 { return grades[idx[i]] }) / idcg
			}
			out[math.Round(v*1e12)/1e12]++
			total++
			return
		}
		s, e := groups[g][0], groups[g][1]
		part := idx[s:e]
		permutations(part, func([]int) { rec(g + 1) })
	}
	rec(0)
	for v := range out {
		out[v] /= total
	}
	return out
}

func TestDistributionMatchesEveryOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(7)
		grades := make([]float64, n)
		scores := make([]float64, n)
		for i := range grades {
			grades[i] = float64(rng.IntN(4))
			scores[i] = float64(rng.IntN(3)) // heavy ties
		}
		k := 1 + rng.IntN(n+1)
		list, err := FromGrades(grades, scores)
		require.NoError(t, err)
		r, err := Compute(list, Settings{Gain: Exp, Discount: Log2, K: k})
		require.NoError(t, err)
		d := r.Distribution(k)
		require.True(t, d.Exact)
		want := bruteDistribution(grades, scores, k)
		got := map[float64]float64{}
		for i, v := range d.Values {
			got[math.Round(v*1e12)/1e12] += d.Weights[i]
		}
		require.Equal(t, len(want), len(got), "grades %v scores %v k %d: values %v want %v", grades, scores, k, got, want)
		for v, p := range want {
			assert.InDelta(t, p, got[v], 1e-12, "P(NDCG=%v) for grades %v scores %v k %d", v, grades, scores, k)
		}
		// The distribution's mean is the expected value, its ends the best and worst.
		b := r.NDCGBand(k)
		assert.InDelta(t, b.Expected, d.Mean(), 1e-12)
		assert.InDelta(t, b.Worst, d.Values[0], 1e-12)
		assert.InDelta(t, b.Best, d.Values[len(d.Values)-1], 1e-12)
	}
}

func TestDistributionCountsArrangementsThatMatter(t *testing.T) {
	// Four tied items graded 1,1,0,0 at the top, k=2: the grade pairs that
	// can land in ranks 1..2 are 11, 10, 01, 00 — four arrangements, with
	// probabilities 2/4·1/3, 2/4·2/3, 2/4·2/3, 2/4·1/3 = 1/6, 1/3, 1/3, 1/6.
	list, err := FromGrades([]float64{1, 1, 0, 0}, []float64{5, 5, 5, 5})
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2, K: 2})
	require.NoError(t, err)
	d := r.Distribution(2)
	assert.Equal(t, 4.0, d.Arrangements)
	assert.Equal(t, 24.0, d.Orders, "4! orders of the group give the four arrangements")
	// IDCG@2 = 1 + 1/log2(3) = 1.6309297535714575.
	// Values: 00 → 0; 01 → 0.63093/1.63093 = 0.386853; 10 → 1/1.63093 = 0.613147; 11 → 1.
	assert.InDeltaSlice(t, []float64{0, 0.6309297535714575 / 1.6309297535714575, 1 / 1.6309297535714575, 1}, d.Values, 1e-12)
	assert.InDeltaSlice(t, []float64{1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, d.Weights, 1e-12)
}

// The constant-model sample: eight tied items graded 3,2,2,1,0,0,0,0 at
// k=5 have 8! = 40,320 orders and, as Python's itertools counts them
// (len(set(p[:5] for p in permutations(grades)))), 265 distinct
// sequences of grades in the top 5.
func TestDistributionCountsOrdersAndArrangements(t *testing.T) {
	list, err := FromGrades([]float64{3, 2, 2, 1, 0, 0, 0, 0}, []float64{1, 1, 1, 1, 1, 1, 1, 1})
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Exp, Discount: Log2, K: 5})
	require.NoError(t, err)
	d := r.Distribution(5)
	assert.Equal(t, 265.0, d.Arrangements)
	assert.Equal(t, 40320.0, d.Orders)
}

func TestDistributionSamplesBeyondTheLimit(t *testing.T) {
	// Twelve tied items with distinct grades, whole list: 12! orders, all distinct.
	grades := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	scores := make([]float64, len(grades))
	list, err := FromGrades(grades, scores)
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2})
	require.NoError(t, err)
	d := r.Distribution(0)
	assert.False(t, d.Exact)
	assert.Equal(t, 479001600.0, d.Arrangements) // 12!
	assert.GreaterOrEqual(t, d.Samples, 1000)
	sum := 0.0
	for _, w := range d.Weights {
		sum += w
	}
	assert.InDelta(t, 1, sum, 1e-9)
	assert.InDelta(t, r.NDCGBand(0).Expected, d.Mean(), 0.01)
	again := r.Distribution(0)
	assert.Equal(t, d.Values, again.Values, "a fixed seed gives the same sample every time")
}

// Large tie groups are counted without underflow: the count of a group
// of 400 items once came out as 0, so the distribution tried to enumerate
// 4^400 orders and never returned.
func TestDistributionLargeGroups(t *testing.T) {
	t.Parallel()
	// 20 items graded 1 and 20 graded 0, all tied, whole list: the
	// distinct grade sequences are the ways to place the 20 ones among
	// 40 ranks, C(40, 20) = 137,846,528,820.
	tied := func(n, levels int) *Result {
		grades, scores := make([]float64, n), make([]float64, n)
		for i := range grades {
			grades[i] = float64(i % levels)
		}
		list, err := FromGrades(grades, scores)
		require.NoError(t, err)
		r, err := Compute(list, Settings{Gain: Linear, Discount: Log2})
		require.NoError(t, err)
		return r
	}
	d := tied(40, 2).Distribution(0)
	assert.False(t, d.Exact)
	assert.Equal(t, 137846528820.0, d.Arrangements)

	for _, n := range []int{400, 5000} {
		r := tied(n, 4)
		d := r.Distribution(0)
		assert.False(t, d.Exact, "n=%d", n)
		assert.True(t, math.IsInf(d.Arrangements, 1), "n=%d: %g", n, d.Arrangements)
		assert.InDelta(t, r.NDCGBand(0).Expected, d.Mean(), 0.01, "n=%d", n)
	}
}

func TestHistogram(t *testing.T) {
	d := Distribution{Values: []float64{0, 0.3, 0.5, 1}, Weights: []float64{0.1, 0.2, 0.3, 0.4}}
	assert.InDeltaSlice(t, []float64{0.3, 0.7}, d.Histogram(2, 0, 1), 1e-15)
}

// Tie groups are numbered in rank order among the groups alone, so T1 is
// the first group a reader meets whatever the untied scores before it.
// Scores 0.9 | 0.8 0.8 | 0.5 | 0.3 0.3: the distinct scores number the
// groups 2 and 4; their labels are T1 and T2.
func TestTieLabelsInRankOrder(t *testing.T) {
	l, err := FromGrades([]float64{1, 2, 3, 0, 1, 2}, []float64{0.9, 0.8, 0.8, 0.5, 0.3, 0.3})
	require.NoError(t, err)
	r, err := Compute(l, DefaultSettings())
	require.NoError(t, err)
	var got []string
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		if row.Tied {
			got = append(got, TieLabel(row.Tie))
		} else {
			assert.Zero(t, row.Tie)
		}
	}
	assert.Equal(t, []string{"T1", "T1", "T2", "T2"}, got)
	assert.Equal(t, 2, r.Row(1).TieGroup, "TieGroup still numbers the distinct scores")
}
