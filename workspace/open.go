package workspace

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Open replaces the whole document and its conventions, as one edit
// that undo takes back: opening a list someone sent (the instructor of
// a workshop served over SSH).
func (w *Workspace) Open(doc *listio.Document, s ndcg.Settings) Edit {
	return &openDoc{beforeDoc: w.Doc, afterDoc: doc, beforeS: w.Settings, afterS: s, overEdits: w.dirty}
}

type openDoc struct {
	beforeDoc, afterDoc *listio.Document
	beforeS, afterS     ndcg.Settings
	// overEdits says the list it replaced had edits not saved.
	overEdits bool
}

// ReplacedEdits reports whether a list opened over one with edits not
// saved is still open, u taking it back: the list on screen may have no
// edits of its own, but quitting loses those it replaced.
func (w *Workspace) ReplacedEdits() bool {
	for _, e := range w.hist.done[:w.hist.pos] {
		if o, ok := e.(*openDoc); ok && o.overEdits {
			return true
		}
	}
	return false
}

func (e *openDoc) do(w *Workspace)   { w.Doc, w.Settings = e.afterDoc, e.afterS }
func (e *openDoc) undo(w *Workspace) { w.Doc, w.Settings = e.beforeDoc, e.beforeS }
func (e *openDoc) focus() int        { return 0 }
func (e *openDoc) String() string {
	return fmt.Sprintf("opened the instructor's list (%d items; u takes it back)", len(e.afterDoc.List.Items))
}

// full says why an edit adding an item is refused, or "".
func (w *Workspace) full() string {
	if n := w.N() + len(w.List().Pool); w.MaxItems > 0 && n >= w.MaxItems {
		return fmt.Sprintf("the list has %d items with its pool, the most this server allows", n)
	}
	return ""
}

// Own is the list an opened list replaced, u taking it back: the one
// the earliest open still undoable replaced, with its conventions and
// whether it had edits not saved. ok is false when no open is undoable.
// A server keeps it beside the list on screen, so that u still takes the
// instructor's list back in the attendee's next session.
func (w *Workspace) Own() (doc *listio.Document, s ndcg.Settings, modified, ok bool) {
	for _, e := range w.hist.done[:w.hist.pos] {
		if o, isOpen := e.(*openDoc); isOpen {
			return o.beforeDoc, o.beforeS, o.overEdits, true
		}
	}
	return nil, ndcg.Settings{}, false, false
}
