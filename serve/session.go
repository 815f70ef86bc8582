package serve

import (
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// resizeSettle is how long a session's window size must stay put before
// the explorer redraws for it. Every size costs a full redraw; a client
// can send thousands a second.
const resizeSettle = 30 * time.Millisecond

// sessionModel is one session's explorer, with its window sizes bounded
// and coalesced.
type sessionModel struct {
	*ui.Model

	latest  tea.WindowSizeMsg
	drawn   int  // the area drawn, for winsize.Message
	pending bool // a settle timer is running
	release bool // the next size message is the settled one: let it through

	// idle is how long the session may go without a key, a click, a
	// paste or a resize (0: for ever); idleTimer fires then, and idled
	// says it did, for the line the attendee reads.
	idle      time.Duration
	idleTimer *time.Timer
	idled     atomic.Bool
}

type (
	resizeSoon struct{}
	resizeNow  struct{}
	// idleQuit ends a session that had no input for its idle time.
	idleQuit struct{}
)

// watchIdle ends the session's program once it has had no input for
// d. The explorer quits as it does for q, which gives the attendee's
// terminal back as it was (main screen, cursor, no mouse reporting);
// a connection closed under it would leave all three as the explorer
// set them.
func (s *sessionModel) watchIdle(d time.Duration, p *tea.Program) {
	if d <= 0 {
		return
	}
	s.idle = d
	s.idleTimer = time.AfterFunc(d, func() { p.Send(idleQuit{}) })
}

// stopIdle stops the idle timer once the session has ended.
func (s *sessionModel) stopIdle() {
	if s.idleTimer != nil {
		s.idleTimer.Stop()
	}
}

// active restarts the idle time on the attendee's input.
func (s *sessionModel) active() {
	if s.idleTimer != nil {
		s.idleTimer.Reset(s.idle)
	}
}

// filter runs in the program's event loop, before the renderer sees a
// message. A window size is clamped, then held until sizes settle; and
// a remote program cannot be suspended (Wish's own filter, which this
// one replaces, does the same: ctrl+z resumes at once).
func (s *sessionModel) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
		s.active()
	case tea.WindowSizeMsg:
		s.active()
		m = winsize.Message(s.Model, m, &s.drawn)
		if s.release {
			s.release = false
			return m
		}
		s.latest = m
		if s.pending {
			return nil
		}
		s.pending = true
		return resizeSoon{}
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

func (s *sessionModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case resizeSoon:
		return s, tea.Tick(resizeSettle, func(time.Time) tea.Msg { return resizeNow{} })
	case resizeNow:
		s.pending, s.release = false, true
		latest := s.latest
		return s, func() tea.Msg { return latest }
	case idleQuit:
		s.idled.Store(true)
		return s, tea.Quit
	}
	_, cmd := s.Model.Update(msg)
	return s, cmd
}
