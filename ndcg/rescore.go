package ndcg

import "sort"

// RescoreAt is Recompute after the item at index idx of prev's list was
// given a new score (old was its score when prev was computed),
// everything else as prev had it. prev is updated in place and returned,
// with the item's new rank; the rank is −1 when it was recomputed from
// scratch. As with Recompute, do not keep slices read from prev before
// the call.
//
// It is the explorer's recomputation after a new score for one item, or
// a tie with its neighbour, on a long list: no sort. The item leaves its
// rank p for the rank q the sort's rule gives it (higher scores first,
// equal scores in index order, −0 and +0 equal), the ranks between move
// by one and their tie groups with them, the groups at the two ends are
// found again, and the running DCG sums are added up from the first of
// them on, in the order Compute adds them; the ideal ranking does not
// change (no grade did). Every number is bit for bit what Compute gives.
//
// It falls back to Recompute where DeleteAt does (grades that are not
// integers below 64, ties ordered by sorting), where the new score would
// not pass Compute's checks (not a number, infinite, or a list without
// scores), where it would make the first tie under a policy that orders
// ties by sorting, and for an index out of range.
func RescoreAt(prev *Result, idx int, old float64) (*Result, int, error) {
	if q, ok := prev.rescoreInPlace(idx, old); ok {
		return prev, q, nil
	}
	r, err := Recompute(prev, prev.List, prev.Settings)
	return r, -1, err
}

// rescoreInPlace moves item idx to the rank of its new score, or reports
// false, leaving r untouched, when it cannot.
func (r *Result) rescoreInPlace(idx int, old float64) (int, bool) {
	n := r.N
	items := r.List.Items
	if !r.structureShortcut() || !r.List.Scored() || len(items) != n || idx < 0 || idx >= n {
		return -1, false
	}
	it := &items[idx]
	if !it.HasScore || it.Score-it.Score != 0 || old-old != 0 {
		return -1, false
	}
	order := r.order[Input]
	if len(order) != n {
		return -1, false
	}
	// In the old ranking the item is keyed by its old score; every other
	// item by its own, which did not change.
	oldKey, newKey := scoreKey(old), scoreKey(it.Score)
	key := func(x int) uint64 {
		if j := int(order[x]); j != idx {
			return scoreKey(items[j].Score)
		}
		return oldKey
	}
	p := sort.Search(n, func(x int) bool {
		k := key(x)
		return k > oldKey || (k == oldKey && int(order[x]) >= idx)
	})
	if p == n || int(order[p]) != idx {
		return -1, false // old is not the score prev ranked it by
	}
	t := sort.Search(n, func(x int) bool {
		k := key(x)
		return k > newKey || (k == newKey && int(order[x]) > idx)
	})
	q := t
	if p < t {
		q-- // the item itself was among the ranks before t
	}

	// The old tie groups at the two ends of the ranks that change.
	lo, hi := min(p, q), max(p, q)
	oa, _ := r.span(lo)
	_, ob := r.span(hi)

	codes := r.codes
	move(order, codes, p, q)
	if len(r.Ties) == 0 && r.Settings.Ties != Expected && r.Settings.Ties != Input &&
		((q > 0 && scoreKey(items[order[q-1]].Score) == newKey) ||
			(q+1 < n && scoreKey(items[order[q+1]].Score) == newKey)) {
		move(order, codes, q, p) // the first tie under a sorting policy: Compute sorts it
		return -1, false
	}
	// The groups change at the two ends: where the item arrives, and
	// where the ranks it left met. Between them each group is the one
	// before, one rank nearer the old rank (shift): they are copied, not
	// found again, which would read the score of every item between.
	la, lb := r.runAround(order, max(p-1, 0), p)
	ha, hb := r.runAround(order, q, q)
	shift := -1
	if q < p {
		la, lb = r.runAround(order, q, q)
		ha, hb = r.runAround(order, p, min(p+1, n-1))
		shift = 1
	}
	a, b := min(la, oa), max(hb, ob)
	var fresh []TieGroup
	if lb >= ha {
		fresh = r.runs(order, a, b, nil)
	} else {
		fresh = r.runs(order, a, lb, nil)
		ties := r.Ties
		m0 := sort.Search(len(ties), func(j int) bool { return ties[j].Start >= lb-shift })
		m1 := sort.Search(len(ties), func(j int) bool { return ties[j].Start >= ha-shift })
		for _, t := range ties[m0:m1] {
			t.Start, t.End = t.Start+shift, t.End+shift
			fresh = append(fresh, t)
		}
		fresh = r.runs(order, ha, b, fresh)
	}
	sums := r.keptSums()
	r.replaceTies(a, b, fresh, 0)
	// The ideal ranking is as it was: idcgFrom past its end adds nothing.
	if !r.settle(order, sums, a, len(r.IdealOrder)) {
		return -1, false
	}
	return q, true
}

// move takes the entry at rank p of order (codes alongside) to rank q,
// the entries between moving one rank towards p.
func move(order []int32, codes []uint8, p, q int) {
	v, c := order[p], codes[p]
	if p < q {
		copy(order[p:q], order[p+1:q+1])
		copy(codes[p:q], codes[p+1:q+1])
	} else {
		copy(order[q+1:p+1], order[q:p])
		copy(codes[q+1:p+1], codes[q:p])
	}
	order[q], codes[q] = v, c
}
