package loading

import (
	"errors"
	"fmt"
	"sync/atomic"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
)

// Model is what the terminal shows while a long run is read before the
// query browser opens: a spinner and the number of lines read so far,
// instead of seconds of a blank screen. The work runs in a command; it
// reports its lines through the function it is given, from any
// goroutine.
type Model struct {
	what  string
	work  func(progress func(lines int64)) error
	lines *atomic.Int64
	shown int64 // the count drawn: copied from lines on each frame
	spin  spinner.Model
	err   error
	done  bool
}

// ErrInterrupted is Model's error when ctrl+c stopped the wait.
var ErrInterrupted = errors.New("interrupted while reading the run")

// New shows what (e.g. the run's name) being read by work.
func New(what string, work func(progress func(lines int64)) error) *Model {
	return &Model{what: what, work: work, lines: new(atomic.Int64), spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))}
}

// Err is the work's error, or ErrInterrupted; nil once it succeeded.
func (l *Model) Err() error { return l.err }

// loadDoneMsg says the work finished.
type loadDoneMsg struct{ err error }

// Init starts the spinner and the work.
func (l *Model) Init() tea.Cmd {
	return tea.Batch(l.spin.Tick, func() tea.Msg {
		return loadDoneMsg{l.work(func(n int64) { l.lines.Store(n) })}
	})
}

// Update follows the spinner and the work; ctrl+c gives up.
func (l *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case loadDoneMsg:
		l.err, l.done = msg.err, true
		return l, tea.Quit
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			l.err, l.done = ErrInterrupted, true
			return l, tea.Quit
		}
	case spinner.TickMsg:
		var cmd tea.Cmd
		l.spin, cmd = l.spin.Update(msg)
		l.shown = l.lines.Load()
		return l, cmd
	}
	return l, nil
}

// View is one line, cleared once the work is done.
func (l *Model) View() tea.View {
	if l.done {
		return tea.NewView("")
	}
	return tea.NewView(fmt.Sprintf("%s reading %s: %s lines", l.spin.View(), l.what, GroupDigits(l.shown)))
}

// GroupDigits writes n with commas between groups of three digits
// (1,234,567), as counts of lines are shown.
func GroupDigits(n int64) string {
	s := fmt.Sprint(n)
	start := 0
	if n < 0 {
		start = 1
	}
	for i := len(s) - 3; i > start; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
