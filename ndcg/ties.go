package ndcg

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// MaxExactArrangements is the largest number of distinct tie orders that
// Distribution enumerates; beyond it, it samples.
const MaxExactArrangements = 100_000

// DistributionSeed seeds the sampler, so sampled distributions are the
// same on every run.
const DistributionSeed = 20080701

// Distribution is NDCG@k over every order of the tie groups, each order
// equally likely.
type Distribution struct {
	K int
	// Values are the distinct NDCG@k values, ascending; Weights their
	// probabilities (exact) or frequencies (sampled), summing to 1.
	Values, Weights []float64
	// Exact is false when the distribution was sampled.
	Exact bool
	// Arrangements counts the distinct arrangements of grades inside the
	// top k that the tie groups allow (+Inf past 2^53).
	Arrangements float64
	// Orders counts the orders of the tie groups that reach the top k,
	// each equally likely: the product of their sizes' factorials (+Inf
	// past what a float64 holds). Several orders give one arrangement
	// when a group holds equal grades or runs past k: the 8! = 40,320
	// orders of eight tied items with grades 3,2,2,1,0,0,0,0 give 265
	// arrangements of the top 5.
	Orders float64
	// Samples is the number of random orders drawn when not Exact.
	Samples int
}

// Mean is the distribution's mean.
func (d Distribution) Mean() float64 {
	m := 0.0
	for i, v := range d.Values {
		m += v * d.Weights[i]
	}
	return m
}

// Histogram spreads the probability over bins equal-width bins on
// [lo, hi]; values outside are clamped into the end bins.
func (d Distribution) Histogram(bins int, lo, hi float64) []float64 {
	out := make([]float64, bins)
	if bins == 0 {
		return out
	}
	width := (hi - lo) / float64(bins)
	for i, v := range d.Values {
		b := 0
		if width > 0 {
			b = int((v - lo) / width)
		}
		out[min(max(b, 0), bins-1)] += d.Weights[i]
	}
	return out
}

// tieSlice is the part of a tie group that lies inside the top k.
type tieSlice struct {
	start, m int       // first rank and number of ranks inside the top k
	gains    []float64 // the group's gains
}

// Distribution returns NDCG@k (k counts ranks; 0 means the whole list)
// over every order of every tie group. Only the grades that land inside
// the top k matter, so the arrangements counted are the distinct grade
// sequences there. Up to MaxExactArrangements it enumerates them with
// their exact probabilities; beyond, it samples random orders with a
// fixed seed.
func (r *Result) Distribution(k int) Distribution {
	// IDCG counts the ideal ranking to k as asked, which a judged pool
	// can make longer than the list; only DCG stops at the list's end.
	idcg := r.IDCGAt(k)
	k = cut(k, r.N)
	d := Distribution{K: k, Exact: true, Arrangements: 1, Orders: 1}
	fixed := 0.0
	var groups []tieSlice
	gainAt := r.inputGain
	for i, g := 0, 0; i < k; i++ {
		for g < len(r.Ties) && r.Ties[g].End <= i {
			g++
		}
		if g == len(r.Ties) || i < r.Ties[g].Start {
			fixed += gainAt(i) * r.Discounts[i]
		}
	}
	for _, t := range r.Ties {
		if t.Start >= k {
			break
		}
		g := tieSlice{start: t.Start, m: min(t.End, k) - t.Start, gains: make([]float64, t.Size())}
		for i := range g.gains {
			g.gains[i] = gainAt(t.Start + i)
		}
		slices.Sort(g.gains)
		d.Arrangements *= countSequences(g.gains, g.m)
		for n := 2; n <= t.Size(); n++ {
			d.Orders *= float64(n)
		}
		groups = append(groups, g)
	}
	var values, weights []float64
	if d.Arrangements <= MaxExactArrangements {
		values, weights = []float64{fixed}, []float64{1}
		for _, g := range groups {
			gv, gw := enumerate(g, r.Discounts)
			nv := make([]float64, 0, len(values)*len(gv))
			nw := make([]float64, 0, len(values)*len(gv))
			for i, v := range values {
				for j, x := range gv {
					nv = append(nv, v+x)
					nw = append(nw, weights[i]*gw[j])
				}
			}
			values, weights = nv, nw
		}
	} else {
		d.Exact = false
		work := 0
		for _, g := range groups {
			work += g.m
		}
		d.Samples = min(max(4_000_000/max(work, 1), 1000), 20000)
		rng := rand.New(rand.NewPCG(DistributionSeed, uint64(k)))
		values = make([]float64, d.Samples)
		weights = make([]float64, d.Samples)
		// Each draw shuffles the first m gains of a group in place and
		// then undoes its swaps, so a draw costs the ranks inside the top
		// k, not the size of the group.
		swaps := make([]int, 0, work)
		for s := range values {
			v := fixed
			for _, g := range groups {
				buf := g.gains
				swaps = swaps[:0]
				for i := 0; i < g.m; i++ {
					j := i + rng.IntN(len(buf)-i)
					buf[i], buf[j] = buf[j], buf[i]
					swaps = append(swaps, j)
					v += buf[i] * r.Discounts[g.start+i]
				}
				for i := len(swaps) - 1; i >= 0; i-- {
					buf[i], buf[swaps[i]] = buf[swaps[i]], buf[i]
				}
			}
			values[s], weights[s] = v, 1/float64(d.Samples)
		}
	}
	for i := range values {
		values[i] = r.ratio(values[i], idcg)
	}
	d.Values, d.Weights = mergeEqual(values, weights)
	return d
}

// countSequences counts the distinct sequences of length m drawn without
// replacement from the multiset of sorted values, or returns +Inf once the
// count passes 2^53, where float64 stops counting exactly. Adding a value
// that occurs c times to sequences of length a gives C(a+b, b) sequences
// of length a+b for every b ≤ c. There are no fewer sequences of length m
// than of any length a ≤ m, so a partial count past the limit settles it,
// early: a group of thousands of tied items costs little, and the counts,
// whole numbers, never underflow to 0 as a product of 1/b! terms would.
func countSequences(sorted []float64, m int) float64 {
	const limit = 1 << 53
	count := make([]float64, m+1)
	count[0] = 1
	next := make([]float64, m+1)
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		c := j - i
		clear(next)
		for a, n := range count {
			if n == 0 {
				continue
			}
			binom := 1.0 // C(a+b, b)
			for b := 0; b <= c && a+b <= m; b++ {
				if b > 0 {
					binom = binom * float64(a+b) / float64(b)
				}
				next[a+b] += n * binom
				if next[a+b] > limit {
					return math.Inf(1)
				}
			}
		}
		count, next = next, count
		i = j
	}
	return math.Round(count[m])
}

// enumerate lists the DCG contribution of every distinct grade sequence
// the group can put in its ranks inside the top k, with its probability
// when the group's order is uniformly random.
func enumerate(g tieSlice, disc []float64) (values, probs []float64) {
	var distinct []float64
	var counts []int
	for i := 0; i < len(g.gains); {
		j := i
		for j < len(g.gains) && g.gains[j] == g.gains[i] {
			j++
		}
		distinct = append(distinct, g.gains[i])
		counts = append(counts, j-i)
		i = j
	}
	left := len(g.gains)
	var walk func(pos int, sum, p float64)
	walk = func(pos int, sum, p float64) {
		if pos == g.m {
			values = append(values, sum)
			probs = append(probs, p)
			return
		}
		for v, c := range counts {
			if c == 0 {
				continue
			}
			pc := p * float64(c) / float64(left)
			counts[v]--
			left--
			walk(pos+1, sum+distinct[v]*disc[g.start+pos], pc)
			counts[v]++
			left++
		}
	}
	walk(0, 0, 1)
	return values, probs
}

// mergeEqual sorts values and adds up the weights of values that differ
// only by rounding.
func mergeEqual(values, weights []float64) ([]float64, []float64) {
	idx := make([]int, len(values))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return values[idx[a]] < values[idx[b]] })
	var v, w []float64
	for _, i := range idx {
		if n := len(v); n > 0 && values[i]-v[n-1] <= 1e-12*math.Max(1, math.Abs(values[i])) {
			w[n-1] += weights[i]
			continue
		}
		v = append(v, values[i])
		w = append(w, weights[i])
	}
	return v, w
}
