package ui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
)

// The clock of a timed round of the room (RoomTimer): the quiz's heading
// shows the time left, the title line does in every other view, and both
// count down each second while there is time left. The clock is read
// (frame.Now) in Update only, when a message comes: View draws what it
// read.

// clockTick reads the round's clock again, when the seconds shown change.
type clockTick struct{}

// readClock reads the round's clock at now and, while it shows a time
// still to come, has it read again when the seconds shown change. Only
// one chain of ticks runs at a time (m.ticking), and none once the time
// is up or the round has ended: an explorer with no timer running gets
// no ticks at all.
func (m *Workshop) readClock(now time.Time) tea.Cmd {
	q := quizOf(m.views)
	if q == nil {
		return nil
	}
	next, running := q.TickClock(now)
	if !running || m.ticking {
		return nil
	}
	m.ticking = true
	return tea.Tick(next, func(time.Time) tea.Msg { return clockTick{} })
}

// clockUpdate handles the round's timer and its ticks. It reports
// whether msg was one of them.
func (m *Workshop) clockUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case RoomTimer:
		now := frame.Now()
		q := quizOf(m.views)
		if q == nil {
			return nil, true
		}
		if q.SetTimer(msg.ID, msg.Deadline, now) {
			round, left, _ := q.Clock()
			// Said as the time left now: the heading counts it down,
			// and "closes in 1:53" read as stale beside it.
			news := fmt.Sprintf("round %d now has %s on its clock", round, practice.ClockTime(left))
			if !q.Answered() {
				news += ": send your answer before it runs out"
			}
			m.c.SetStatus(m.afterWelcome(news), false)
			if m.lesson != nil {
				// A step sent during the round is on screen: the news
				// reaches it, as the room's notices do.
				return tea.Batch(m.lesson.Notice(news), m.readClock(now)), true
			}
		}
		return m.readClock(now), true
	case clockTick:
		m.ticking = false
		return m.readClock(frame.Now()), true
	}
	return nil, false
}

// titleClock is the round's clock for the title line, "round 2: 3:41
// left", where the quiz's heading does not show it: in every other view,
// over the quiz while the help or the view menu covers it, and in the
// quiz on a screen too short for its heading. Empty when no timed round
// is under way.
func (m *Workshop) titleClock() string {
	q := quizOf(m.views)
	if q == nil {
		return ""
	}
	round, left, ok := q.Clock()
	covered := m.dialog != nil && m.dialog.Covers()
	if !ok || (m.views[m.active] == q && q.HeadingShowsClock() && !covered) {
		return ""
	}
	return fmt.Sprintf("round %d: ", round) + practice.PaintClock(m.c.Styles, left)
}
