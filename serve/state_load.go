package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// Reading the room's state back (state.go), each value held to a
// range: what cannot be trusted is set aside, the rest served.

// maxStateBytes bounds the file read back: every attendee's list at
// --max-items is far less for any room this serves.
const maxStateBytes = 256 << 20

// maxCount bounds the counts the file keeps (ids, rounds, lists sent),
// far past any room's, so that counting on from one never overflows.
const maxCount = 1 << 30

// maxDeadline bounds how far ahead a round's timer may end: F10 sets
// minutes, not days.
const maxDeadline = 24 * time.Hour

// load reads a state file's content into the room, which must be new.
// A file that is not one the server wrote at all (truncated, another
// format) is refused whole, with what is wrong. Within one, what cannot
// be trusted is set aside, and the rest of the room served: an attendee
// whose entry is wrong (a name unsafe to show, a list past the bounds),
// both attendees who share an id or a resume code (either could be the
// one the code was made for: one half read could hand one's list to the
// other), a round or a list sent that does not read; a count out of
// range is counted again from what is kept. problems say what was set
// aside, for the instructor.
func (r *Room) load(data []byte) (problems []string, err error) {
	var st roomState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("not a room this server wrote: %v", err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("written in format %d, which this version does not read (it reads %d)", st.Version, stateVersion)
	}
	aside := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if st.NextID < 0 || st.NextID > maxCount {
		aside("next_id %d out of range: counted again from the ids kept", st.NextID)
		st.NextID = 0
	}
	if st.Rounds < 0 || st.Rounds > maxCount {
		aside("rounds %d out of range: counted again from the rounds kept", st.Rounds)
		st.Rounds = 0
	}
	if st.Offers < 0 || st.Offers > maxCount {
		aside("offers %d out of range: set to 0, so every attendee is offered the last list again", st.Offers)
		st.Offers = 0
	}
	// Counts kept too low are raised to what is kept, by the ids seen.
	for _, a := range st.Attendees {
		if a.ID > 0 && a.ID <= maxCount {
			st.NextID = max(st.NextID, a.ID)
		}
	}
	for _, rd := range append(slices.Clone(st.Past), ptrOr(st.Round)...) {
		if rd.ID > 0 && rd.ID <= maxCount {
			st.Rounds = max(st.Rounds, rd.ID)
		}
		for _, a := range rd.Answers {
			if a.ID > 0 && a.ID <= maxCount {
				st.NextID = max(st.NextID, a.ID)
			}
		}
	}
	left := r.readAttendees(&st, aside)
	var offer *ui.Offer
	if len(st.Offer) > 0 {
		if o, err := r.readOffer(&st); err != nil {
			aside("the list sent to the room set aside: %v", err)
		} else {
			offer = o
		}
	}
	var rd *Round
	if st.Round != nil {
		if rd, err = readRound(&st, st.Round, aside); err != nil {
			aside("%v: set aside", err)
			rd = nil
		} else if !rd.Ended {
			// The round under way's timer, which only it has; one past
			// any F10's reach is dropped, the round untimed.
			if d := st.Round.Deadline; time.Until(d) > maxDeadline {
				aside("round %d: its timer ends %s, past any set: the round goes on untimed", rd.ID, d.Format(time.RFC3339))
			} else {
				rd.deadline = d
			}
		}
	}
	if n := len(st.Past); n > maxPastRounds {
		aside("%d past rounds, more than the %d kept: the first %d set aside", n, maxPastRounds, n-maxPastRounds)
		st.Past = st.Past[n-maxPastRounds:]
	}
	var past []*Round
	for i := range st.Past {
		p, err := readRound(&st, &st.Past[i], aside)
		if err != nil {
			aside("%v: set aside", err)
			continue
		}
		past = append(past, p)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID, r.rounds, r.offers, r.left, r.round, r.past = st.NextID, st.Rounds, st.Offers, left, rd, past
	r.resumed = rd != nil && !rd.Ended
	if offer != nil {
		r.offer, r.offerRounds = offer, min(max(st.OfferRounds, 0), st.Rounds)
	}
	if !st.Class.IsZero() {
		r.class = st.Class
	}
	return problems, nil
}

func ptrOr(rd *roundState) []roundState {
	if rd == nil {
		return nil
	}
	return []roundState{*rd}
}

// readAttendees reads the attendees kept, setting aside (aside) each
// whose entry is wrong, and both of two that share an id or a code.
func (r *Room) readAttendees(st *roomState, aside func(string, ...any)) []keptList {
	ids, codes := map[int]int{}, map[string]int{}
	for _, a := range st.Attendees {
		ids[a.ID]++
		codes[a.Code]++
	}
	names := map[string]bool{}
	var left []keptList
	for i, a := range st.Attendees {
		where := fmt.Sprintf("attendee %d (%s)", i+1, termsafe.Quote(a.Name))
		if len(left) >= r.max {
			aside("%s and the %d after: more than --max-sessions %d kept", where, len(st.Attendees)-i-1, r.max)
			break
		}
		var why string
		switch {
		case a.ID <= 0 || a.ID > st.NextID:
			why = fmt.Sprintf("id %d outside 1–%d", a.ID, st.NextID)
		case ids[a.ID] > 1:
			why = fmt.Sprintf("id %d, which another attendee has too", a.ID)
		case !wellFormedCode(a.Code):
			why = "not a resume code"
		case codes[a.Code] > 1:
			why = "a resume code another attendee has too"
		case a.Name == "" || CleanName(a.Name) != a.Name:
			why = "a name empty or unsafe to show"
		case names[a.Name]:
			why = "a name another attendee has"
		case a.Login == "" || CleanName(a.Login) != a.Login:
			why = "a user name empty or unsafe to show"
		case a.Key != "" && (!strings.HasPrefix(a.Key, "SHA256:") || len(a.Key) > 100 || !termsafe.Clean(a.Key)):
			why = "not a key fingerprint"
		case a.Offered < 0 || a.Offered > max(st.Offers, 0):
			why = fmt.Sprintf("offered list %d of %d", a.Offered, st.Offers)
		case a.Right < 0 || a.Right > a.Total || a.Total > st.Rounds:
			why = fmt.Sprintf("a score of %d of %d in %d rounds", a.Right, a.Total, st.Rounds)
		case a.Ended < 0 || a.Ended > st.Rounds:
			why = fmt.Sprintf("a score up to round %d of the %d run", a.Ended, st.Rounds)
		}
		k := keptList{id: a.ID, name: a.Name, login: a.Login, key: a.Key, code: a.Code, modified: a.Modified, offered: a.Offered, taken: a.Taken,
			right: a.Right, total: a.Total, ended: a.Ended}
		if why == "" && len(a.List) > 0 {
			doc, s, err := r.readList(a.Source, a.List)
			if err != nil {
				why = "their list: " + err.Error()
			}
			k.doc, k.settings = doc, s
		}
		if why == "" && len(a.Own) > 0 {
			doc, s, err := r.readList(a.OwnSource, a.Own)
			if err != nil {
				why = "their own list: " + err.Error()
			}
			k.own = &ui.Own{Doc: doc, Settings: s, Modified: a.OwnModified}
		}
		if why != "" {
			aside("%s set aside: %s", where, why)
			continue
		}
		names[a.Name] = true
		left = append(left, k)
	}
	return left
}

// readOffer reads the list sent to the room.
func (r *Room) readOffer(st *roomState) (*ui.Offer, error) {
	doc, s, err := r.readList(st.OfferSource, st.Offer)
	if err != nil {
		return nil, err
	}
	if st.OfferStep != 0 {
		if _, err := learn.At(st.OfferStep); err != nil {
			return nil, fmt.Errorf("the step: %v", err)
		}
	}
	return &ui.Offer{Doc: doc, Settings: s, Step: st.OfferStep}, nil
}

// readRound reads a round kept; an answer that does not read (from an
// id never given, twice, too long, a name unsafe to show) is dropped.
func readRound(st *roomState, sr *roundState, aside func(string, ...any)) (*Round, error) {
	if sr.ID <= 0 || sr.ID > st.Rounds || sr.Number <= 0 || sr.Number > 1_000_000 {
		return nil, fmt.Errorf("round %d (question %d) outside the %d rounds run", sr.ID, sr.Number, st.Rounds)
	}
	settings, err := sr.Settings.Apply(ndcg.DefaultSettings())
	if err == nil {
		err = settings.Validate()
	}
	if err != nil {
		return nil, fmt.Errorf("round %d: %v", sr.ID, err)
	}
	rd := &Round{ID: sr.ID, Seed: sr.Seed, Number: sr.Number, Settings: settings, Ended: sr.Ended,
		Question: explain.NewQuestion(sr.Seed, sr.Number), answers: map[int]answer{}}
	dropped := 0
	for _, a := range sr.Answers {
		if _, twice := rd.answers[a.ID]; twice || a.ID <= 0 || a.ID > st.NextID || len(a.Text) > 1000 || CleanName(a.Name) != a.Name {
			dropped++
			continue
		}
		rd.answers[a.ID] = answer{name: a.Name, text: a.Text}
		rd.order = append(rd.order, a.ID)
	}
	if dropped > 0 {
		aside("round %d: %s set aside (from an id never given, twice, too long, or a name unsafe to show)", rd.ID, Plural(dropped, "answer"))
	}
	return rd, nil
}

// Resumed says the room's state brought back a round under way, which
// the dashboard opens on.
func (r *Room) Resumed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.resumed
}

// docName is the name a kept list came from, "" for none.
func docName(doc *listio.Document) string {
	if doc == nil {
		return ""
	}
	return doc.Name
}

// maxSourceBytes bounds a kept list's source name: a path, at most.
const maxSourceBytes = 4096

// readList reads a list kept in the state, held to the room's bounds,
// under the name it came from (source; the state file's own name in a
// file written before sources were kept). A name the heading could not
// show as it is refuses the list, as any other sign of a file this
// server did not write does.
func (r *Room) readList(source string, data json.RawMessage) (*listio.Document, ndcg.Settings, error) {
	if source == "" {
		source = StateFile
	}
	if len(source) > maxSourceBytes || !termsafe.Clean(source) {
		return nil, ndcg.Settings{}, fmt.Errorf("a list's source %s is not a name this server keeps", termsafe.Quote(source))
	}
	doc, err := listio.ReadJSON(source, data)
	if err != nil {
		return nil, ndcg.Settings{}, err
	}
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	if err != nil {
		return nil, ndcg.Settings{}, err
	}
	if n := len(doc.List.Items) + len(doc.List.Pool); r.maxItems > 0 && n > r.maxItems {
		return nil, ndcg.Settings{}, fmt.Errorf("%d items, more than --max-items %d", n, r.maxItems)
	}
	return doc, s, nil
}
