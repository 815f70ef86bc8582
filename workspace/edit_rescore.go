package workspace

import "github.com/ndcg-explorer/ndcg-explorer/ndcg"

// scoreChange is e when it gives one item of a scored list a new score
// and changes nothing else (a score edit or a tie, made or undone), else
// nil.
func scoreChange(e Edit) *setItems {
	set, ok := e.(*setItems)
	if !ok || len(set.idx) != 1 {
		return nil
	}
	b, a := set.before[0], set.after[0]
	a.Score = b.Score // the item as it was, but for the score
	if b != a || !b.HasScore || set.after[0].Score == b.Score {
		return nil
	}
	return set
}

// rescore recomputes after one item's new score (a scoreChange made or
// undone) in place: the item moves from its rank to its new one, and
// only the ranks between change items. False when e is another edit or
// the result is not the list's.
func (w *Workspace) rescore(e Edit, undo bool) bool {
	set := scoreChange(e)
	r := w.Result
	if set == nil || r == nil || r.List != w.Doc.List || len(w.rankOf) != r.N {
		return false
	}
	idx, old := set.idx[0], set.before[0].Score
	if undo {
		old = set.after[0].Score
	}
	p := w.RankOf(idx)
	var q int
	w.Result, q, w.Err = ndcg.RescoreAt(r, idx, old)
	if w.Result == nil || q < 0 {
		w.derive() // recomputed from scratch
		return true
	}
	// The ranks of the items from the old rank to the new: the others
	// kept theirs.
	order := w.Result.Order
	for y := min(p, q); y <= max(p, q); y++ {
		w.rankOf[order[y]] = int32(y)
	}
	w.Scale = scales(w.Result)
	return true
}
