package serve

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// The room's quiz rounds: one question for everyone, the answers as
// they come, the timer, and the tally the dashboard draws.

// Round is a quiz round for the room: one question, the answers so far.
type Round struct {
	ID       int
	Seed     int64
	Number   int
	Settings ndcg.Settings
	Question explain.Question
	Ended    bool
	// deadline is when the round ends by itself, on the instructor's
	// timer (AddTime); zero for none, and once it has ended. The room
	// holds it, not the dashboard, for an attendee who joins or comes
	// back mid-round to see the clock too, and for the state file to
	// keep it across a restart.
	deadline time.Time
	// answers by member, as typed; names are kept with them because a
	// member may leave before the tally is read.
	answers map[int]answer
	order   []int
}

type answer struct {
	name, text string
}

// StartRound starts quiz round number of seed for the room under s,
// ending the one under way.
func (r *Room) StartRound(seed int64, number int, s ndcg.Settings) *Round {
	r.mu.Lock()
	r.rounds++
	if r.round != nil {
		// Its timer, if it had one, stops with it.
		r.round.deadline = time.Time{}
		// Kept for the export (and the state file), the oldest going.
		r.past = append(r.past, r.round)
		if len(r.past) > maxPastRounds {
			r.past = slices.Delete(r.past, 0, len(r.past)-maxPastRounds)
		}
	}
	q := explain.NewQuestion(seed, number)
	rd := &Round{ID: r.rounds, Seed: seed, Number: number, Settings: s, Question: q, answers: map[int]answer{}}
	r.round = rd
	r.mu.Unlock()
	r.broadcast(func(int) tea.Msg { return ui.RoomRound{ID: rd.ID, Seed: seed, Round: number, Settings: s} })
	r.changed()
	return rd
}

// EndRound ends the round under way: every session shows the worked
// solution. It reports false when no round was under way.
func (r *Room) EndRound() bool {
	r.mu.Lock()
	rd := r.round
	if rd == nil || rd.Ended {
		r.mu.Unlock()
		return false
	}
	rd.Ended, rd.deadline = true, time.Time{}
	texts := make(map[int]string, len(rd.answers))
	for id, a := range rd.answers {
		texts[id] = a.text
	}
	r.mu.Unlock()
	// Each attendee reads the mistake behind their own wrong answer, as
	// the tally groups it for the instructor (checked once per answer,
	// off the lock).
	mistakes := make(map[int]string, len(texts))
	for id, text := range texts {
		mistakes[id] = rd.mistakeOf(text)
	}
	r.broadcast(func(id int) tea.Msg { return ui.RoomRoundEnd{ID: rd.ID, Mistake: mistakes[id]} })
	r.changed()
	return true
}

// AddTime gives the round under way d more on its timer, starting the
// timer at now when it has none running (or one whose time is up), and
// tells every session the new deadline (RoomTimer): their clocks show
// the time left. It reports the round's ID and its deadline, ok false
// when no round is under way. Ending the round when the time is up is
// the dashboard's (countDown), which reads the deadline here.
func (r *Room) AddTime(now time.Time, d time.Duration) (id int, deadline time.Time, ok bool) {
	r.mu.Lock()
	rd := r.round
	if rd == nil || rd.Ended {
		r.mu.Unlock()
		return 0, time.Time{}, false
	}
	if !rd.deadline.After(now) {
		rd.deadline = now
	}
	rd.deadline = rd.deadline.Add(d)
	id, deadline = rd.ID, rd.deadline
	r.mu.Unlock()
	r.broadcast(func(int) tea.Msg { return ui.RoomTimer{ID: id, Deadline: deadline} })
	r.changed()
	return id, deadline, true
}

// Timer is the round under way's ID and its deadline (AddTime); the
// deadline is zero when no round is under way or it has no timer.
func (r *Room) Timer() (id int, deadline time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if rd := r.round; rd != nil && !rd.Ended {
		return rd.ID, rd.deadline
	}
	return 0, time.Time{}
}

// Answer records a session's answer to the round under way; a second
// answer from the same session replaces the first.
func (r *Room) Answer(id int, a ui.RoomAnswer) {
	r.mu.Lock()
	rd := r.round
	m := r.members[id]
	if rd == nil || rd.Ended || rd.ID != a.ID || m == nil {
		r.mu.Unlock()
		return
	}
	if _, seen := rd.answers[id]; !seen {
		rd.order = append(rd.order, id)
	}
	rd.answers[id] = answer{name: m.Name, text: a.Text}
	r.mu.Unlock()
	r.changed()
}

// Tally is the round under way, counted; nil when there is none.
func (r *Room) Tally() *Tally {
	r.mu.Lock()
	rd := r.round
	if rd == nil {
		r.mu.Unlock()
		return nil
	}
	in := make([]answer, 0, len(rd.order))
	left := 0
	for _, id := range rd.order {
		in = append(in, rd.answers[id])
		if r.members[id] == nil {
			left++
		}
	}
	var waiting []*Member
	for id, m := range r.members {
		if _, ok := rd.answers[id]; !ok {
			waiting = append(waiting, m)
		}
	}
	sessions := len(r.members)
	r.mu.Unlock()
	t := tally(rd, in)
	t.Sessions, t.Left = sessions, left
	slices.SortFunc(waiting, func(a, b *Member) int { return a.ID - b.ID })
	for _, m := range waiting {
		t.Waiting = append(t.Waiting, m.Name)
	}
	return t
}
