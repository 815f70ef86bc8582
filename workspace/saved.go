package workspace

import (
	"hash/maphash"
	"math"
	"slices"
	"sync/atomic"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// savedState is the state last saved or loaded: what a save would write
// that the explorer can change. Comparing with it, rather than counting
// edits, keeps a list unmodified when edits cancel out (the gain cycled
// back, a grade raised and lowered), so quitting asks only when there is
// something to lose.
//
// The saved items are not copied: a list of a million items would be
// held twice. Each is kept as a 64-bit fingerprint (8 bytes against 56
// and its strings), taken only when the first edit is about to change
// the list; until then the list holds the saved items themselves, so
// opening a file costs nothing here.
type savedState struct {
	valid bool
	// pending says that the list's items are still the saved ones and
	// prints has not been taken yet.
	pending      bool
	prints       []uint64
	pool         []ndcg.Judged
	settings     ndcg.Settings
	title, notes string
	// differ counts the items whose fingerprint differs from the saved
	// one at the same position, when counted says the count is up to
	// date: a grade edit on a list of a million items then compares the
	// items it touched, not the whole list.
	differ  int
	counted bool
	// cur holds the fingerprints of the list's items as they are now,
	// kept with prints (nil while pending, or after an edit that
	// replaced every item, until the next count): after an item is
	// added or deleted, the items after it are compared with the saved
	// ones at their new places, 8 bytes an item against hashing every
	// item again on the key (12–70 ms at 1,000,000 items).
	cur []uint64
	// taking is the fingerprints being taken off the update loop
	// (Fingerprinting), nil when none are.
	taking *printJob
}

// printJob is one taking of the saved items' fingerprints off the
// update loop. Whoever begins it first does it: the work off the loop,
// or the loop itself at an edit of the items that comes before.
type printJob struct {
	// state is 0 before it begins, 1 once the work off the loop has
	// begun it, 2 once the loop has taken it over.
	state atomic.Int32
	// done is closed once the work off the loop has set prints and cur.
	done        chan struct{}
	prints, cur []uint64
}

// fingerprintFrom is the length from which the saved state's
// fingerprints are taken off the update loop (Fingerprinting): at
// 1,000,000 items they take 12–70 ms, which the first edit paid.
const fingerprintFrom = 1 << 14

// Fingerprinting is the taking of the saved state's fingerprints, for
// work off the update loop right after a long list is opened or saved,
// so that the first edit of the items finds them taken; nil when there
// is nothing to take (taken or handed out already, or a short list,
// where the first edit takes them). An edit of the items made before the
// work is done waits for it, or takes them itself when it has not begun.
func (w *Workspace) Fingerprinting() func() {
	s := &w.saved
	items := w.Doc.List.Items
	if !s.valid || !s.pending || s.taking != nil || len(items) < fingerprintFrom {
		return nil
	}
	j := &printJob{done: make(chan struct{})}
	s.taking = j
	return func() {
		if !j.state.CompareAndSwap(0, 1) {
			return // the loop took it over
		}
		prints := make([]uint64, len(items))
		for i := range items {
			prints[i] = fingerprint(&items[i])
		}
		j.prints, j.cur = prints, slices.Clone(prints)
		close(j.done)
	}
}

// takePrints takes the fingerprints of the items, the saved ones: from
// the work off the loop when it has begun (waiting for its end), else
// here.
func (s *savedState) takePrints(items []ndcg.Item) {
	if j := s.taking; j != nil {
		s.taking = nil
		if !j.state.CompareAndSwap(0, 2) {
			<-j.done
			s.prints, s.cur = j.prints, j.cur
			return
		}
	}
	s.prints = make([]uint64, len(items))
	for i := range items {
		s.prints[i] = fingerprint(&items[i])
	}
	s.cur = slices.Clone(s.prints)
}

// release ends the taking of fingerprints handed out for this state,
// before the state is replaced: waiting for it when it has begun (it
// reads the items, which the next edit may write), else calling it off.
func (s *savedState) release() {
	if j := s.taking; j != nil {
		s.taking = nil
		if !j.state.CompareAndSwap(0, 2) {
			<-j.done
		}
	}
}

func (w *Workspace) takeSnapshot() savedState {
	l := w.Doc.List
	return savedState{valid: true, pending: true, pool: slices.Clone(l.Pool),
		settings: w.Settings, title: w.Doc.Title, notes: w.Doc.Notes, counted: true}
}

// seed keys the fingerprints; they are compared only within one run.
var seed = maphash.MakeSeed()

// fingerprint is a 64-bit digest of everything a save writes of an item.
// The numbers and the score flag go in through bijective mixing steps,
// so two items that differ in one of them alone (a grade edit, a score
// edit) never share a fingerprint; ids and titles go in through the
// runtime's string hash, where a collision has a chance of 2⁻⁶⁴.
func fingerprint(it *ndcg.Item) uint64 {
	h := maphash.String(seed, it.ID)
	h = mix(h ^ maphash.String(seed, it.Title))
	h = mix(h ^ floatBits(it.Grade))
	h = mix(h ^ floatBits(it.Score))
	if it.HasScore {
		h = mix(h ^ 1)
	}
	return h
}

// mix is a bijection of 64-bit words that spreads every bit over the
// whole word (an odd multiplication, then a shift folded back in).
func mix(x uint64) uint64 {
	x *= 0x9e3779b97f4a7c15
	return x ^ x>>29
}

// floatBits are f's bits with −0 read as +0: the two compare equal, and
// an item's numbers compare as numbers.
func floatBits(f float64) uint64 {
	if f == 0 {
		f = 0
	}
	return math.Float64bits(f)
}

// change makes the edit e, or undoes it, keeping the saved state's count
// of differing items: an edit of some items in place updates it from
// those items, one that leaves the items alone keeps it, and any other
// has it counted again at the next comparison.
func (w *Workspace) change(e Edit, undo bool) {
	s := &w.saved
	if _, settings := e.(*setSettings); s.pending && !settings {
		// The list is about to leave the saved state (a change of
		// settings leaves the items as they are: on a long list it
		// should not pay for a pass over them).
		s.takePrints(w.Doc.List.Items)
		s.pending = false
	}
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
	items := w.Doc.List.Items
	switch e := e.(type) {
	case *setItems:
		if inPlace {
			s.differ += s.differing(w, set.idx)
		}
		if s.cur != nil {
			for _, i := range set.idx {
				s.cur[i] = fingerprint(&items[i])
			}
		}
	case *setSettings, *insertJudged, *removeJudged, *setJudged:
	case *insertItem:
		s.counted = false
		s.moveCur(items, e.at, !undo)
	case *removeItem:
		s.counted = false
		s.moveCur(items, e.at, undo)
	default:
		s.counted, s.cur = false, nil
	}
}

// moveCur keeps cur in step with an item inserted (or deleted) at
// index at of items, the list after the edit.
func (s *savedState) moveCur(items []ndcg.Item, at int, insert bool) {
	switch {
	case s.cur == nil:
	case insert:
		s.cur = slices.Insert(s.cur, at, fingerprint(&items[at]))
	default:
		s.cur = slices.Delete(s.cur, at, at+1)
	}
}

// differing counts the items at indices idx that differ from the saved ones.
func (s *savedState) differing(w *Workspace, idx []int) int {
	n, items := 0, w.Doc.List.Items
	for _, i := range idx {
		if fingerprint(&items[i]) != s.prints[i] {
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
	if s.pending {
		return true
	}
	if len(s.prints) != len(l.Items) {
		return false
	}
	if !s.counted {
		if len(s.cur) != len(l.Items) {
			s.cur = make([]uint64, len(l.Items))
			for i := range l.Items {
				s.cur[i] = fingerprint(&l.Items[i])
			}
		}
		s.differ, s.counted = 0, true
		for i, p := range s.cur {
			if p != s.prints[i] {
				s.differ++
			}
		}
	}
	return s.differ == 0
}

// updateDirty compares the state with the one saved, once per edit: the
// title line asks on every frame.
func (w *Workspace) updateDirty() {
	w.dirty = w.hist.at() != w.savedAt && !w.saved.same(w)
}
