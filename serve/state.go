package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
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
		if l := m.live; l.Doc != nil {
			k.doc, k.settings, k.modified, k.own = l.Doc, l.Settings, l.Modified, l.Own
			k.right, k.total, k.ended = l.Right, l.Total, l.Ended
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
