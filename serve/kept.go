package serve

import (
	"bytes"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// The lists the room keeps for attendees who left, what finds one again
// (claim: the attendee's code or key) and takes it home (keptFor). Every
// session leaves one, and a client that connects and drops a hundred times leaves a
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

// What a resume code found (Member.Missed).
const (
	missedNone = iota
	// missedUnknown: no list is kept under the code (mistyped, or from
	// a room since cleared).
	missedUnknown
	// missedOpen: the code's attendee is connected now, in another
	// session.
	missedOpen
)

// keptList is what an attendee's session leaves behind for their return.
type keptList struct {
	id int
	// name, login, key and code are the attendee's, as on Member.
	name, login, key, code string
	doc                    *listio.Document
	settings               ndcg.Settings
	// modified says the list had edits the attendee had not copied
	// (ws.Dirty): given back, it is still modified.
	modified bool
	// own is the attendee's own list under doc, when doc is one they
	// opened from the instructor: given back under it, u takes doc back.
	own     *ui.Own
	offered int
	// taken says the attendee took the list home (ssh … report or list)
	// since it last changed.
	taken bool
	// right and total are the attendee's quiz score, counting the
	// rounds they answered up to ended, the last whose end they saw or
	// the room scored for them (scoreAway).
	right, total, ended int
	// scored are the numbers of the rounds scoreAway scored when they
	// came back, for their welcome.
	scored []int
	// work says whether the list holds work its attendee would miss
	// (hasWork), once worked out.
	work int
}

// claim finds the kept list of the attendee who connects as login with
// the resume code code ("" when the user name carried none) and the key
// key (a fingerprint, or ""); -1 when there is none, with missed saying
// why a code found nothing. Only what the attendee holds finds a list:
//   - the code finds the list it was made for, whatever the name before
//     it and wherever the attendee connects from;
//   - a key the room knows finds the list left with it under the same
//     user name.
//
// A name and an address find nothing: a room behind one NAT shares its
// address, and anyone can type anyone's name. A key new to the room finds
// nothing either: anyone can make one.
func (r *Room) claim(login, code, key string) (found, missed int) {
	if code != "" {
		for i := len(r.left) - 1; i >= 0; i-- {
			if r.left[i].code == code {
				return i, missedNone
			}
		}
		for _, m := range r.members {
			if m.Code == code {
				return -1, missedOpen
			}
		}
		return -1, missedUnknown
	}
	if key == "" {
		return -1, missedNone
	}
	for i := len(r.left) - 1; i >= 0; i-- {
		if k := r.left[i]; k.key == key && k.login == login {
			return i, missedNone
		}
	}
	return -1, missedNone
}

// What the room keeps for an attendee asking for their list (keptFor).
const (
	keptNone      = iota // nothing: never here, or gone from the kept lists
	keptLeft             // the list they left with
	keptConnected        // they are in the explorer now
)

// keptFor is the list kept for the attendee connecting as login with the
// resume code code and the key key, found as join finds it (claim); an
// attendee in the explorer now has theirs still changing. name and id
// are the display name and the ID of the attendee whose list it is.
func (r *Room) keptFor(login, code, key string) (*listio.Document, ndcg.Settings, int, string, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i, missed := r.claim(login, code, key)
	switch {
	case missed == missedOpen:
		return nil, ndcg.Settings{}, keptConnected, "", 0
	case i >= 0 && r.left[i].doc != nil:
		return r.left[i].doc, r.left[i].settings, keptLeft, r.left[i].name, r.left[i].id
	}
	if code == "" && key != "" {
		for _, m := range r.members {
			if m.Key == key && m.Login == login {
				return nil, ndcg.Settings{}, keptConnected, "", 0
			}
		}
	}
	return nil, ndcg.Settings{}, keptNone, "", 0
}

// markTaken records that the attendee connecting as login with code and
// key took their kept list home.
func (r *Room) markTaken(login, code, key string) {
	r.mu.Lock()
	if i, _ := r.claim(login, code, key); i >= 0 {
		r.left[i].taken = true
	}
	r.mu.Unlock()
	r.changed()
}

// NotTaken is how many attendees' lists the room holds that were not
// taken home: those of attendees connected, and those kept since their
// last change.
func (r *Room) NotTaken() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.members)
	for _, k := range r.left {
		if !k.taken && k.doc != nil {
			n++
		}
	}
	return n
}

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
