package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// The room's state on disk: every attendee's name, identity (key
// fingerprint, resume code), list, and the quiz round with its answers
// and its timer's deadline, in one JSON file under the state directory,
// written whole (a temporary file renamed over it) within saveEvery of a
// change. A server
// killed, crashed or stopped loses at most that; started again on the
// same directory, it gives every attendee back what it kept when they
// reconnect, by the same rule as before (Room.claim), and `ssh … report`
// works for as long as the file is kept. serve --forget removes it.

// StateFile is the state's file name in the state directory.
const StateFile = "room.json"

// stateVersion numbers the file's format.
const stateVersion = 1

// saveEvery is the most a change waits before it is on disk.
const saveEvery = 500 * time.Millisecond

// DefaultStateDir is where the room's state is kept when --state-dir is
// not given: under the user's data directory ($XDG_DATA_HOME, else
// ~/.local/share on Linux and BSD; the configuration directory on macOS
// and Windows, where data and configuration share one).
func DefaultStateDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "ndcg-explorer", "serve"), nil
	}
	if runtime.GOOS != "darwin" && runtime.GOOS != "windows" && runtime.GOOS != "plan9" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "ndcg-explorer", "serve"), nil
		}
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no data directory to keep the room in (%v): give one with --state-dir", err)
	}
	return filepath.Join(dir, "ndcg-explorer", "serve"), nil
}

// roomState is the file's content.
type roomState struct {
	Version int       `json:"version"`
	Saved   time.Time `json:"saved"`
	// Class is when the class began (Room.class), which names its export.
	Class  time.Time       `json:"class,omitzero"`
	NextID int             `json:"next_id"`
	Rounds int             `json:"rounds"`
	Offers int             `json:"offers"`
	Offer  json.RawMessage `json:"offer,omitempty"`
	// OfferSource is where the list sent to the room came from (as
	// Source).
	OfferSource string `json:"offer_source,omitempty"`
	// OfferStep is the step of the guided path the offer is, when it is
	// one (ui.Offer.Step).
	OfferStep int `json:"offer_step,omitempty"`
	// OfferRounds is how many rounds had run when it was sent
	// (Room.offerRounds).
	OfferRounds int             `json:"offer_rounds,omitempty"`
	Attendees   []attendeeState `json:"attendees"`
	Round       *roundState     `json:"round,omitempty"`
	// Past are the rounds before Round, for the export.
	Past []roundState `json:"past,omitempty"`
}

type attendeeState struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Login string `json:"login"`
	Key   string `json:"key,omitempty"`
	Code  string `json:"code"`
	// List is the attendee's list as `ssh … list` prints it (listio's
	// JSON, with its conventions); absent for one who never had one.
	List json.RawMessage `json:"list,omitempty"`
	// Source is where the list came from ("sample:ties-at-k", a path):
	// the heading names it, and the list's JSON does not carry it.
	Source   string `json:"source,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// Own is the attendee's own list under List, when List is the
	// instructor's they opened (u takes it back), with its source and
	// whether it had edits not copied.
	Own         json.RawMessage `json:"own,omitempty"`
	OwnSource   string          `json:"own_source,omitempty"`
	OwnModified bool            `json:"own_modified,omitempty"`
	Offered     int             `json:"offered,omitempty"`
	Taken       bool            `json:"taken,omitempty"`
	// Right and Total are the attendee's quiz score, which counts the
	// rounds they answered up to Ended, the last whose end their
	// sessions saw (or the room scored for them on their return): one
	// after it that has ended is scored when they come back.
	Right int `json:"right,omitempty"`
	Total int `json:"total,omitempty"`
	Ended int `json:"ended,omitempty"`
}

type roundState struct {
	ID       int                 `json:"id"`
	Seed     int64               `json:"seed"`
	Number   int                 `json:"number"`
	Settings listio.FileSettings `json:"settings"`
	Ended    bool                `json:"ended"`
	// Deadline is when the round under way ends by itself (F10); absent
	// for none. A server started again keeps it: the dashboard ends the
	// round at once if it has passed meanwhile.
	Deadline time.Time     `json:"deadline,omitzero"`
	Answers  []answerState `json:"answers"`
}

type answerState struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// encodeList writes a list as the state keeps it.
func encodeList(doc *listio.Document, s ndcg.Settings) (json.RawMessage, error) {
	if doc == nil {
		return nil, nil
	}
	return listio.WriteJSON(doc, s)
}

// snapshot is the room as the file keeps it: attendees connected are
// kept with the list their session last reported (Room.update).
func (r *Room) snapshot() ([]byte, error) {
	r.mu.Lock()
	st := roomState{Version: stateVersion, Saved: time.Now().UTC(), Class: r.class.UTC(), NextID: r.nextID, Rounds: r.rounds, Offers: r.offers}
	lists := map[int]keptList{}
	var order []int
	for _, k := range r.left {
		lists[k.id] = k
		order = append(order, k.id)
	}
	for _, m := range r.members {
		k := keptList{id: m.ID, name: m.Name, login: m.Login, key: m.Key, code: m.Code, offered: m.offered}
		if m.live.doc != nil {
			k.doc, k.settings, k.modified, k.own = m.live.doc, m.live.settings, m.live.modified, m.live.own
			k.right, k.total, k.ended = m.live.right, m.live.total, m.live.ended
		} else if m.kept != nil {
			k.doc, k.settings, k.modified, k.own = m.kept.doc, m.kept.settings, m.kept.modified, m.kept.own
			k.right, k.total, k.ended = m.kept.right, m.kept.total, m.kept.ended
		}
		lists[k.id] = k
		order = append(order, k.id)
	}
	offer, offerRounds := r.offer, r.offerRounds
	saveRound := func(r *Round) *roundState {
		rd := &roundState{ID: r.ID, Seed: r.Seed, Number: r.Number, Settings: listio.SettingsOf(r.Settings), Ended: r.Ended,
			Deadline: r.deadline.UTC()}
		for _, id := range r.order {
			a := r.answers[id]
			rd.Answers = append(rd.Answers, answerState{ID: id, Name: a.name, Text: a.text})
		}
		return rd
	}
	var rd *roundState
	if r.round != nil {
		rd = saveRound(r.round)
	}
	for _, p := range r.past {
		st.Past = append(st.Past, *saveRound(p))
	}
	r.mu.Unlock()
	// Lists are written off the lock; they are never changed in place
	// once the room has them (sessions hand over copies).
	for _, id := range order {
		k := lists[id]
		data, err := encodeList(k.doc, k.settings)
		if err != nil {
			return nil, err
		}
		a := attendeeState{ID: k.id, Name: k.name, Login: k.login, Key: k.key, Code: k.code,
			List: data, Source: docName(k.doc), Modified: k.modified, Offered: k.offered, Taken: k.taken, Right: k.right, Total: k.total,
			Ended: k.ended}
		if k.own != nil {
			if a.Own, err = encodeList(k.own.Doc, k.own.Settings); err != nil {
				return nil, err
			}
			a.OwnSource, a.OwnModified = docName(k.own.Doc), k.own.Modified
		}
		st.Attendees = append(st.Attendees, a)
	}
	if offer != nil {
		data, err := encodeList(offer.Doc, offer.Settings)
		if err != nil {
			return nil, err
		}
		st.Offer, st.OfferSource, st.OfferStep, st.OfferRounds = data, docName(offer.Doc), offer.Step, offerRounds
	}
	st.Round = rd
	return json.MarshalIndent(st, "", " ")
}

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

// saver writes the room's state within saveEvery of each change, until
// stopped; stop writes it a last time and waits. A write that fails is
// tried again every retryEvery, changes or not, the state directory
// made again if it is gone, until one works: meanwhile the failure is
// the saver's problem (Problem), which the dashboard shows on its first
// line, and the log says it once, and once more when it is over.
type saver struct {
	path string
	room *Room
	log  func(format string, args ...any)
	// remade, when set, is told the directory was made again (to lock
	// it again).
	remade func()
	// onProblem, when set, is told the problem came or went.
	onProblem func()

	poke chan struct{}
	done chan struct{}
	// problem says why the last write failed; nil once one works.
	problem atomic.Pointer[string]
}

// retryEvery is how often a failed write is tried again.
const retryEvery = 2 * time.Second

func newSaver(dir string, room *Room, log func(format string, args ...any)) *saver {
	return &saver{path: filepath.Join(dir, StateFile), room: room, log: log, poke: make(chan struct{}, 1), done: make(chan struct{})}
}

// changed asks for a save; it never blocks.
func (s *saver) changed() {
	select {
	case s.poke <- struct{}{}:
	default:
	}
}

// Problem says why the room is not kept on disk now, "" when it is.
func (s *saver) Problem() string {
	if p := s.problem.Load(); p != nil {
		return *p
	}
	return ""
}

func (s *saver) run(stop <-chan struct{}) {
	defer close(s.done)
	for {
		var retry <-chan time.Time
		if s.problem.Load() != nil {
			retry = time.After(retryEvery)
		}
		select {
		case <-s.poke:
		case <-retry:
		case <-stop:
			s.save()
			return
		}
		select {
		case <-time.After(saveEvery): // changes close together, one write
		case <-stop:
		}
		s.save()
	}
}

func (s *saver) save() {
	data, err := s.room.snapshot()
	if err == nil {
		err = writeAtomic(s.path, data, 0o600)
		if errors.Is(err, os.ErrNotExist) {
			// The directory is gone (removed during the class): made
			// again, and the write tried once more.
			dir := filepath.Dir(s.path)
			if mk := os.MkdirAll(dir, 0o700); mk == nil {
				s.log("the state directory %s was gone: made again", dir)
				if s.remade != nil {
					s.remade()
				}
				err = writeAtomic(s.path, data, 0o600)
			}
		}
	}
	was := s.problem.Load() != nil
	switch {
	case err != nil:
		var pe *os.PathError
		if errors.As(err, &pe) {
			// The temporary file's name says nothing the path does not.
			err = pe.Err
		}
		p := fmt.Sprintf("cannot keep the room in %s: %v", s.path, err)
		s.problem.Store(&p)
		if !was {
			s.log("%s (attendees' lists live only in memory until it works again; tried again every %s)", p, ShortDuration(retryEvery))
			s.told()
		}
	case was:
		s.problem.Store(nil)
		s.log("the room is kept in %s again", s.path)
		s.told()
	}
}

func (s *saver) told() {
	if s.onProblem != nil {
		s.onProblem()
	}
}

// openState reads the room kept in dir, if any, into room; it reports
// how many attendees it brought back, and what it set aside (load). The
// file is read within maxStateBytes, and only when it is a regular
// file: a named pipe there hung serve through TERM, INT and HUP. When
// anything was set aside, the file as it was is copied beside it first
// (SetAsidePrefix), as the room's next save replaces it.
func openState(dir string, room *Room) (int, []string, error) {
	path := filepath.Join(dir, StateFile)
	data, err := boundedfile.Read(path, maxStateBytes)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return 0, nil, nil
	case err != nil:
		return 0, nil, fmt.Errorf("cannot read the room kept in %s: %v (serve --forget removes it without reading it, or give another --state-dir)", path, err)
	}
	problems, err := room.load(data)
	if err != nil {
		return 0, nil, fmt.Errorf("cannot read the room kept in %s: %v (serve --forget removes it, or give another --state-dir)", path, err)
	}
	if len(problems) > 0 {
		copyPath := filepath.Join(dir, SetAsidePrefix+time.Now().Format("20060102-150405")+".json")
		if err := writeAtomic(copyPath, data, 0o600); err != nil {
			return 0, nil, fmt.Errorf("cannot keep a copy of the room kept in %s before setting parts of it aside: %v", path, err)
		}
		problems = append(problems, "the file as it was is kept in "+copyPath)
	}
	return len(room.left), problems, nil
}

// SetAsidePrefix starts the name of the copy of a state file that had
// parts set aside as it was read.
const SetAsidePrefix = "room-as-found-"

// Forget removes the room kept in dir, without reading it: a file too
// large, or no file at all, goes as well as any. A serve running on dir
// (its lock held) is not forgotten under it.
func Forget(dir string) error {
	if _, err := os.Lstat(filepath.Join(dir, StateFile)); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	lock, err := lockState(dir, "none (clearing the room: serve --forget)")
	if err != nil {
		return err
	}
	defer lock.release()
	if err := os.Remove(filepath.Join(dir, StateFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// KeptCount is how many attendees' lists the room kept in dir holds,
// for the question before Forget: -1 for a file this server cannot
// read (too large, a pipe, not its format), which Forget removes all
// the same; ok is false when there is none.
func KeptCount(dir string) (n int, ok bool) {
	path := filepath.Join(dir, StateFile)
	if _, err := os.Lstat(path); err != nil {
		return 0, false
	}
	data, err := boundedfile.Read(path, maxStateBytes)
	if err != nil {
		return -1, true
	}
	var st struct {
		Attendees []json.RawMessage `json:"attendees"`
	}
	if json.Unmarshal(data, &st) != nil {
		return -1, true
	}
	return len(st.Attendees), true
}
