package ndcg

// SwapScoresAt is Recompute after the items at 0-based ranks p and q of
// prev exchanged their scores in prev's list, everything else as prev
// had it. prev is updated in place and returned, with true; false when
// it was recomputed from scratch. As with Recompute, do not keep slices
// read from prev before the call.
//
// It is the explorer's recomputation after a move (J, K) or a swap of
// two ranks on a long list: no sort. The scores as a whole are the
// same, so every rank keeps its score and the tie groups keep their
// ranks; only the two items change groups, each taking its place in the
// other's group by index (Compute orders equal scores by input order),
// and only the ranks of those two groups change items. Their mean gains
// are added up again, and the running DCG sums from the first of them
// on, in the order Compute adds them; the ideal ranking does not change
// (no grade did). Every number is bit for bit what Compute gives.
//
// It falls back to Recompute where DeleteAt does (grades that are not
// integers below 64, ties ordered by sorting), on a list without scores,
// and for ranks out of range or equal.
func SwapScoresAt(prev *Result, p, q int) (*Result, bool, error) {
	if prev.swapScoresInPlace(p, q) {
		return prev, true, nil
	}
	r, err := Recompute(prev, prev.List, prev.Settings)
	return r, false, err
}

// swapScoresInPlace moves the items at ranks p and q into each other's
// tie groups, or reports false, leaving r untouched, when it cannot.
func (r *Result) swapScoresInPlace(p, q int) bool {
	n := r.N
	if !r.structureShortcut() || !r.List.Scored() || len(r.List.Items) != n ||
		p == q || p < 0 || q < 0 || p >= n || q >= n {
		return false
	}
	if p > q {
		p, q = q, p
	}
	order, codes := r.order[Input], r.codes
	a, b := order[p], order[q]
	ca, cb := codes[p], codes[q]
	sp, ep := r.span(p)
	sq, eq := r.span(q)
	if sp != sq { // in one group the two change nothing but its first score
		placeIn(order[sp:ep], codes[sp:ep], p-sp, b, cb)
		placeIn(order[sq:eq], codes[sq:eq], q-sq, a, ca)
	}
	items := r.List.Items
	for _, g := range []int{r.TieAt(sp), r.TieAt(sq)} {
		if g < 0 {
			continue
		}
		t := &r.Ties[g]
		t.Score = items[order[t.Start]].Score // −0 or +0: the first item's
		mean := 0.0
		for x := t.Start; x < t.End; x++ {
			mean += r.table[codes[x]]
		}
		r.tieMean[g] = mean / float64(t.Size())
	}
	// The ideal ranking is as it was: idcgFrom past its end adds nothing.
	return r.settle(order, r.keptSums(), sp, len(r.IdealOrder))
}

// placeIn puts item v (grade code c) at position at of a tie group's
// items seg (codes alongside), in place of the item there, and moves it
// to its place by index, the others keeping theirs.
func placeIn(seg []int32, codes []uint8, at int, v int32, c uint8) {
	for at+1 < len(seg) && seg[at+1] < v {
		seg[at], codes[at] = seg[at+1], codes[at+1]
		at++
	}
	for at > 0 && seg[at-1] > v {
		seg[at], codes[at] = seg[at-1], codes[at-1]
		at--
	}
	seg[at], codes[at] = v, c
}
