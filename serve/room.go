package serve

import (
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// Member is one attendee's session.
type Member struct {
	// ID is the attendee's: one who comes back (see claim) gets their
	// ID back, and with it their place in a quiz round.
	ID int
	// Name is the attendee's display name, unique in the room: their
	// SSH user name (Login), numbered (student-2, student-3) when
	// another attendee has it already. It is theirs until the server
	// stops, and theirs again when they come back.
	Name string
	// Login is the SSH user name, made safe to show (CleanName), without
	// the resume code it may have carried.
	Login string
	Addr  string
	// Key is the SHA256 fingerprint of the key the attendee's client
	// proved it holds, or "" when it offered none.
	Key string
	// Code is the attendee's resume code (resume.go): Name+Code brings
	// them back to their list, with a key or without.
	Code   string
	Joined time.Time
	// Via is how they joined: ViaSSH or ViaWeb (a browser, web.go).
	Via string
	// Back says the attendee had left and came back.
	Back bool
	// Missed says the user name carried a resume code that found no
	// list to give back (missedNone: it found one, or had none): the
	// attendee starts on a new list and is told why.
	Missed int

	prog *tea.Program // nil until the explorer starts
	// session is the attendee's explorer with the session's own state
	// (its input, its idle time, where they are, the screen they show),
	// nil until it starts; its workspace is read when it ends.
	session *session.Model
	// kept is the list the attendee left with, for their new session.
	kept *keptList
	// offered numbers the last list sent (F2) that reached the attendee.
	offered int
	// live is the list the attendee's explorer last reported (update),
	// for the state file while they are connected.
	live session.Snapshot
}

// hostOf is the host an address names, without its port.
func hostOf(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}

// freshCode is a resume code no attendee of the room has.
func (r *Room) freshCode() string {
	for {
		c := newCode()
		used := false
		for _, m := range r.members {
			used = used || m.Code == c
		}
		for _, k := range r.left {
			used = used || k.code == c
		}
		if !used {
			return c
		}
	}
}

// nameFor is a display name for a new attendee connecting as login:
// login itself, or login-2, login-3 … (the first free) when an attendee
// connected, a list kept or an answer in the round has it.
func (r *Room) nameFor(login string) string {
	// A name is taken as a display name, and as a user name too: a
	// numbered name must not be another attendee's own (an account
	// named student-2).
	taken := func(name string) bool {
		for _, m := range r.members {
			if m.Name == name || m.Login == name {
				return true
			}
		}
		for _, k := range r.left {
			if k.name == name || k.login == name {
				return true
			}
		}
		if rd := r.round; rd != nil {
			for _, a := range rd.answers {
				if a.name == name {
					return true
				}
			}
		}
		return false
	}
	if !taken(login) {
		return login
	}
	for n := 2; ; n++ {
		// The name is cut to leave room for its number: cut after it, a
		// name of NameCells cells lost the number, and the next start
		// refused the room as unsafe to show.
		suffix := fmt.Sprintf("-%d", n)
		base := strings.TrimSpace(ansi.Truncate(login, NameCells-len(suffix), ""))
		if name := base + suffix; !taken(name) {
			return name
		}
	}
}

// Room is the sessions connected to a server, and the quiz round the
// instructor runs for them.
type Room struct {
	mu  sync.Mutex
	max int
	// maxItems is the most items (with the pool) a session's list may
	// have: a list sent to every session is held once by each.
	maxItems int
	members  map[int]*Member
	nextID   int
	// left are the lists of attendees who left, oldest first, at most
	// max of them: each holds at most maxItems items.
	left   []keptList
	round  *Round
	rounds int
	// past are the rounds before the one under way (or last ended).
	past []*Round
	// offer is the last list sent, and offers how many were: a session
	// it has not reached (one that joins later, or was away when it was
	// sent) is offered it when its explorer starts.
	offer  *ui.Offer
	offers int
	// offerRounds is how many rounds had run when the offer was sent: a
	// round since has moved the room on from a step sent before it.
	offerRounds int
	// share is the last ask to show an attendee's screen to the room,
	// and asks how many were made (share.go).
	share Share
	asks  int
	// class is when the class the room holds began: its first start on
	// a state directory, kept across restarts until --forget. The export
	// is one file pair per class, named by it.
	class time.Time
	// resumed says the state file brought back a round under way.
	resumed bool
	// hidden stands for the screen shown while a round runs (share.go).
	hidden   *hiddenShare
	onChange func()
	// save asks for the room to be written to its state file (nil: no
	// state is kept).
	save func()
	// start is the list every attendee starts on, as JSON (kept.go
	// tells a kept list with work by it); log, when set, is the
	// server's.
	start []byte
	log   func(format string, args ...any)
}

func newRoom(max, maxItems int, onChange func()) *Room {
	return &Room{max: max, maxItems: maxItems, members: map[int]*Member{}, onChange: onChange, class: time.Now()}
}

func (r *Room) changed() {
	if r.onChange != nil {
		r.onChange()
	}
	if r.save != nil {
		r.save()
	}
}

// update records a copy of a connected attendee's list, as their
// explorer last had it, for the state file.
func (r *Room) update(id int, live session.Snapshot) {
	r.mu.Lock()
	if m := r.members[id]; m != nil {
		m.live = live
	}
	r.mu.Unlock()
	if r.save != nil {
		r.save()
	}
}

// Join gives a session a place, or false when the room is full. An
// attendee who left and comes back (claim) gets their ID, display name,
// resume code and list back; a new one gets a display name of their own
// (nameFor) and a new code.
func (r *Room) Join(login, code, addr, key string) (*Member, bool) {
	return r.joinVia(login, code, addr, key, ViaSSH)
}

// joinVia is Join for an attendee who came by the door via (ViaSSH,
// ViaWeb), which the dashboard shows.
func (r *Room) joinVia(login, code, addr, key, via string) (*Member, bool) {
	r.mu.Lock()
	if len(r.members) >= r.max {
		r.mu.Unlock()
		return nil, false
	}
	m := &Member{Login: login, Addr: addr, Key: key, Via: via, Joined: time.Now()}
	i, missed := r.claim(login, code, key)
	if i >= 0 {
		k := r.left[i]
		r.left = slices.Delete(r.left, i, i+1)
		r.scoreAway(&k)
		m.ID, m.Name, m.Login, m.Code, m.Back, m.kept, m.offered = k.id, k.name, k.login, k.code, true, &k, k.offered
		if m.Key == "" {
			// Back by their code from a client without their key: the
			// key still brings them back next time.
			m.Key = k.key
		}
	} else {
		r.nextID++
		m.ID, m.Name, m.Code, m.Missed = r.nextID, r.nameFor(login), r.freshCode(), missed
	}
	r.members[m.ID] = m
	r.mu.Unlock()
	r.changed()
	return m, true
}

// attach records the session's program, to send it the room's messages;
// a round under way reaches a late joiner too.
func (r *Room) attach(m *Member, p *tea.Program, sm *session.Model) {
	r.mu.Lock()
	m.prog, m.session = p, sm
	var msg tea.Msg
	switch rd := r.round; {
	case rd != nil && !rd.Ended:
		// (A round declines any list offered before it.) One who comes
		// back finds the answer they gave, which the tally counts.
		// A timed round shows them its clock.
		msg = ui.RoomRound{ID: rd.ID, Seed: rd.Seed, Round: rd.Number, Settings: rd.Settings, Answer: rd.answers[m.ID].text,
			Deadline: rd.deadline}
	case r.offer != nil && (m.offered < r.offers || m.Back && r.offer.Step > 0 && r.offerRounds == r.rounds):
		// A latecomer is offered what the others were; one who comes
		// back is offered only what was sent while they were away, and
		// the step the room is on, which their explorer does not keep
		// (one who dropped in the middle of it could not get back): the
		// room is on it until a round starts after it.
		m.offered = r.offers
		msg = ui.Offer{Doc: session.CloneDoc(r.offer.Doc), Settings: r.offer.Settings, Step: r.offer.Step}
	}
	r.mu.Unlock()
	if msg != nil {
		go p.Send(msg)
	}
}

// welcomeBack is what an attendee who comes back reads first, calmly:
// what the server kept for them (see attach for what it sends). Empty
// for one who had not been here.
func (r *Room) welcomeBack(m *Member) string {
	if !m.Back {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	kept := "welcome back: your list is as you left it"
	if m.kept == nil || m.kept.doc == nil {
		kept = "welcome back"
	}
	if rd := r.round; rd != nil && !rd.Ended {
		if _, ok := rd.answers[m.ID]; ok {
			kept = "welcome back: your list and your answer are as you left them"
		}
	}
	if k := m.kept; k != nil && len(k.scored) > 0 {
		sep := "; "
		if kept == "welcome back" {
			sep = ": "
		}
		nums := make([]string, len(k.scored))
		for i, n := range k.scored {
			nums[i] = strconv.Itoa(n)
		}
		what := "round " + nums[0] + " ended while you were away: your answer is scored"
		if len(nums) > 1 {
			what = "rounds " + strings.Join(nums[:len(nums)-1], ", ") + " and " + nums[len(nums)-1] +
				" ended while you were away: your answers are scored"
		}
		// (Short enough for two lines of a 60-column status line.)
		kept += sep + fmt.Sprintf("%s, %d of %d right", what, k.right, k.total)
	}
	return kept
}

// scoreAway adds to a kept score the rounds its attendee answered that
// ended while they were away (after k.ended): no session of theirs saw
// those end, to score them as it does (practice.Quiz.EndRoom), and a
// server killed and started again, or a timed round that ran out
// meanwhile, ends rounds with nobody connected. A round skipped (F3
// twice) never ended, and is scored by no one. The room's lock is held.
func (r *Room) scoreAway(k *keptList) {
	rounds := append(slices.Clone(r.past), r.round)
	for _, rd := range rounds {
		if rd == nil || !rd.Ended || rd.ID <= k.ended {
			continue
		}
		k.ended = rd.ID
		a, ok := rd.answers[k.id]
		if !ok {
			continue
		}
		right, ok := rd.holds(a.text)
		if !ok {
			continue
		}
		k.total++
		if right {
			k.right++
		}
		k.scored = append(k.scored, rd.Number)
	}
}

// Leave frees the session's place and keeps its attendee's list (the
// explorer has ended: its workspace is no longer touched) for their
// return.
func (r *Room) Leave(m *Member) {
	k := keptList{id: m.ID, name: m.Name, login: m.Login, key: m.Key, code: m.Code}
	if m.session != nil {
		ws := m.session.Workspace()
		k.doc, k.settings, k.modified, k.own = ws.Doc, ws.Settings, ws.Dirty(), session.OwnOf(ws)
		k.right, k.total, k.ended = m.session.QuizScore()
	} else if m.kept != nil {
		k.doc, k.settings, k.modified, k.own = m.kept.doc, m.kept.settings, m.kept.modified, m.kept.own
		k.right, k.total, k.ended = m.kept.right, m.kept.total, m.kept.ended
	}
	r.mu.Lock()
	k.offered = m.offered
	if r.share.Member == m.ID {
		r.endShare(ShareLeft)
	}
	delete(r.members, m.ID)
	r.keep(k)
	r.mu.Unlock()
	r.changed()
}

// RoundsRun is how many quiz rounds the room has run.
func (r *Room) RoundsRun() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rounds
}

// closeAll ends every session's explorer.
func (r *Room) closeAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.members {
		if m.prog != nil {
			go m.prog.Quit()
		}
	}
}

// Count is how many sessions are connected.
func (r *Room) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.members)
}

// Members are the sessions connected, in the order they joined.
func (r *Room) Members() []Member {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Member, 0, len(r.members))
	for _, m := range r.members {
		out = append(out, Member{ID: m.ID, Name: m.Name, Login: m.Login, Addr: m.Addr, Key: m.Key, Code: m.Code, Via: m.Via, Joined: m.Joined, Back: m.Back})
	}
	slices.SortFunc(out, func(a, b Member) int { return a.ID - b.ID })
	return out
}

// broadcast sends every session its own message. Sends do not wait for
// a slow session: each is its own goroutine, which ends when the
// session's program takes the message or ends.
func (r *Room) broadcast(msgFor func(id int) tea.Msg) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.members {
		if m.prog != nil {
			go m.prog.Send(msgFor(m.ID))
			n++
		}
	}
	return n
}

// Seat is one connected attendee as the instructor's room view shows
// them.
type Seat struct {
	// ID is the attendee's (Member.ID), which the room view's cursor
	// follows.
	ID   int
	Name string
	// Keyed says the attendee's key brings them back (else their code).
	Keyed bool
	// Via is how they joined: ViaSSH or ViaWeb.
	Via string
	// Where is where they are: their view, the help, or a step the
	// instructor sent (ui.Workshop.Where); "" before their explorer starts.
	Where string
	// Idle is how long since their last key.
	Idle time.Duration
	// Answered says they answered the round under way; Answer is what,
	// for the instructor's private view only.
	Answered bool
	Answer   string
}

// Seats are the attendees connected, in the order they joined.
func (r *Room) Seats(now time.Time) []Seat {
	r.mu.Lock()
	defer r.mu.Unlock()
	ids := make([]int, 0, len(r.members))
	for id := range r.members {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]Seat, 0, len(ids))
	for _, id := range ids {
		m := r.members[id]
		st := Seat{ID: id, Name: m.Name, Keyed: m.Key != "", Via: m.Via}
		if m.session != nil {
			st.Idle = max(now.Sub(m.session.LastInput()), 0)
			st.Where = m.session.Whereabouts()
		}
		if rd := r.round; rd != nil {
			a, ok := rd.answers[id]
			st.Answered, st.Answer = ok, a.text
		}
		out = append(out, st)
	}
	return out
}

// Notify sends every attendee connected a line for their status line.
func (r *Room) Notify(text string) int {
	return r.broadcast(func(int) tea.Msg { return ui.RoomNotice{Text: text} })
}
