package serve

import (
	"bytes"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The lists the room keeps for attendees who left. Every session leaves
// one, and a client that connects and drops a hundred times leaves a
// hundred: the room must not make space for them by dropping the list of
// an attendee who worked on theirs. So an entry with no work in it (the
// list as the room gave it, no answer, no score) goes first; the lists
// with work stay past that bound, up to a bound on memory, and one
// dropped there is named in the log.

// Bounds of the kept lists, per place in the room (--max-sessions):
// past keptPerPlace, entries with no work go, oldest first; past
// keptWorkPerPlace (each list holds at most --max-items items), the
// oldest list with work goes too, and the log says whose.
const (
	keptPerPlace     = 4
	keptWorkPerPlace = 20
)

// Whether a kept list holds work (keptList.work): not known yet, no, yes.
const (
	workUnknown = iota
	workNone
	workSome
)

// startOf is the list every attendee starts on, as the kept lists are
// compared with it (hasWork).
func startOf(doc *listio.Document, settings ndcg.Settings) []byte {
	b, _ := listio.WriteJSON(doc, settings)
	return b
}

// keep adds k to the kept lists, making room as above (r.mu is held).
func (r *Room) keep(k keptList) {
	r.left = append(r.left, k)
	soft, hard := r.max*keptPerPlace, r.max*keptWorkPerPlace
	for len(r.left) > soft {
		i := 0
		for i < len(r.left) && r.hasWork(&r.left[i]) {
			i++
		}
		if i == len(r.left) {
			break
		}
		r.left = slices.Delete(r.left, i, i+1)
	}
	for len(r.left) > hard {
		gone := r.left[0]
		r.left = slices.Delete(r.left, 0, 1)
		if r.log != nil {
			r.log("dropped %s's kept list, with their work, to hold memory: the room keeps at most %d lists (%d for each of --max-sessions)",
				gone.name, hard, keptWorkPerPlace)
		}
	}
}

// hasWork says whether the kept list k holds something its attendee
// would miss: edits (copied or not), a quiz score, an answer in a round
// the room keeps. It is worked out once (r.mu is held).
func (r *Room) hasWork(k *keptList) bool {
	if k.work == workUnknown {
		k.work = workNone
		if r.workIn(k) {
			k.work = workSome
		}
	}
	return k.work == workSome
}

func (r *Room) workIn(k *keptList) bool {
	if k.modified || k.total > 0 {
		return true
	}
	for _, rd := range append(slices.Clone(r.past), r.round) {
		if rd == nil {
			continue
		}
		if _, ok := rd.answers[k.id]; ok {
			return true
		}
	}
	if k.doc == nil || r.start == nil {
		return false
	}
	b, err := listio.WriteJSON(k.doc, k.settings)
	return err != nil || !bytes.Equal(b, r.start)
}
