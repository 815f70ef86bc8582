package ndcg

import (
	"math"
	"sync"
)

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

// radixSort fills order with 0..len(keys)-1 sorted by keys ascending,
// equal keys in index order. It is a least-significant-digit radix sort
// on bytes that skips the bytes all keys share: ranking by score and by
// grade are the hot path of every keystroke, and for n in the thousands
// and up this beats a comparison sort, stability included.
func radixSort(keys []uint64, order []int) {
	n := len(keys)
	for i := range order {
		order[i] = i
	}
	if n < 64 {
		insertionSort(keys, order)
		return
	}
	var counts [8][256]int
	for _, k := range keys {
		for b := 0; b < 8; b++ {
			counts[b][byte(k>>(8*b))]++
		}
	}
	src, dst := keys, make([]uint64, n)
	osrc, odst := order, make([]int, n)
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
	if &osrc[0] != &order[0] {
		copy(order, osrc)
	}
}

func insertionSort(keys []uint64, order []int) {
	for i := 1; i < len(keys); i++ {
		k, o := keys[i], order[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], order[j] = keys[j-1], order[j-1]
		}
		keys[j], order[j] = k, o
	}
}

// discountCache holds each discount's values for ranks 1..len, so a
// recompute on every keystroke does not take a logarithm per rank.
var discountCache sync.Map // string → []float64

// discounts returns the discount at ranks 1..n. The slice is shared:
// callers must not modify it.
func discounts(d Discount, n int) []float64 {
	key := d.String()
	if v, ok := discountCache.Load(key); ok {
		if s := v.([]float64); len(s) >= n {
			return s[:n:n]
		}
	}
	size := max(n, 64)
	s := make([]float64, size)
	for i := range s {
		s[i] = d.At(i + 1)
	}
	discountCache.Store(key, s)
	return s[:n:n]
}
