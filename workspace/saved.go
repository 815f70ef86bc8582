package workspace

import (
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// savedState is the state last saved or loaded: what a save would write
// that the explorer can change. Comparing with it, rather than counting
// edits, keeps a list unmodified when edits cancel out (the gain cycled
// back, a grade raised and lowered), so quitting asks only when there is
// something to lose.
type savedState struct {
	valid        bool
	items        []ndcg.Item
	pool         []ndcg.Judged
	settings     ndcg.Settings
	title, notes string
	// differ counts the items that differ from items, position by
	// position, when counted says the count is up to date: a grade edit
	// on a list of a million items then compares the items it touched,
	// not the whole list.
	differ  int
	counted bool
}

func (w *Workspace) takeSnapshot() savedState {
	l := w.Doc.List
	return savedState{valid: true, items: slices.Clone(l.Items), pool: slices.Clone(l.Pool),
		settings: w.Settings, title: w.Doc.Title, notes: w.Doc.Notes, counted: true}
}

// change makes the edit e, or undoes it, keeping the saved state's count
// of differing items: an edit of some items in place updates it from
// those items, one that leaves the items alone keeps it, and any other
// has it counted again at the next comparison.
func (w *Workspace) change(e Edit, undo bool) {
	s := &w.saved
	set, inPlace := e.(*setItems)
	inPlace = inPlace && s.counted
	if inPlace {
		s.differ -= s.differing(w, set.idx)
	}
	if undo {
		e.undo(w)
	} else {
		e.do(w)
	}
	switch e.(type) {
	case *setItems:
		if inPlace {
			s.differ += s.differing(w, set.idx)
		}
	case *setSettings, *insertJudged, *removeJudged, *setJudged:
	default:
		s.counted = false
	}
}

// differing counts the items at indices idx that differ from the saved ones.
func (s *savedState) differing(w *Workspace, idx []int) int {
	n, items := 0, w.Doc.List.Items
	for _, i := range idx {
		if items[i] != s.items[i] {
			n++
		}
	}
	return n
}

// same reports whether the workspace holds the saved state.
func (s *savedState) same(w *Workspace) bool {
	l := w.Doc.List
	if !s.valid || s.title != w.Doc.Title || s.notes != w.Doc.Notes || !s.settings.Equal(w.Settings) || !slices.Equal(s.pool, l.Pool) {
		return false
	}
	if len(s.items) != len(l.Items) {
		return false
	}
	if !s.counted {
		s.differ, s.counted = 0, true
		for i := range l.Items {
			if l.Items[i] != s.items[i] {
				s.differ++
			}
		}
	}
	return s.differ == 0
}

// updateDirty compares the state with the one saved, once per edit: the
// title line asks on every frame.
func (w *Workspace) updateDirty() {
	w.dirty = w.hist.pos != w.savedAt && !w.saved.same(w)
}
