package serve

import (
	"time"

	tea "charm.land/bubbletea/v2"

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
	pending bool // a settle timer is running
	release bool // the next size message is the settled one: let it through
}

type (
	resizeSoon struct{}
	resizeNow  struct{}
)

// filter runs in the program's event loop, before the renderer sees a
// message. A window size is clamped, then held until sizes settle; and
// a remote program cannot be suspended (Wish's own filter, which this
// one replaces, does the same: ctrl+z resumes at once).
func (s *sessionModel) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		m.Width, m.Height = clampWindow(m.Width, m.Height)
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
	}
	_, cmd := s.Model.Update(msg)
	return s, cmd
}
