package session

import (
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// resizeSettle is how long a session's window size must stay put before
// the explorer redraws for it. Every size costs a full redraw; a client
// can send thousands a second.
const resizeSettle = 30 * time.Millisecond

// MaxKeysPerSecond is the most keys, clicks and pastes a session passes
// to its explorer in a second (with as many again in a burst): a fast key
// repeat is 30 a second. Past it input is dropped, and the attendee told:
// every key costs a redraw, and a client sending a million keys took the
// other attendees' frames from 18 ms to 650 ms.
const MaxKeysPerSecond = 60

// MaxHistory is how many edits an attendee's undo takes back.
const MaxHistory = 1000

// droppedNotice is what an attendee reads when keys came too fast.
const droppedNotice = "keys came faster than 60 a second: some were dropped (paste with your terminal's paste, which counts as one)"

// Options are what a session tells the room, and how.
type Options struct {
	// Secret is the attendee's resume code, which their own screen shows
	// them and a frame shown to the room never does.
	Secret string
	// Report, when set, receives a copy of the attendee's list within a
	// quarter of a second of each change (reportEvery), on the program's
	// goroutine, for the room's state file.
	Report func(Snapshot)
	// OnWhere, when set, is called when the attendee goes somewhere else
	// (Whereabouts), so that the room view shows a move at once, not at
	// its next redraw.
	OnWhere func()
	// OnFrame, when set, is called when the screen the attendee shows
	// the room has a new frame (Frame).
	OnFrame func()
	// Started, when set, is told once the program runs (Init).
	Started func()
}

// Model is one attendee's explorer in the room, with its window sizes
// bounded and coalesced, its input rate bounded, its idle time watched,
// and what the room reads of it (where the attendee is, the frame they
// show) kept for other goroutines to read without it.
type Model struct {
	*ui.Workshop

	// tokens and filled are the input rate's bucket; told is when the
	// attendee was last told keys were dropped.
	tokens float64
	filled time.Time
	told   time.Time

	// report receives a copy of the list (Options.Report); reported is
	// the state last sent, and reporting says a reportNow is on its way.
	report    func(Snapshot)
	reported  [5]int
	reporting bool

	latest  tea.WindowSizeMsg
	drawn   int  // the area drawn, for winsize.Message
	pending bool // a settle timer is running

	// idle is how long the session may go without a key, a click, a
	// paste or a resize (0: for ever); idleTimer fires then, and idled
	// says it did, for the line the attendee reads.
	idle      time.Duration
	idleTimer *time.Timer
	idled     atomic.Bool
	// lastInput is when the attendee last pressed a key (Unix ns), for
	// the instructor's room view.
	lastInput atomic.Int64
	// where is where the attendee is (ui.Workshop.Where: their view, the
	// help, a step sent), for the room view: written on the program's
	// goroutine after each message that changed it, read by the
	// dashboard's, which never asks the explorer itself. wasWhere is
	// the last written, which only the program's goroutine reads;
	// onWhere, when set, wakes the dashboard then.
	where    atomic.Pointer[string]
	wasWhere string
	onWhere  func()

	// frame is the last frame of the screen the attendee shows the room
	// (frame.go), nil while they show none: written by capture, on the
	// program's goroutine, and read by the dashboard's. framed is when
	// it was captured, framing says a frameNow is on its way, and
	// onFrame wakes the dashboard. clock times the frames (nil: the
	// time of day; tests set their own).
	frame   atomic.Pointer[Frame]
	framed  time.Time
	framing bool
	onFrame func()
	clock   func() time.Time
	secret  string
	started func()
}

// New is the session of the attendee whose explorer is w. Their undo
// keeps at most MaxHistory edits, and the session counts as active from
// now.
func New(w *ui.Workshop, o Options) *Model {
	w.Workspace().MaxHistory = MaxHistory
	s := &Model{Workshop: w, report: o.Report, onWhere: o.OnWhere, onFrame: o.OnFrame, secret: o.Secret, started: o.Started}
	s.lastInput.Store(time.Now().UnixNano())
	s.noteWhere()
	return s
}

// Init tells the session its explorer runs, then starts it.
func (s *Model) Init() tea.Cmd {
	if s.started != nil {
		s.started()
	}
	return s.Model.Init()
}

type (
	resizeSoon struct{}
	resizeNow  struct{}
	// settledSize is the size the window settled at, on its way back
	// through the filter to the program.
	settledSize struct{ size tea.WindowSizeMsg }
	// idleQuit ends a session that had no input for its idle time.
	idleQuit struct{}
	// reportNow sends the list to the room (Options.Report).
	reportNow struct{}
)

// reportEvery is the most a change to an attendee's list waits before
// the room has a copy of it.
const reportEvery = 250 * time.Millisecond

// WatchIdle ends the session's program p once it has had no input for
// d. The explorer quits as it does for q, which gives the attendee's
// terminal back as it was (main screen, cursor, no mouse reporting);
// a connection closed under it would leave all three as the explorer
// set them.
func (s *Model) WatchIdle(d time.Duration, p *tea.Program) {
	if d <= 0 {
		return
	}
	s.idle = d
	s.idleTimer = time.AfterFunc(d, func() { p.Send(idleQuit{}) })
}

// StopIdle stops the idle timer once the session has ended.
func (s *Model) StopIdle() {
	if s.idleTimer != nil {
		s.idleTimer.Stop()
	}
}

// Idled says the session ended for want of input (WatchIdle).
func (s *Model) Idled() bool { return s.idled.Load() }

// LastInput is when the attendee last pressed a key, clicked, pasted or
// resized their window.
func (s *Model) LastInput() time.Time { return time.Unix(0, s.lastInput.Load()) }

// Whereabouts is where the attendee is (ui.Workshop.Where) as last
// noted, for the room view: safe to read from any goroutine.
func (s *Model) Whereabouts() string {
	if w := s.where.Load(); w != nil {
		return *w
	}
	return ""
}

// Width is the width of the window the explorer was last given (0
// before one): read once the program has ended.
func (s *Model) Width() int { return s.latest.Width }

// active restarts the idle time on the attendee's input.
func (s *Model) active() {
	s.lastInput.Store(time.Now().UnixNano())
	if s.idleTimer != nil {
		s.idleTimer.Reset(s.idle)
	}
}

// Filter is the program's filter (tea.WithFilter): it runs in the
// program's event loop, before the renderer sees a message. Input past
// the rate is dropped; a window size is clamped, then held until sizes
// settle; and a remote program cannot be suspended (Wish's own filter,
// which this one replaces, does the same: ctrl+z resumes at once).
func (s *Model) Filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
		if !s.take(time.Now()) {
			// Dropped input keeps no session alive, and the attendee
			// hears of it once in a while, not once a key.
			if time.Since(s.told) > 5*time.Second {
				s.told = time.Now()
				return ui.RoomNotice{Text: droppedNotice}
			}
			return nil
		}
		s.active()
	case tea.WindowSizeMsg:
		s.active()
		m = winsize.Message(s.Workshop, m, &s.drawn)
		s.latest = m
		if s.pending {
			return nil
		}
		s.pending = true
		return resizeSoon{}
	case settledSize:
		// A size that came after it is on its way too, on its own timer:
		// let only the last one through, or the window would end at the
		// size before it.
		if m.size != s.latest {
			return nil
		}
		return m.size
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// take spends one input from the bucket, refilled at MaxKeysPerSecond;
// false when it is empty.
func (s *Model) take(now time.Time) bool {
	if s.filled.IsZero() {
		s.tokens = MaxKeysPerSecond
	} else {
		s.tokens = min(s.tokens+now.Sub(s.filled).Seconds()*MaxKeysPerSecond, MaxKeysPerSecond)
	}
	s.filled = now
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
}

// Update takes the session's own messages (a size settled, the idle
// time out, a frame held back, the list's copy due), and passes the rest
// to the explorer, then notes what the room reads of it.
func (s *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case resizeSoon:
		return s, tea.Tick(resizeSettle, func(time.Time) tea.Msg { return resizeNow{} })
	case resizeNow:
		s.pending = false
		settled := settledSize{s.latest}
		return s, func() tea.Msg { return settled }
	case idleQuit:
		s.idled.Store(true)
		return s, tea.Quit
	case frameNow:
		s.framing = false
		return s, s.capture()
	case reportNow:
		s.reporting = false
		ws := s.Workspace()
		s.reported = s.state()
		right, total, ended := s.QuizScore()
		s.report(Snapshot{Doc: CloneDoc(ws.Doc), Settings: ws.Settings, Modified: ws.Dirty(), Own: OwnOf(ws), Right: right, Total: total, Ended: ended})
		return s, nil
	}
	_, cmd := s.Workshop.Update(msg)
	s.noteWhere()
	cmd = tea.Batch(cmd, s.capture())
	if s.report != nil && !s.reporting && s.state() != s.reported {
		s.reporting = true
		cmd = tea.Batch(cmd, tea.Tick(reportEvery, func(time.Time) tea.Msg { return reportNow{} }))
	}
	return s, cmd
}

// noteWhere records where the attendee is for the room view, when it
// changed.
func (s *Model) noteWhere() {
	w := s.Where()
	if w == s.wasWhere {
		return
	}
	s.wasWhere = w
	s.where.Store(&w)
	if s.onWhere != nil {
		s.onWhere()
	}
}

// state names the list's state (its version, whether it is modified)
// and the quiz's score, with the last round it has seen end.
func (s *Model) state() [5]int {
	ws := s.Workspace()
	right, total, ended := s.QuizScore()
	dirty := 0
	if ws.Dirty() {
		dirty = 1
	}
	return [5]int{ws.Version(), dirty, right, total, ended}
}

// Snapshot is a copy of a connected attendee's list, and their quiz
// score with the last round whose end it has seen (ui.Remote.Ended),
// which the room keeps in its state file.
type Snapshot struct {
	Doc                 *listio.Document
	Settings            ndcg.Settings
	Modified            bool
	Own                 *ui.Own
	Right, Total, Ended int
}

// OwnOf is the attendee's own list under the one they opened from the
// instructor (workspace.Own), copied; nil when there is none.
func OwnOf(ws *workspace.Workspace) *ui.Own {
	doc, s, modified, ok := ws.Own()
	if !ok {
		return nil
	}
	return &ui.Own{Doc: CloneDoc(doc), Settings: s, Modified: modified}
}

// CloneDoc copies a document deeply enough that a session's edits
// never reach another's list.
func CloneDoc(d *listio.Document) *listio.Document {
	c := *d
	if d.List != nil {
		c.List = d.List.Clone()
	}
	return &c
}
