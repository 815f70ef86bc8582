package ndcg

import (
	"cmp"
	"math"
	"slices"
)

// rank sorts the n items by score (score key and item, rank by rank)
// and returns the ranking and the number of tie groups.
func (sc *scratch) rank(n int) (ranking, int) {
	var scores []float64
	if n < radixMin {
		scores = sc.score[:n]
	}
	p := sortKeys(sc, sc.keys[:n], scores, sc.scoreHi, sc.scoreLo)
	groups := 0
	k := p.keys
	for i := 1; i < n; i++ {
		if k[i] == k[i-1] && (i == 1 || k[i-1] != k[i-2]) {
			groups++
		}
	}
	return p, groups
}

// sortGrades fills order with the first m items (then pool items) by
// grade, highest first, equal grades in index order.
func (sc *scratch) sortGrades(order []int32, m int) {
	if m == 0 {
		return
	}
	keys := grow(sc.gkeys, m)
	grades := sc.grade[:m]
	hi, lo := grades[0], grades[0]
	for i, g := range grades {
		keys[i] = ^floatKey(g)
		hi, lo = max(hi, g), min(lo, g)
	}
	copy(order, sortKeys(sc, keys, grades, hi, lo).idx)
	sc.gkeys = keys
}

// idealBySmallGrade fills r's ideal ranking and
// IDCG when every grade is an integer below 64: a counting sort, then
// each grade's run of ranks.
func (sc *scratch) idealBySmallGrade(r *Result, m int) {
	var next [64]int
	pos := 0
	for g := 63; g >= 0; g-- {
		next[g] = pos
		pos += sc.count[g]
	}
	order := r.IdealOrder[:m]
	for i, g := range sc.grade[:m] {
		b := int(g)
		order[next[b]] = int32(i)
		next[b]++
	}
	idcg, disc := r.idcg[:m], r.Discounts[:m]
	pos, sum := 0, 0.0
	for g := 63; g >= 0; g-- {
		end := pos + sc.count[g]
		v := sc.gains.small[g]
		for x := pos; x < end; x++ {
			sum += v * disc[x]
			idcg[x] = sum
		}
		pos = end
	}
}

// floatKey maps a float64 to a uint64 whose unsigned order is the
// float's order, with −0 and +0 equal (NaN must not occur).
func floatKey(f float64) uint64 {
	if f == 0 {
		f = 0 // folds −0 into +0
	}
	b := math.Float64bits(f)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// ranking is sorted keys and the index each belongs to, in two arrays
// (at a million items, 12 MB instead of 16 as pairs).
type ranking struct {
	keys []uint64
	idx  []int32
}

// keyIndex is a sort key and the index it belongs to.
type keyIndex struct {
	key uint64
	idx int
}

// radixMin is the length from which a radix sort beats a bucket sort.
const radixMin = 4096

// sortKeys sorts keys ascending, equal keys in index order, and returns
// the keys in order with the index of each. vals holds the
// numbers the keys stand for, in descending order when the keys ascend
// (read by the bucket sort alone), hi and lo the largest and smallest;
// keys may be reordered, and the ranking returned lives in sc and keys. Ranking
// by score and by grade are the hot path of every keystroke: below
// radixMin keys a bucket sort on the values, above a least-significant-
// digit radix sort on the keys' bytes.
func sortKeys(sc *scratch, keys []uint64, vals []float64, hi, lo float64) ranking {
	n := len(keys)
	sc.order = grow(sc.order, n)
	order := sc.order[:n]
	if n < radixMin {
		sc.pairs = grow(sc.pairs, n)
		bucketSort(sc.pairs, sc, keys, vals, hi, lo)
		for i, x := range sc.pairs[:n] {
			keys[i], order[i] = x.key, int32(x.idx)
		}
		return ranking{keys: keys, idx: order}
	}
	for i := range order {
		order[i] = int32(i)
	}
	var counts [8][256]int
	for _, k := range keys {
		for b := 0; b < 8; b++ {
			counts[b][byte(k>>(8*b))]++
		}
	}
	sc.keys2, sc.order2 = grow(sc.keys2, n), grow(sc.order2, n)
	src, dst := keys, sc.keys2
	osrc, odst := order, sc.order2
	for b := 0; b < 8; b++ {
		c := &counts[b]
		if c[byte(src[0]>>(8*b))] == n {
			continue // every key has this byte
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		shift := 8 * b
		for i, k := range src {
			d := byte(k >> shift)
			dst[c[d]], odst[c[d]] = k, osrc[i]
			c[d]++
		}
		src, dst = dst, src
		osrc, odst = odst, osrc
	}
	return ranking{keys: src, idx: osrc}
}

// bucketSort is sortKeys for short lists, into p: it spreads the values over
// about n buckets linearly between the largest and the smallest, keeps
// index order within each bucket, and sorts each bucket by key. With a
// few items per bucket that is linear; a bucket that fills up (values
// far apart in scale) falls back to slices.SortFunc.
func bucketSort(p []keyIndex, sc *scratch, keys []uint64, vals []float64, hi, lo float64) {
	n := len(keys)
	if n == 0 {
		return
	}
	nb := n
	scale := float64(nb-1) / (hi - lo)
	if !(hi-lo < math.MaxFloat64 && scale < math.MaxFloat64) {
		// every value equal, too close to divide or too far apart to
		// subtract: one bucket
		nb = 1
	}
	sc.bucket, sc.bcount = grow(sc.bucket, n), grow(sc.bcount, nb+1)
	bucket, count := sc.bucket[:n], sc.bcount[:nb+1]
	clear(count)
	last := int32(nb - 1)
	for i, v := range vals {
		// (hi − v)·scale grows as v falls, so buckets follow the key order.
		b := int32(0)
		if nb > 1 {
			b = min(int32((hi-v)*scale), last)
		}
		bucket[i] = b
		count[b+1]++
	}
	for b := 1; b <= nb; b++ {
		count[b] += count[b-1]
	}
	for i, b := range bucket {
		p[count[b]] = keyIndex{keys[i], i}
		count[b]++
	}
	start := 0
	for b := 0; b < nb; b++ {
		end := count[b]
		if end-start > 1 {
			sortPairs(p[start:end])
		}
		start = end
	}
}

// sortPairs sorts pairs that are in index order by key, keeping equal
// keys in index order.
func sortPairs(p []keyIndex) {
	if len(p) <= 32 {
		for i := 1; i < len(p); i++ {
			v := p[i]
			j := i
			for ; j > 0 && v.key < p[j-1].key; j-- {
				p[j] = p[j-1]
			}
			p[j] = v
		}
		return
	}
	slices.SortFunc(p, func(a, b keyIndex) int { return cmp.Or(cmp.Compare(a.key, b.key), a.idx-b.idx) })
}
