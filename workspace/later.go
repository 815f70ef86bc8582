package workspace

import (
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// On a long list the workspace's own recomputation after a change of
// settings takes longer than a frame: at 1,000,000 items ndcg.Regrade
// redoes every rank, 100–250 ms, and every view pays it on the key. So
// from LaterFrom items on, an edit that keeps the ranking and would
// redo every rank (a setting, or any such edit while one waits) is made
// at once (the list, the settings, the undo history) and its
// recomputation is left for work off the update loop: Pending reports
// that Result is still the one from before, and Recomputation hands
// out the computation and, for the loop, what installs its result.
//
// A grade edit alone recomputes on the loop (ndcg.RegradeAt redoes only
// the ranks after the edited one, about 14 ms at a million items), and
// so does an edit that changes the ranking (a score, an added or deleted
// item): until it is ranked again, the result's ranks would name the
// wrong items. Such an edit made while a recomputation waits makes that
// one stale: its result is dropped when it comes back.

// later is the recomputation left for work off the update loop.
type later struct {
	// changes counts the edits, undos and redos, so that a result knows
	// whether it is still the latest.
	changes uint64
	pending bool
	// running says a computation reads Result (its ranking), so the loop
	// must not recompute into Result's memory meanwhile.
	running bool
	// spare is the memory of the result before the current one, which
	// the next computation reuses (ndcg.DeriveInto), with its ranks.
	spare     *ndcg.Result
	spareRank []int32
}

// Pending reports whether Result is older than the list and settings:
// a recomputation waits to run (Recomputation).
func (w *Workspace) Pending() bool { return w.lat.pending }

// deferred notes the edit e and reports whether its recomputation is
// left for later.
func (w *Workspace) deferred(e Edit) bool {
	l := &w.lat
	l.changes++ // what runs, if anything, is for an older state
	if w.LaterFrom <= 0 || w.N() < w.LaterFrom || w.Result == nil || w.Result.List != w.Doc.List || !keepsRanking(e) {
		l.pending = false
		return false
	}
	if set, ok := e.(*setItems); ok && !l.pending && !l.running && set.keepsRanking() {
		return false // ndcg.RegradeAt: the ranks after the edit only
	}
	l.pending = true
	return true
}

// prev is the result whose memory a recomputation on the loop may
// reuse: none while a computation reads the current one.
func (w *Workspace) prev() *ndcg.Result {
	if w.lat.running {
		return nil
	}
	return w.Result
}

// Recomputation is the recomputation Pending waits for, to run off the
// update loop; what it returns is to be called on the loop, and
// installs the result unless an edit came meanwhile (false then: the
// next Recomputation works from that edit). Only one runs at a time: the
// next is asked for once the last one's result is back. The list is
// lent (Lend) for the time it runs.
func (w *Workspace) Recomputation() func() (install func() bool) {
	l := &w.lat
	lent, s, giveBack := w.Lend()
	// The ranking to keep, read from a copy of the result's header whose
	// list is the lent one: the loop may swap the workspace's arrays.
	base := *w.Result
	base.List = lent
	spare, rank := l.spare, l.spareRank
	l.spare, l.spareRank = nil, nil
	gen := l.changes
	l.running = true
	return func() func() bool {
		r, err := ndcg.DeriveInto(spare, &base, s)
		var sc Scales
		if r != nil {
			rank = ranks(rank, r, r.N)
			sc = scales(r)
		}
		giveBack()
		return func() bool {
			l.running = false
			if gen != l.changes {
				l.spare, l.spareRank = r, rank
				return false
			}
			l.spare, l.spareRank = w.Result, w.rankOf
			w.Result, w.Err = r, err
			if r != nil {
				r.List = w.Doc.List // the arrays lent, unchanged since
				w.rankOf, w.Scale = rank, sc
			} else {
				w.rankOf = nil
				w.derive()
			}
			l.pending = false
			return true
		}
	}
}
