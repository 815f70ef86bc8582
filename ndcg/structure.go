package ndcg

import (
	"math"
	"slices"
	"sort"
)

// DeleteAt is Recompute after the item at index idx was removed from
// prev's list (the items after it moved up one place), everything else
// as prev had it. prev is updated in place and returned, with the rank
// the item had; the rank is −1 when it was recomputed from scratch. As
// with Recompute, do not keep slices read from prev before the call.
//
// It is the explorer's recomputation after a deletion on a long list:
// no sort, no check of every id. The ranking loses one rank and the
// item indices above idx fall by one; the tie groups around the rank
// are found again, the running DCG sums added up from the first rank
// that changed, and the ideal ranking (laid out by counting grades)
// loses the item, its IDCG added up from there on. The sums are added
// in the order Compute adds them, so every number is bit for bit what
// Compute gives.
//
// When that shortcut does not apply it falls back to Recompute: a grade
// that is not an integer below 64 (the ideal ranking is then sorted),
// ties ordered other than by input order or expectation (their orders
// are sorted per group), or an empty list.
func DeleteAt(prev *Result, idx int) (*Result, int, error) {
	if rank, ok := prev.deleteInPlace(idx); ok {
		return prev, rank, nil
	}
	r, err := Recompute(prev, prev.List, prev.Settings)
	return r, -1, err
}

// InsertAt is Recompute after an item was inserted into prev's list at
// index idx (the items from idx on moved down one place), everything
// else as prev had it. prev is updated in place and returned, with the
// new item's rank, −1 when it was recomputed from scratch; do not keep
// slices read from prev before the call.
//
// It is DeleteAt the other way round: the new item's rank is found by
// binary search under the sort's rule (higher scores first, equal
// scores in index order), the indices from idx on rise by one, and the
// tie groups, sums, ideal ranking and IDCG are redone from there, bit
// for bit what Compute gives. Besides DeleteAt's cases it falls back to
// Recompute, which says what is wrong, when the new item would not pass
// Compute's checks (a grade the gain does not define, a score where the
// list has none or the reverse, an id another item has), and when it
// would make the first tie under a policy that orders ties by sorting.
func InsertAt(prev *Result, idx int) (*Result, int, error) {
	return insertAt(prev, idx, true)
}

// InsertUniqueAt is InsertAt for a caller that knows the new item's id
// is no other item's or pool item's: an id made up against all of them,
// or the item a deletion took out of a list that computed, put back. It
// skips InsertAt's pass over every id (6 ms at a million items); with a
// duplicate id its result would be wrong, not an error.
func InsertUniqueAt(prev *Result, idx int) (*Result, int, error) {
	return insertAt(prev, idx, false)
}

func insertAt(prev *Result, idx int, checkID bool) (*Result, int, error) {
	if rank, ok := prev.insertInPlace(idx, checkID); ok {
		return prev, rank, nil
	}
	r, err := Recompute(prev, prev.List, prev.Settings)
	return r, -1, err
}

// scoreKey is the sort key of a score: ascending keys rank higher
// scores first, −0 and +0 equal, as Compute sorts.
func scoreKey(x float64) uint64 { return ^floatKey(x) }

// structureShortcut reports whether the result can take an item more or
// less in place: small grades (the ideal ranking is counted), and ties,
// if any, ordered by input order or expectation (the kept sums).
func (r *Result) structureShortcut() bool {
	s := r.Settings
	return r.idealSmall && r.codes != nil && (len(r.Ties) == 0 || s.Ties == Expected || s.Ties == Input)
}

// deleteInPlace removes item idx from r, or reports false, leaving r
// untouched, when it cannot.
func (r *Result) deleteInPlace(idx int) (int, bool) {
	n := r.N - 1 // items once deleted
	if !r.structureShortcut() || n <= 0 || idx < 0 || idx > n || len(r.List.Items) != n {
		return -1, false
	}
	order := r.order[Input]
	p := slices.Index(order, int32(idx))
	if p < 0 {
		return -1, false
	}
	c := int(r.codes[p])
	// The ideal rank of the item: its grade's run holds items in index order.
	io := r.IdealOrder
	so := r.idealRunStart(c)
	at, found := slices.BinarySearch(io[so:so+r.idealCount[c]], int32(idx))
	if !found {
		return -1, false
	}
	at += so

	// The ranking without the item, indices above it one lower.
	order = slices.Delete(order, p, p+1)
	for x, j := range order {
		if int(j) > idx {
			order[x] = j - 1
		}
	}
	r.codes = slices.Delete(r.codes, p, p+1)
	sums := r.keptSums()[:n]
	// The ranks whose tie groups may change: the two that met at p.
	lo, hi := max(p-1, 0), min(p, n-1)
	a, b := r.runAround(order, lo, hi)
	r.retie(order, a, b, b+1, -1)

	// The ideal ranking without the item.
	io = slices.Delete(io, at, at+1)
	for x, j := range io {
		if int(j) > idx {
			io[x] = j - 1
		}
	}
	r.IdealOrder = io
	r.idealCount[c]--
	r.setIdealEnds()
	r.idcg = r.idcg[:len(io)]
	if !r.settle(order, sums, a, at) {
		return -1, false
	}
	return p, true
}

// insertInPlace adds item idx to r, or reports false, leaving r
// untouched, when it cannot.
func (r *Result) insertInPlace(idx int, checkID bool) (int, bool) {
	n := r.N + 1 // items once inserted
	items := r.List.Items
	s := r.Settings
	if !r.structureShortcut() || n < 2 || idx < 0 || idx >= n || len(items) != n {
		return -1, false
	}
	it := &items[idx]
	// Compute's checks of the new item: its grade, its score, its id.
	g := it.Grade
	if !(g >= 0 && g < 64) {
		return -1, false
	}
	if s.TruncateGrades {
		g = math.Trunc(g)
	}
	if g != math.Trunc(g) || r.table[int(g)] != r.table[int(g)] {
		return -1, false
	}
	c := int(g)
	other := &items[0]
	if idx == 0 {
		other = &items[1]
	}
	scored := other.HasScore
	if it.HasScore != scored || (scored && it.Score-it.Score != 0) {
		return -1, false
	}
	for j := range items {
		if !checkID {
			break
		}
		if j != idx && len(items[j].ID) == len(it.ID) && items[j].ID == it.ID {
			return -1, false
		}
	}
	for j := range r.List.Pool {
		if checkID && r.List.Pool[j].ID == it.ID {
			return -1, false
		}
	}

	// The new item's rank: after every item with a higher score, and
	// after the items of its score that come before it in the list.
	order := r.order[Input]
	q := idx // without scores the list order is the ranking
	if scored {
		key := scoreKey(it.Score)
		q = sort.Search(len(order), func(x int) bool {
			j := int(order[x])
			if j >= idx {
				j++
			}
			k := scoreKey(items[j].Score)
			return k > key || (k == key && j > idx)
		})
		if len(r.Ties) == 0 && s.Ties != Expected && s.Ties != Input {
			// The first tie under a sorting policy: Compute sorts it.
			if (q > 0 && scoreKey(items[r.newIndex(order[q-1], idx)].Score) == key) ||
				(q < len(order) && scoreKey(items[r.newIndex(order[q], idx)].Score) == key) {
				return -1, false
			}
		}
	}

	for x, j := range order {
		if int(j) >= idx {
			order[x] = j + 1
		}
	}
	order = slices.Insert(order, q, int32(idx))
	r.codes = slices.Insert(r.codes, q, uint8(c))
	sums := append(r.keptSums(), 0)
	a, b := q, q+1 // without scores no ties
	if scored {
		a, b = r.runAround(order, q, q)
	}
	r.retie(order, a, b, b-1, +1)

	// The ideal ranking with the item, after its grade's items of lower
	// index (every pool item comes after the list's).
	io := r.IdealOrder
	for x, j := range io {
		if int(j) >= idx {
			io[x] = j + 1
		}
	}
	so := r.idealRunStart(c)
	at, _ := slices.BinarySearch(io[so:so+r.idealCount[c]], int32(idx))
	at += so
	r.IdealOrder = slices.Insert(io, at, int32(idx))
	r.idealCount[c]++
	r.setIdealEnds()
	r.idcg = append(r.idcg, 0)
	if !r.settle(order, sums, a, at) {
		return -1, false
	}
	return q, true
}

// newIndex is the index of an item of the list before an insertion at
// idx, in the list after it.
func (r *Result) newIndex(j int32, idx int) int {
	if int(j) >= idx {
		return int(j) + 1
	}
	return int(j)
}

// keptSums is the array of running DCG sums the result keeps: the
// settings' policy's (every policy's when there are no ties).
func (r *Result) keptSums() []float64 {
	if len(r.Ties) == 0 {
		return r.dcg[Input]
	}
	return r.dcg[r.Settings.Ties]
}

// idealRunStart is the first rank of grade g's run in the ideal ranking.
func (r *Result) idealRunStart(g int) int {
	pos := 0
	for h := 63; h > g; h-- {
		pos += r.idealCount[h]
	}
	return pos
}

// runAround widens the ranks lo..hi of order to whole runs of equal
// scores: the ranks [a, b) whose tie groups an edit at lo..hi changes.
func (r *Result) runAround(order []int32, lo, hi int) (a, b int) {
	items := r.List.Items
	key := func(x int) uint64 { return scoreKey(items[order[x]].Score) }
	if !r.List.Scored() {
		return lo, hi + 1
	}
	a, b = lo, hi+1
	for a > 0 && key(a-1) == key(a) {
		a--
	}
	for b < len(order) && key(b) == key(b-1) {
		b++
	}
	return a, b
}

// retie lays out the tie groups of ranks [a, b) of the new order again,
// in place of the groups of ranks [a, oldB) before the edit, and moves
// the groups after them by delta ranks (oldB − b). Each new group's
// mean gain is added up as Compute does, and the counts of folded ranks
// from the first changed group on.
func (r *Result) retie(order []int32, a, b, oldB, delta int) {
	ties := r.Ties
	g0 := sort.Search(len(ties), func(j int) bool { return ties[j].Start >= a })
	g1 := sort.Search(len(ties), func(j int) bool { return ties[j].Start >= oldB })
	var fresh []TieGroup
	if r.List.Scored() {
		items := r.List.Items
		for x := a; x < b; {
			key := scoreKey(items[order[x]].Score)
			y := x + 1
			for y < b && scoreKey(items[order[y]].Score) == key {
				y++
			}
			if y-x > 1 {
				fresh = append(fresh, TieGroup{Start: x, End: y, Score: items[order[x]].Score})
			}
			x = y
		}
	}
	ties = slices.Replace(ties, g0, g1, fresh...)
	means := slices.Replace(r.tieMean, g0, g1, make([]float64, len(fresh))...)
	folds := slices.Replace(r.tieFold, g0, g1, make([]int32, len(fresh))...)
	for j := g0 + len(fresh); j < len(ties); j++ {
		ties[j].Start += delta
		ties[j].End += delta
	}
	codes, table := r.codes, &r.table
	for j := g0; j < g0+len(fresh); j++ {
		mean := 0.0
		for x := ties[j].Start; x < ties[j].End; x++ {
			mean += table[codes[x]]
		}
		means[j] = mean / float64(ties[j].Size())
	}
	fold := int32(0)
	if g0 > 0 {
		fold = folds[g0-1] + int32(ties[g0-1].Size()-1)
	}
	for j := g0; j < len(ties); j++ {
		folds[j] = fold
		fold += int32(ties[j].Size() - 1)
	}
	if len(ties) == 0 { // as Compute leaves a list without ties
		ties, means, folds = nil, nil, nil
	}
	r.Ties, r.tieMean, r.tieFold = ties, means, folds
}

// settle finishes an insertion or deletion: the counts and cutoffs, the
// discounts for the new length, the running DCG sums from rank a and
// IDCG from ideal rank at, and the orders and sums of the tie policies
// as Compute leaves them. It reports false when IDCG overflows (Compute
// says so).
func (r *Result) settle(order []int32, sums []float64, a, at int) bool {
	s := r.Settings
	n, m := len(order), len(r.IdealOrder)
	r.N, r.K, r.IdealK = n, cut(s.K, n), cut(s.K, m)
	r.Discounts, r.discountsFall = discounts(s.Discount, max(n, m))
	r.order[Input] = order
	ties := len(r.Ties) > 0
	r.sumFrom(sums, a, ties && s.Ties == Expected)
	r.idcgFrom(at)
	r.memos, r.asked = 0, [5]int{}
	for _, p := range TiePolicies {
		r.order[p], r.dcg[p] = nil, nil
		if !ties {
			r.order[p], r.dcg[p] = order, sums
		}
	}
	r.docnoAt = nil
	if ties {
		r.order[Input], r.order[Expected] = order, order
		r.dcg[s.Ties] = sums
	}
	r.Order = order
	if m > 0 && math.IsInf(r.idcg[m-1], 0) {
		return false
	}
	return true
}

// sumFrom adds up the kept DCG sums again from rank start, the first
// rank of a tie group or an untied rank, in the order Compute adds them:
// under expected ties a group's ranks count its mean.
func (r *Result) sumFrom(sums []float64, start int, expected bool) {
	n, disc := r.N, r.Discounts
	codes, table, ties := r.codes, &r.table, r.Ties
	sum := 0.0
	if start > 0 {
		sum = sums[start-1]
	}
	if !expected { // every rank counts its own gain
		for x := start; x < n; x++ {
			sum += table[codes[x]] * disc[x]
			sums[x] = sum
		}
		return
	}
	gi := sort.Search(len(ties), func(j int) bool { return ties[j].Start >= start })
	for x := start; x < n; {
		end := n
		if gi < len(ties) {
			end = ties[gi].Start
		}
		for ; x < end; x++ {
			sum += table[codes[x]] * disc[x]
			sums[x] = sum
		}
		if gi == len(ties) {
			break
		}
		t, mean := ties[gi], r.tieMean[gi]
		for ; x < t.End; x++ {
			sum += mean * disc[x]
			sums[x] = sum
		}
		gi++
	}
}

// idcgFrom adds IDCG up again from ideal rank lo on, the gains read from
// the runs of the counted grades.
func (r *Result) idcgFrom(lo int) {
	idcg, disc, count := r.idcg, r.Discounts, &r.idealCount
	sum := 0.0
	if lo > 0 {
		sum = idcg[lo-1]
	}
	pos := 0
	for h := 63; h >= 0; h-- {
		end := pos + count[h]
		if end > lo && count[h] > 0 {
			v := r.table[h]
			for x := max(pos, lo); x < end; x++ {
				sum += v * disc[x]
				idcg[x] = sum
			}
		}
		pos = end
	}
}
