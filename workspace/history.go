package workspace

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Edit is one undoable change to the workspace. Edits store what they
// changed, not copies of the whole list, so a list of 100,000 items can
// keep a long history (as long as Workspace.MaxHistory lets it).
type Edit interface {
	do(w *Workspace)
	undo(w *Workspace)
	// focus is the item index the cursor should follow, or -1.
	focus() int
	// String says what the edit did, for the status line.
	String() string
}

// history is a linear undo stack: done[:pos] are applied, done[pos:]
// can be redone until a new edit replaces them. Past limit edits (0: no
// limit) the oldest are dropped, and base counts them, so that base+pos
// (at) names a state for good, as Version promises.
type history struct {
	done  []Edit
	pos   int
	base  int
	limit int
}

func (h *history) push(e Edit) {
	h.done = append(h.done[:h.pos], e)
	h.pos++
	if h.limit > 0 && len(h.done) > h.limit {
		drop := len(h.done) - h.limit
		n := copy(h.done, h.done[drop:])
		clear(h.done[n:]) // the dropped edits' items go with them
		h.done = h.done[:n]
		h.pos -= drop
		h.base += drop
	}
}

// at is the state's number: it moves with every edit, undo and redo.
func (h *history) at() int { return h.base + h.pos }

func (h *history) undo() (Edit, bool) {
	if h.pos == 0 {
		return nil, false
	}
	h.pos--
	return h.done[h.pos], true
}

func (h *history) redo() (Edit, bool) {
	if h.pos == len(h.done) {
		return nil, false
	}
	h.pos++
	return h.done[h.pos-1], true
}

// setItems replaces some items in place.
type setItems struct {
	what          string
	idx           []int
	before, after []ndcg.Item
	at            int // the item to focus
}

func (e *setItems) do(w *Workspace) {
	for j, i := range e.idx {
		w.Doc.List.Items[i] = e.after[j]
	}
}

func (e *setItems) undo(w *Workspace) {
	for j, i := range e.idx {
		w.Doc.List.Items[i] = e.before[j]
	}
}

// keepsRanking reports whether the edit leaves every score and id as
// they were (a grade or a title), so that the ranking need not be
// worked out again.
func (e *setItems) keepsRanking() bool {
	for j := range e.idx {
		b, a := e.before[j], e.after[j]
		if a.ID != b.ID || a.HasScore != b.HasScore || a.Score != b.Score {
			return false
		}
	}
	return true
}

func (e *setItems) focus() int     { return e.at }
func (e *setItems) String() string { return e.what }

// insertItem puts a new item at position at of the list.
type insertItem struct {
	what string
	at   int
	item ndcg.Item
	// unique says the item's id is no other item's whenever it is in
	// the list: made up against every id (a new item, a copy), or the
	// item a deletion took out of a list that computed. Its
	// recomputation then skips a pass over every id (ndcg.InsertUniqueAt).
	unique bool
}

func (e *insertItem) do(w *Workspace) {
	w.Doc.List.Items = slices.Insert(w.Doc.List.Items, e.at, e.item)
}

func (e *insertItem) undo(w *Workspace) {
	w.Doc.List.Items = slices.Delete(w.Doc.List.Items, e.at, e.at+1)
}

func (e *insertItem) focus() int     { return e.at }
func (e *insertItem) String() string { return e.what }

// removeItem is insertItem the other way round.
type removeItem struct{ insertItem }

func (e *removeItem) do(w *Workspace)   { e.insertItem.undo(w) }
func (e *removeItem) undo(w *Workspace) { e.insertItem.do(w) }
func (e *removeItem) focus() int        { return e.at }

// replaceList swaps the whole list of items, for the rare edit that
// touches every item (giving an unscored list scores).
type replaceList struct {
	what          string
	before, after []ndcg.Item
	at            int
}

func (e *replaceList) do(w *Workspace)   { w.Doc.List.Items = slices.Clone(e.after) }
func (e *replaceList) undo(w *Workspace) { w.Doc.List.Items = slices.Clone(e.before) }
func (e *replaceList) focus() int        { return e.at }
func (e *replaceList) String() string    { return e.what }

// setSettings changes the conventions; they are saved with the list, so
// changing them is an edit like any other.
type setSettings struct {
	before, after ndcg.Settings
}

func (e *setSettings) do(w *Workspace)    { w.Settings = e.after }
func (e *setSettings) undo(w *Workspace)  { w.Settings = e.before }
func (e *setSettings) focus() int         { return -1 }
func (e *setSettings) keepsRanking() bool { return true }
func (e *setSettings) String() string {
	var parts []string
	for _, c := range ndcg.Differences(e.before, e.after) {
		parts = append(parts, fmt.Sprintf("%s %s → %s", c.Setting, c.From, c.To))
	}
	if len(parts) == 0 {
		return "settings unchanged"
	}
	return strings.Join(parts, ", ")
}
