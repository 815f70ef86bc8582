package workspace

import (
	"sync/atomic"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// On a long list the workspace's own recomputation takes longer than a
// frame: at 1,000,000 items ndcg.Regrade redoes every rank after a
// change of settings, 100–250 ms, and a new score sorts the list again,
// about a second, and every view paid it on the key. So from LaterFrom
// items on, such an edit is made at once (the list, the settings, the
// undo history) and its recomputation is left for work off the update
// loop: Pending reports that Result is still the one from before, and
// Recomputation hands out the computation and, for the loop, what
// installs its result. That covers every edit that keeps the items
// where they are in the list: a setting, a grade, a score or any move
// while a recomputation waits, and a move within a tie under docno ties
// (which order a group by id). Until the new result is in, the ranks on screen are
// those before the edit; an edit made from a rank waits for the new
// ranking first when the last one changed it (Resorting, Settle).
//
// A grade edit alone recomputes on the loop (ndcg.RegradeAt redoes only
// the ranks after the edited one, 2–8 ms at a million items), so does a
// move within a tie under the other policies (the ranking, by list
// position, stays; two ranks are regraded, see tieSwap), so does a
// move or a swap that exchanges two items' scores (ndcg.SwapScoresAt
// moves the two items between their tie groups, no sort, see
// swapScores), so does a new score for one item, typed or a tie with
// its neighbour (ndcg.RescoreAt moves the item from its rank to its new
// one and the ranks between by one, no sort, see rescore), and so does
// an edit that adds, deletes or replaces items: the result's
// ranks would name the wrong items. Adding or deleting one item costs
// no sort (ndcg.InsertAt, DeleteAt: from its rank on, see restructure);
// replacing every item sorts the list again. Such an edit made while a
// recomputation waits makes that one stale: its result is dropped when
// it comes back.

// later is the recomputation left for work off the update loop.
type later struct {
	// changes counts the edits, undos and redos, so that a result knows
	// whether it is still the latest.
	changes uint64
	pending bool
	// resort says an edit since the last result changed the ranking.
	resort bool
	// running says a computation reads Result (its ranking), so the loop
	// must not recompute into Result's memory meanwhile; wait waits for
	// it and installs its result (Settle).
	running bool
	wait    func() bool
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
	if w.LaterFrom <= 0 || w.N() < w.LaterFrom || w.Result == nil || w.Result.List != w.Doc.List {
		l.pending, l.resort = false, false
		return false
	}
	_, inPlace := e.(*setItems)
	switch {
	case keepsRanking(e):
		if inPlace && !l.pending && !l.running {
			return false // ndcg.RegradeAt: the ranks after the edit only
		}
	case inPlace && !l.pending && !l.running && tieSwap(e, w.Result) != nil:
		return false // ndcg.RegradeAt: the two ranks' grades, same ranking
	case inPlace && !l.pending && !l.running && scoreSwap(e) != nil:
		return false // ndcg.SwapScoresAt: the two items' tie groups only
	case inPlace && !l.pending && !l.running && scoreChange(e) != nil:
		return false // ndcg.RescoreAt: from the old rank to the new only
	case inPlace:
		// New scores or a new input order for the same items: the
		// ranking changes, but every item keeps its index, so the
		// ranks on screen still name items until the list is sorted.
		l.resort = true
	default:
		l.pending, l.resort = false, false
		return false
	}
	l.pending = true
	return true
}

// Resorting reports whether the recomputation that Pending waits for
// sorts the list again: until it is in, the ranks are those before the
// last change of a score or a move, so an edit made from a rank (a key
// on the row under the cursor) waits for it (Settle).
func (w *Workspace) Resorting() bool { return w.lat.pending && w.lat.resort }

// Settle makes the recomputation Pending waits for now, on the update
// loop: it waits for the one running when that one is for the list as
// it is, else recomputes and drops it; false when none waits.
func (w *Workspace) Settle() bool {
	l := &w.lat
	if !l.pending {
		return false
	}
	if l.wait != nil && l.wait() {
		return true // the one running was the latest: its result, once in
	}
	l.changes++
	w.recompute(false)
	l.pending, l.resort = false, false
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
	gen, resort := l.changes, l.resort
	l.running = true
	var (
		r    *ndcg.Result
		err  error
		sc   Scales
		done bool
	)
	fin := make(chan struct{}) // closed once r, err, rank and sc are set
	var started atomic.Bool
	install := func() bool {
		if done {
			return false // installed already, by Settle
		}
		done, l.running, l.wait = true, false, nil
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
		l.pending, l.resort = false, false
		return true
	}
	l.wait = func() bool {
		if gen != l.changes || !started.Load() {
			return false // for an older state, or not begun: not worth waiting for
		}
		<-fin
		return install()
	}
	return func() func() bool {
		started.Store(true)
		defer close(fin)
		if resort {
			r, err = ndcg.Recompute(spare, lent, s)
		} else {
			r, err = ndcg.DeriveInto(spare, &base, s)
		}
		if r != nil {
			rank = ranks(rank, r, r.N)
			sc = scales(r)
		}
		giveBack()
		return install
	}
}
