package serve

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// What the instructor sends the room besides rounds: a list (F2) or a
// step of the guided path (F1), offered to each attendee and kept for
// those who join or come back later.

// SendList offers every session a copy of doc under s; it returns how
// many sessions it reached. A list longer than a session's may be
// (Config.MaxItems, with its pool) goes to none: each session would hold
// its own copy.
func (r *Room) SendList(doc *listio.Document, s ndcg.Settings) (int, error) {
	if n := len(doc.List.Items) + len(doc.List.Pool); r.maxItems > 0 && n > r.maxItems {
		return 0, fmt.Errorf("not sent: the list has %s with its pool, and an attendee's list takes at most %s (serve --max-items)",
			Plural(n, "item"), Plural(r.maxItems, "item"))
	}
	return r.send(ui.Offer{Doc: doc, Settings: s}), nil
}

// SendStep offers every session step n of the guided path (learn): its
// list, instruction and question in place of the attendee's explorer,
// until they go back to their own list. It returns how many sessions it
// reached.
func (r *Room) SendStep(n int) (int, error) {
	st, err := learn.At(n)
	if err != nil {
		return 0, err
	}
	doc, err := st.Doc()
	if err != nil {
		return 0, err
	}
	return r.send(ui.Offer{Doc: doc, Settings: st.Opens, Step: n}), nil
}

// SentStep is the step of the guided path last sent to the room, 0
// when the last thing sent was a list or nothing was.
func (r *Room) SentStep() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.offer == nil {
		return 0
	}
	return r.offer.Step
}

// send offers every session a copy of o, and keeps it for those who
// join or come back later (attach).
func (r *Room) send(o ui.Offer) int {
	kept := o
	kept.Doc = session.CloneDoc(o.Doc)
	// One lock for the whole send: a session attaching meanwhile gets
	// the list once, from here or from attach.
	r.mu.Lock()
	defer r.mu.Unlock()
	r.offers++
	r.offer, r.offerRounds = &kept, r.rounds
	n := 0
	for _, m := range r.members {
		if m.prog != nil {
			m.offered = r.offers
			each := o
			each.Doc = session.CloneDoc(o.Doc)
			go m.prog.Send(each)
			n++
		}
	}
	return n
}
