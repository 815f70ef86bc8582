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
}

func (w *Workspace) takeSnapshot() savedState {
	l := w.Doc.List
	return savedState{valid: true, items: slices.Clone(l.Items), pool: slices.Clone(l.Pool),
		settings: w.Settings, title: w.Doc.Title, notes: w.Doc.Notes}
}

// same reports whether the workspace holds the saved state.
func (s *savedState) same(w *Workspace) bool {
	l := w.Doc.List
	return s.valid && s.title == w.Doc.Title && s.notes == w.Doc.Notes && s.settings.Equal(w.Settings) &&
		slices.Equal(s.items, l.Items) && slices.Equal(s.pool, l.Pool)
}

// updateDirty compares the state with the one saved, once per edit: the
// title line asks on every frame.
func (w *Workspace) updateDirty() {
	w.dirty = w.hist.pos != w.savedAt && !w.saved.same(w)
}
