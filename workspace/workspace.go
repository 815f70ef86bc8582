package workspace

import (
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Workspace is the list being edited: the document it came from, the
// settings in force, the result of the last computation and the undo
// history. Every view reads it; only edits (through Apply, Undo and
// Redo) change it, and each edit recomputes the result once, so views
// never compute.
type Workspace struct {
	Doc      *listio.Document
	Settings ndcg.Settings
	// Result is nil when Err says why the list cannot be computed under
	// the settings (e.g. a grade the gain map does not cover).
	Result *ndcg.Result
	Err    error
	// MaxItems is the most items the list may have (0: no limit); edits
	// that would add more are refused with a message.
	MaxItems int
	// MaxHistory is the most edits undo can take back (0: no limit);
	// past it the oldest are forgotten. A server sets it: each attendee's
	// history is held in its memory, and a client can type edits without
	// end.
	MaxHistory int

	// rankOf is the 0-based rank of each item index under the current
	// result (the item index itself when there is no result).
	rankOf []int32
	// Scales fixed once per edit so that charts have one scale each.
	Scale Scales

	hist    history
	savedAt int // history position of the state last saved or loaded
	// saved is that state, and dirty says the current one differs from it.
	saved savedState
	dirty bool
	// loans are the arrays lent to work off the update loop (Lend).
	loans []*loan
	// LaterFrom is the length from which a recomputation that redoes
	// every rank is left for work off the update loop (0: never; see
	// Pending).
	LaterFrom int
	lat       later
}

// Edited says that the workspace changed (an edit, an undo, a redo, a
// settings key): every view receives it, so that each refreshes what it
// draws. Focus is the item index the change was about, so that a view
// with a cursor can follow it, or −1 when no item is; What says what
// changed, for the status line.
type Edited struct {
	Focus int
	What  string
}

// Scales are the largest values each chart has to fit.
type Scales struct {
	// Contribution is the largest |contribution| of the list or the ideal.
	Contribution float64
	// NDCG is the largest |NDCG@k| over every k, at least 1.
	NDCG float64
}

// New starts editing doc under s.
func New(doc *listio.Document, s ndcg.Settings) *Workspace {
	if doc.List == nil {
		doc.List = &ndcg.List{}
	}
	w := &Workspace{Doc: doc, Settings: s}
	w.recompute(false)
	w.saved = w.takeSnapshot()
	return w
}

// List is the list being edited.
func (w *Workspace) List() *ndcg.List { return w.Doc.List }

// N is the number of items.
func (w *Workspace) N() int { return len(w.Doc.List.Items) }

// Dirty reports whether the list or settings differ from the last save
// (or the file as loaded): edits that cancel out leave it clean.
func (w *Workspace) Dirty() bool { return w.dirty }

// Version names the current state: it moves with every edit, undo and
// redo, and comes back to the same value when an undo returns to a
// state. A save records the version it wrote and hands it to MarkSaved
// when it is done, so edits made while it ran still count as unsaved.
func (w *Workspace) Version() int { return w.hist.at() }

// MarkSaved records version at (from Version) as the state on disk.
// When edits came after it, that state is known only by its version.
func (w *Workspace) MarkSaved(at int) {
	w.savedAt = at
	w.saved.release()
	w.saved = savedState{}
	if at == w.hist.at() {
		w.saved = w.takeSnapshot()
	}
	w.updateDirty()
}

// RankOf is the 0-based rank of item index i.
func (w *Workspace) RankOf(i int) int {
	if i < 0 || i >= len(w.rankOf) {
		return i
	}
	return int(w.rankOf[i])
}

// IndexOf is the index of the item with id, or −1.
func (w *Workspace) IndexOf(id string) int {
	for i, it := range w.Doc.List.Items {
		if it.ID == id {
			return i
		}
	}
	return -1
}

// ItemAt is the item index at 0-based rank r (the input position when
// the list cannot be computed).
func (w *Workspace) ItemAt(r int) int {
	if w.Result != nil {
		return int(w.Result.Order[r])
	}
	return r
}

// Apply makes an edit, records it for undo and recomputes. The message
// it returns names the item the edit is about, so a view can keep its
// cursor on the item wherever it moved; a deletion names none (the
// cursor stays on its rank, now the next item's).
func (w *Workspace) Apply(e Edit) Edited {
	w.own(e)
	w.change(e, false)
	w.hist.limit = w.MaxHistory
	w.hist.push(e)
	if w.savedAt >= w.hist.at() {
		w.savedAt = -1 // the saved state was undone and replaced: unreachable
	}
	w.recomputeAfter(e, false)
	w.updateDirty()
	focus := e.focus()
	if _, deleted := e.(*removeItem); deleted {
		focus = -1
	}
	return Edited{Focus: focus, What: e.String()}
}

// Undo takes back the last edit; false when there is none.
func (w *Workspace) Undo() (Edited, bool) {
	e, ok := w.hist.undo()
	if !ok {
		return Edited{Focus: -1}, false
	}
	w.own(e)
	w.change(e, true)
	w.recomputeAfter(e, true)
	w.updateDirty()
	focus := e.focus()
	if ins, ok := e.(*insertItem); ok {
		// The added item is gone: back to the one it was added after.
		focus = max(ins.at-1, 0)
	}
	return Edited{Focus: focus, What: "undid: " + e.String()}, true
}

// Redo makes the last undone edit again; false when there is none.
func (w *Workspace) Redo() (Edited, bool) {
	e, ok := w.hist.redo()
	if !ok {
		return Edited{Focus: -1}, false
	}
	w.own(e)
	w.change(e, false)
	w.recomputeAfter(e, false)
	w.updateDirty()
	return Edited{Focus: e.focus(), What: "redid: " + e.String()}, true
}

// keepsRanking reports whether e leaves every score and id as they were.
func keepsRanking(e Edit) bool {
	k, ok := e.(interface{ keepsRanking() bool })
	return ok && k.keepsRanking()
}

// recomputeAfter recomputes after the edit e was made (undo false) or
// undone: after a grade edit on the ranks it touched only
// (ndcg.RegradeAt), after an item added or deleted from its rank on
// (ndcg.InsertAt, ndcg.DeleteAt), after two items exchanged scores in
// their tie groups (ndcg.SwapScoresAt), after one item's new score
// between its old rank and its new one (ndcg.RescoreAt), after another edit that keeps
// the ranking by Regrade, else from scratch.
func (w *Workspace) recomputeAfter(e Edit, undo bool) {
	// The result is the one of the list before e unless a recomputation
	// waits (it is older) or runs (it reads the result's arrays).
	current := !w.lat.pending && !w.lat.running
	if w.deferred(e) {
		return
	}
	if current && (w.restructure(e, undo) || w.swapScores(e) || w.rescore(e, undo)) {
		return
	}
	if set, ok := e.(*setItems); ok && (set.keepsRanking() || tieSwap(e, w.Result) != nil) && w.Result != nil && w.Result.List == w.Doc.List && !w.lat.running {
		ranks := make([]int, len(set.idx))
		for j, i := range set.idx {
			ranks[j] = w.RankOf(i)
		}
		order := w.Result.Order
		w.Result, w.Err = ndcg.RegradeAt(w.Result, ranks...)
		// The same array holds the same ranking: a grade edit keeps the
		// ranking, and only tie orders worked out anew (best, worst) go
		// into fresh arrays.
		if w.Result != nil && sameSlice(order, w.Result.Order) {
			w.Scale = scales(w.Result) // rankOf is as it was
			return
		}
		w.derive()
		return
	}
	w.recompute(keepsRanking(e))
}

// restructure recomputes after an item was added or deleted (an
// insertItem or removeItem made or undone) in place, from the item's
// rank on, and moves the other items' ranks by one; false when e is
// another edit or the result is not the list's.
func (w *Workspace) restructure(e Edit, undo bool) bool {
	var ins *insertItem
	var insert bool
	switch e := e.(type) {
	case *insertItem:
		ins, insert = e, !undo
	case *removeItem:
		ins, insert = &e.insertItem, undo
	default:
		return false
	}
	at := ins.at
	if w.Result == nil || w.Result.List != w.Doc.List || len(w.rankOf) != w.Result.N {
		return false
	}
	var rank int
	switch {
	case insert && ins.unique:
		w.Result, rank, w.Err = ndcg.InsertUniqueAt(w.Result, at)
	case insert:
		w.Result, rank, w.Err = ndcg.InsertAt(w.Result, at)
	default:
		w.Result, rank, w.Err = ndcg.DeleteAt(w.Result, at)
	}
	if w.Result == nil || rank < 0 {
		w.derive() // recomputed from scratch, or the list is wrong
		return true
	}
	// The ranks of the other items: one down from the new item's rank,
	// one up after the deleted item's (a pass, not a sort).
	rk := int32(rank)
	if insert {
		for i, x := range w.rankOf {
			if x >= rk {
				w.rankOf[i] = x + 1
			}
		}
		w.rankOf = slices.Insert(w.rankOf, at, rk)
	} else {
		w.rankOf = slices.Delete(w.rankOf, at, at+1)
		for i, x := range w.rankOf {
			if x > rk {
				w.rankOf[i] = x - 1
			}
		}
	}
	w.Scale = scales(w.Result)
	return true
}

// scoreSwap is e when it exchanges the scores of two items and changes
// nothing else (a move or a swap on a scored list, made or undone), else
// nil.
func scoreSwap(e Edit) *setItems {
	set, ok := e.(*setItems)
	if !ok || len(set.idx) != 2 || set.idx[0] == set.idx[1] {
		return nil
	}
	b0, b1, a0, a1 := set.before[0], set.before[1], set.after[0], set.after[1]
	a0.Score, a1.Score = b0.Score, b1.Score // the items as they were, but for the scores
	if b0 != a0 || b1 != a1 || !b0.HasScore || !b1.HasScore ||
		set.after[0].Score != b1.Score || set.after[1].Score != b0.Score {
		return nil
	}
	return set
}

// tieSwap is e when it swaps the places of two items of one tie group
// in the list (a move within a tie, made or undone) and r's tie policy
// does not order a group by id: the ranking, which orders a group by
// list position, is then the same array of positions, and what changed
// is the grade (and id) at two of them, so ndcg.RegradeAt of their two
// ranks gives what Compute would. Under docno ties the ids order the
// group, and the ranking changes.
func tieSwap(e Edit, r *ndcg.Result) *setItems {
	set, ok := e.(*setItems)
	if !ok || r == nil || r.Settings.Ties == ndcg.Docno || len(set.idx) != 2 || set.idx[0] == set.idx[1] {
		return nil
	}
	b0, b1 := set.before[0], set.before[1]
	if set.after[0] != b1 || set.after[1] != b0 || !b0.HasScore || !b1.HasScore ||
		math.Float64bits(b0.Score) != math.Float64bits(b1.Score) || math.IsNaN(b0.Score) {
		return nil
	}
	return set
}

// swapScores recomputes after two items exchanged scores (a scoreSwap
// made or undone) in place: the two items change tie groups, and only
// the ranks of those groups change items. False when e is another edit
// or the result is not the list's.
func (w *Workspace) swapScores(e Edit) bool {
	set := scoreSwap(e)
	r := w.Result
	if set == nil || r == nil || r.List != w.Doc.List || len(w.rankOf) != r.N {
		return false
	}
	p, q := w.RankOf(set.idx[0]), w.RankOf(set.idx[1])
	var inPlace bool
	w.Result, inPlace, w.Err = ndcg.SwapScoresAt(r, p, q)
	if w.Result == nil || !inPlace {
		w.derive() // recomputed from scratch
		return true
	}
	// The ranks of the items of the two groups: the others kept theirs.
	for _, x := range []int{p, q} {
		s, end := x, x+1
		if g := w.Result.TieAt(x); g >= 0 {
			s, end = w.Result.Ties[g].Start, w.Result.Ties[g].End
		}
		for y := s; y < end; y++ {
			w.rankOf[w.Result.Order[y]] = int32(y)
		}
	}
	w.Scale = scales(w.Result)
	return true
}

// sameSlice reports whether a and b are the same array, not a copy.
func sameSlice(a, b []int32) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// recompute runs the engine once and derives what every view needs
// from it: the rank of each item and the chart scales. sameRanking says
// the last change left the scores and ids alone (a grade, a title, a
// setting): the ranking is kept, not sorted, checked and hashed again.
func (w *Workspace) recompute(sameRanking bool) {
	l := w.Doc.List
	// The old result is replaced on every edit and nothing keeps it (views
	// mark themselves stale on each edit and rebuild from the new one), so
	// its memory is reused: a keystroke on a long list allocates nothing.
	// While a computation off the loop reads the result's ranking
	// (Recomputation), the new one goes into memory of its own.
	switch {
	case sameRanking && w.Result != nil && w.Result.List == l && w.lat.running:
		w.Result, w.Err = ndcg.Derive(w.Result, w.Settings)
	case sameRanking && w.Result != nil && w.Result.List == l:
		w.Result, w.Err = ndcg.Regrade(w.Result, w.Settings)
	default:
		w.Result, w.Err = ndcg.Recompute(w.prev(), l, w.Settings)
	}
	w.derive()
}

// derive works out what the views need from the result: the rank of
// each item and the chart scales.
func (w *Workspace) derive() {
	w.rankOf = ranks(w.rankOf, w.Result, len(w.Doc.List.Items))
	if w.Result == nil {
		w.Scale = Scales{Contribution: 1, NDCG: 1}
		return
	}
	w.Scale = scales(w.Result)
}

// ranks is the 0-based rank of each of n item indexes under r (the
// index itself without a result), in buf's memory when it is enough.
func ranks(buf []int32, r *ndcg.Result, n int) []int32 {
	if cap(buf) >= n {
		buf = buf[:n]
	} else {
		buf = make([]int32, n)
	}
	if r == nil {
		for i := range buf {
			buf[i] = int32(i)
		}
		return buf
	}
	for rank, idx := range r.Order {
		buf[idx] = int32(rank)
	}
	return buf
}

// scales are the largest |contribution| of the list and the ideal
// ranking (at least something, so charts can divide) and the largest
// |NDCG@k| over every k, at least 1.
func scales(r *ndcg.Result) Scales {
	// Passes over the result's running sums and grades: they run after
	// every edit over every rank, a million on a long list.
	sc := Scales{NDCG: max(1, r.MaxAbsNDCG(r.Settings.Ties)), Contribution: r.MaxAbsContribution()}
	if sc.Contribution == 0 {
		sc.Contribution = 1
	}
	return sc
}
