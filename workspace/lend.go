package workspace

import (
	"sync/atomic"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Work off the update loop (a teaching view's distribution over every
// tie order, its search for the convention behind a wrong claim) reads
// the list while the loop goes on editing it. Copying the list for each
// such computation cost the loop a pass over every item and left a
// list's worth of garbage per key (at 1,000,000 items, 56 MB). So the
// workspace lends its arrays instead: Lend hands out a list sharing
// them, and an edit that would write into an array on loan first gives
// the workspace an array of its own, leaving the lent one as it was.
// An edit after every loan is back, or one that writes no array (a
// setting), copies nothing.

// loan is one Lend: the arrays lent and how many borrowers still read
// them. The count is the only thing a borrower touches, from its own
// goroutine, so giving back orders its reads before the loop's next
// write into the arrays.
type loan struct {
	items *ndcg.Item
	pool  *ndcg.Judged
	out   atomic.Int32
}

// Lend is the list as it is now and the settings in force, for work
// off the update loop, and the function to call once that work no
// longer reads the list (more calls do nothing). The list shares the
// workspace's arrays: the borrower must not change it, and edits made
// meanwhile do not change it either.
func (w *Workspace) Lend() (*ndcg.List, ndcg.Settings, func()) {
	l := w.Doc.List
	w.pruneLoans()
	ln := &loan{items: first(l.Items), pool: first(l.Pool)}
	ln.out.Store(1)
	w.loans = append(w.loans, ln)
	var back atomic.Bool
	giveBack := func() {
		if back.CompareAndSwap(false, true) {
			ln.out.Add(-1)
		}
	}
	return &ndcg.List{Items: l.Items, Pool: l.Pool}, w.Settings, giveBack
}

// own gives the workspace arrays of its own for what the edit e writes
// in place, where they are on loan: items for an edit of items, the pool
// for one of the pool. It is called before every edit, undo and redo.
func (w *Workspace) own(e Edit) {
	w.pruneLoans()
	if len(w.loans) == 0 {
		return
	}
	l := w.Doc.List
	switch e.(type) {
	case *setSettings, *replaceList, *openDoc:
		// Settings are a value; the other two put whole arrays in place.
	case *insertJudged, *removeJudged, *setJudged:
		if w.lent(nil, first(l.Pool)) {
			l.Pool = append([]ndcg.Judged(nil), l.Pool...)
		}
	default:
		if w.lent(first(l.Items), nil) {
			l.Items = append([]ndcg.Item(nil), l.Items...)
		}
	}
}

// lent reports whether the array starting at items, or at pool, is on
// loan.
func (w *Workspace) lent(items *ndcg.Item, pool *ndcg.Judged) bool {
	for _, ln := range w.loans {
		if (items != nil && ln.items == items) || (pool != nil && ln.pool == pool) {
			return true
		}
	}
	return false
}

// pruneLoans forgets the loans given back.
func (w *Workspace) pruneLoans() {
	kept := w.loans[:0]
	for _, ln := range w.loans {
		if ln.out.Load() > 0 {
			kept = append(kept, ln)
		}
	}
	clear(w.loans[len(kept):])
	w.loans = kept
}

// first is the start of the array under s (whatever its length), or nil
// when it has none: what tells two slices of one array apart from two
// arrays.
func first[T any](s []T) *T {
	if cap(s) == 0 {
		return nil
	}
	return &s[:1][0]
}
