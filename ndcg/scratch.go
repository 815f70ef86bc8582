package ndcg

import (
	"math"
	"sync"
	"sync/atomic"
	"weak"
)

// scratch holds the working arrays of one Compute that the result does
// not keep, reused across computations so that a recompute on every
// keystroke allocates little besides its result.
type scratch struct {
	// grade and gain of each item, then of each pool item (grades
	// truncated when the settings say so).
	grade, gain []float64
	// keys and order: the score keys and, after rank, the ranking;
	// score the scores themselves, for the bucket sort of a short list.
	keys  []uint64
	order []int32
	score []float64
	// the largest and smallest score
	scoreHi, scoreLo float64
	// the bucket sort's bucket of each key and count per bucket
	bucket []int32
	bcount []int
	// buffers of the sorts
	keys2  []uint64
	order2 []int32
	pairs  []keyIndex // a short list's
	// smallGrades: every grade that counts in the ideal ranking is an
	// integer in [0, 64), and count holds how many items have each.
	smallGrades bool
	count       [64]int
	// the id hash set: hashes (0 = empty) and the item holding each
	ids   []uint64
	idAt  []int32
	gains gainTable
	// gkeys are the grade keys of the ideal ranking.
	gkeys []uint64
	// list is the list being loaded, for the ids; nil between uses.
	list *List
}

// Small scratches are pooled. A scratch for a long list is kept apart
// and only weakly: the next edit reuses it while the garbage collector
// has not run, but it does not stay in memory beside a list of a
// million items that is only being looked at (a pooled scratch would
// survive two collections, and a long list's working arrays are about
// as large as its result).
var (
	scratchPool = sync.Pool{New: func() any { return new(scratch) }}
	bigScratch  atomic.Pointer[weak.Pointer[scratch]]
)

// bigList is the number of items from which a scratch is kept only weakly.
const bigList = 1 << 16

// getScratch returns a scratch for a list of n items and pool items.
func getScratch(n int) *scratch {
	if n >= bigList {
		if w := bigScratch.Swap(nil); w != nil {
			if sc := w.Value(); sc != nil {
				return sc
			}
		}
		return new(scratch)
	}
	return scratchPool.Get().(*scratch)
}

// putScratch gives sc back once its computation on a list of n items
// and pool items (as given to getScratch) is done.
func putScratch(sc *scratch, n int) {
	sc.list = nil
	if n >= bigList || cap(sc.ids) >= 2*bigList {
		w := weak.Make(sc)
		bigScratch.Store(&w)
		return
	}
	scratchPool.Put(sc)
}

// grow returns s resized to n, reallocated only when too small (with
// room for a list that grows by a few items an edit); the contents are
// not cleared, so callers write every element.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/8)
	}
	return s[:n]
}

// gainTable is a Gain with the gains of the integer grades 0..63 looked
// up instead of computed (no math.Exp2, no map access per item). It is
// filled from Gain.Of and Gain.Check, so a new kind of gain needs no
// case here.
type gainTable struct {
	gain  Gain
	small [64]float64 // NaN where the gain is not defined
}

func (t *gainTable) set(g Gain) {
	t.gain = g
	for i := range t.small {
		t.small[i], _ = t.large(float64(i))
	}
}

// large returns the gain of a grade ≥ 0 that is not an integer below
// 64 (NaN when it is not defined), and whether it is defined.
func (t *gainTable) large(g float64) (float64, bool) {
	if t.gain.Check(g) != nil {
		return math.NaN(), false
	}
	return t.gain.Of(g), true
}

// hashID hashes an id for the duplicate check: ids are mostly a few
// bytes long, and a general-purpose hash would cost more than the rest
// of the check. The slot is taken from the top bits (Fibonacci hashing);
// equal hashes are compared as strings, so a collision costs time, never
// a wrong answer.
func hashID(s string) uint64 {
	if len(s) > 8 {
		return hashLong(s)
	}
	return hashShort(s)
}

// hashShort hashes an id of at most 8 bytes from two overlapping reads
// that between them cover every byte (the first and last four, or the
// first, middle and last byte).
func hashShort(s string) uint64 {
	var x uint64
	switch n := len(s); {
	case n >= 4:
		x = uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			(uint64(s[n-4])|uint64(s[n-3])<<8|uint64(s[n-2])<<16|uint64(s[n-1])<<24)<<32
	case n > 0:
		x = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return (x ^ uint64(len(s))<<59) * fibonacci
}

const fibonacci = 0x9e3779b97f4a7c15 // 2^64 / the golden ratio

func hashLong(s string) uint64 {
	h := uint64(len(s))
	for len(s) > 8 {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = (h ^ x) * fibonacci
		h ^= h >> 29
		s = s[8:]
	}
	var tail uint64
	for i := 0; i < len(s); i++ {
		tail |= uint64(s[i]) << (8 * i)
	}
	return (h<<56 ^ tail ^ h>>8) * fibonacci
}

// load checks every item and pool item in one pass and records their
// grades, gains and score keys, and counts the small grades. It returns
// false at the first problem List.Validate would report, without saying
// which: the caller asks Validate for the message.
func (sc *scratch) load(l *List, s Settings) bool { return sc.pass(l, s, true) }

// check is load without recording anything but the ids: List.Validate's
// pass, which at a million items then needs 24 MB less while the file
// just read may still be in memory.
func (sc *scratch) check(l *List, s Settings) bool { return sc.pass(l, s, false) }

func (sc *scratch) pass(l *List, s Settings, record bool) bool {
	sc.list = l
	n, total := len(l.Items), len(l.Items)+len(l.Pool)
	short := n < radixMin // sorted by bucket, which reads the scores
	var grades, gains, scores []float64
	var keys []uint64
	if record {
		sc.grade, sc.gain = grow(sc.grade, total), grow(sc.gain, total)
		sc.keys = grow(sc.keys, n)
		if short {
			sc.score = grow(sc.score, n)
		}
		grades, gains, keys, scores = sc.grade[:total], sc.gain[:total], sc.keys[:n], sc.score[:min(n, len(sc.score))]
	}
	sc.gains.set(s.Gain)
	ids, idAt, shift := sc.resetIDs(total)
	mask := uint64(len(ids) - 1)
	table := &sc.gains.small
	count := &sc.count
	clear(count[:])
	scored, small, trunc := l.Scored(), true, s.TruncateGrades
	items := l.Items
	var hi, lo float64
	if scored {
		hi, lo = items[0].Score, items[0].Score
	}
	for i := range items {
		it := &items[i]
		if it.HasScore != scored {
			return false
		}
		if scored {
			x := it.Score
			if x-x != 0 { // NaN or ±Inf
				return false
			}
			if record {
				keys[i] = ^floatKey(x) // descending
				if short {
					scores[i] = x
				}
			}
			if x > hi {
				hi = x
			}
			if x < lo {
				lo = x
			}
		}
		g := it.Grade
		if !(g >= 0 && g <= math.MaxFloat64) { // NaN, negative, +Inf
			return false
		}
		if trunc {
			g = math.Trunc(g)
		}
		var v float64
		if g < 64 && g == float64(int(g)) {
			v = table[int(g)]
			if v != v { // a gain map without this grade
				return false
			}
			count[int(g)]++
		} else {
			var ok bool
			if v, ok = sc.gains.large(g); !ok {
				return false
			}
			small = false
		}
		if record {
			grades[i], gains[i] = g, v
		}

		h := hashShort(it.ID)
		if len(it.ID) > 8 {
			h = hashLong(it.ID)
		}
		if h == 0 {
			h = 1 // 0 marks an empty slot
		}
		for slot := h >> shift; ; slot = (slot + 1) & mask {
			e := ids[slot]
			if e == 0 {
				ids[slot], idAt[slot] = h, int32(i)
				break
			}
			if e == h && sc.idOf(int(idAt[slot])) == it.ID {
				return false
			}
		}
	}
	judged := s.IDCG == FromJudged
	for j := range l.Pool {
		p := &l.Pool[j]
		g := p.Grade
		if !(g >= 0 && g <= math.MaxFloat64) {
			return false
		}
		if trunc {
			g = math.Trunc(g)
		}
		var v float64
		if g < 64 && g == float64(int(g)) {
			if v = table[int(g)]; v != v {
				return false
			}
			if judged {
				count[int(g)]++
			}
		} else {
			var ok bool
			if v, ok = sc.gains.large(g); !ok {
				return false
			}
			small = small && !judged
		}
		if record {
			grades[n+j], gains[n+j] = g, v
		}
		if !sc.addID(p.ID, n+j, shift) {
			return false
		}
	}
	sc.smallGrades, sc.scoreHi, sc.scoreLo = small, hi, lo
	return true
}

// loadGrades is load for a list whose ids and scores an earlier load
// checked: it records only the grades and gains, and counts the small
// grades, returning false at a grade List.Validate would reject.
func (sc *scratch) loadGrades(l *List, s Settings) bool {
	sc.list = l
	n, total := len(l.Items), len(l.Items)+len(l.Pool)
	sc.grade, sc.gain = grow(sc.grade, total), grow(sc.gain, total)
	sc.gains.set(s.Gain)
	grades, gains := sc.grade[:total], sc.gain[:total]
	table, count := &sc.gains.small, &sc.count
	clear(count[:])
	small, trunc, judged := true, s.TruncateGrades, s.IDCG == FromJudged
	for i := range grades {
		var g float64
		if i < n {
			g = l.Items[i].Grade
		} else {
			g = l.Pool[i-n].Grade
		}
		if !(g >= 0 && g <= math.MaxFloat64) {
			return false
		}
		if trunc {
			g = math.Trunc(g)
		}
		counts := i < n || judged
		var v float64
		if g < 64 && g == float64(int(g)) {
			if v = table[int(g)]; v != v {
				return false
			}
			if counts {
				count[int(g)]++
			}
		} else {
			var ok bool
			if v, ok = sc.gains.large(g); !ok {
				return false
			}
			small = small && !counts
		}
		grades[i], gains[i] = g, v
	}
	sc.smallGrades = small
	return true
}

// addID adds the id of item (or pool item, numbered after the items) i
// to the set, and reports false when another item has the same id. load
// inlines it for the items.
func (sc *scratch) addID(id string, i int, shift uint) bool {
	h := hashID(id)
	if h == 0 {
		h = 1
	}
	mask := uint64(len(sc.ids) - 1)
	for slot := h >> shift; ; slot = (slot + 1) & mask {
		e := sc.ids[slot]
		if e == 0 {
			sc.ids[slot], sc.idAt[slot] = h, int32(i)
			return true
		}
		if e == h && sc.idOf(int(sc.idAt[slot])) == id {
			return false
		}
	}
}

// resetIDs empties the id set for total ids, an open-addressing table
// of 64-bit hashes at most half full, and returns it with the shift that
// takes a hash to its slot.
func (sc *scratch) resetIDs(total int) ([]uint64, []int32, uint) {
	size, shift := 16, uint(60)
	for size < 2*total {
		size, shift = size<<1, shift-1
	}
	sc.ids = grow(sc.ids, size)
	clear(sc.ids)
	sc.idAt = grow(sc.idAt, size)
	return sc.ids, sc.idAt, shift
}

// idOf is the id of item i, or of pool item i−len(Items).
func (sc *scratch) idOf(i int) string {
	if items := sc.list.Items; i < len(items) {
		return items[i].ID
	}
	return sc.list.Pool[i-len(sc.list.Items)].ID
}

// discountCache holds each discount's values for ranks 1..len, so a
// recompute on every keystroke does not take a logarithm per rank.
var discountCache sync.Map // string → *discountTable

type discountTable struct {
	vals []float64
	// falls says that no value is above the one before: the largest
	// |gain × discount| over ranks of one gain is then at the first.
	falls bool
}

// discounts returns the discount at ranks 1..n, and whether the values
// never rise. The slice is shared: callers must not modify it.
func discounts(d Discount, n int) ([]float64, bool) {
	key := d.String()
	if v, ok := discountCache.Load(key); ok {
		if t := v.(*discountTable); len(t.vals) >= n {
			return t.vals[:n:n], t.falls
		}
	}
	t := &discountTable{vals: make([]float64, max(n, 64)), falls: true}
	for i := range t.vals {
		t.vals[i] = d.At(i + 1)
		if i > 0 && !(t.vals[i] <= t.vals[i-1]) {
			t.falls = false
		}
	}
	discountCache.Store(key, t)
	return t.vals[:n:n], t.falls
}
