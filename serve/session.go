package serve

import (
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	bm "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
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

// sessionModel is one session's explorer, with its window sizes bounded
// and coalesced, and its input rate bounded.
type sessionModel struct {
	*ui.Workshop

	// tokens and filled are the input rate's bucket; told is when the
	// attendee was last told keys were dropped.
	tokens float64
	filled time.Time
	told   time.Time

	// report, when set, receives a copy of the attendee's list within
	// reportEvery of each change, for the room's state file; reported
	// is the state last sent.
	report   func(liveList)
	reported [5]int
	pending2 bool

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
	// onWhere, when set, wakes the dashboard then (Config.OnChange), so
	// the room view shows a move at once, not at its next redraw.
	where    atomic.Pointer[string]
	wasWhere string
	onWhere  func()

	// frame is the last frame of the screen the attendee shows the room
	// (share.go), nil while they show none: written by capture, on the
	// program's goroutine, and read by the dashboard's. framed is when
	// it was captured, framing says a frameNow is on its way, and
	// onFrame wakes the dashboard. clock times the frames (nil: the
	// time of day; tests set their own).
	frame   atomic.Pointer[Frame]
	framed  time.Time
	framing bool
	onFrame func()
	clock   func() time.Time
	// secret is the attendee's resume code, which their own screen shows
	// them and a frame shown to the room never does.
	secret string
	// started, when set, is told once the program runs (Init): nothing
	// reads the session's terminal any more (ptyGate).
	started func()
}

// Init tells the session its explorer runs, then starts it.
func (s *sessionModel) Init() tea.Cmd {
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
	// reportNow sends the list to the room (sessionModel.report).
	reportNow struct{}
)

// reportEvery is the most a change to an attendee's list waits before
// the room has a copy of it.
const reportEvery = 250 * time.Millisecond

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
	s.lastInput.Store(time.Now().UnixNano())
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
func (s *sessionModel) take(now time.Time) bool {
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

func (s *sessionModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
		s.pending2 = false
		ws := s.Workspace()
		s.reported = s.state()
		right, total, ended := s.QuizScore()
		s.report(liveList{doc: CloneDoc(ws.Doc), settings: ws.Settings, modified: ws.Dirty(), own: ownOf(ws), right: right, total: total, ended: ended})
		return s, nil
	}
	_, cmd := s.Workshop.Update(msg)
	s.noteWhere()
	cmd = tea.Batch(cmd, s.capture())
	if s.report != nil && !s.pending2 && s.state() != s.reported {
		s.pending2 = true
		cmd = tea.Batch(cmd, tea.Tick(reportEvery, func(time.Time) tea.Msg { return reportNow{} }))
	}
	return s, cmd
}

// noteWhere records where the attendee is for the room view, when it
// changed.
func (s *sessionModel) noteWhere() {
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
func (s *sessionModel) state() [5]int {
	ws := s.Workspace()
	right, total, ended := s.QuizScore()
	return [5]int{ws.Version(), boolInt(ws.Dirty()), right, total, ended}
}

// program builds the session's explorer on its own copy of the list.
func (s *Server) program(sess ssh.Session) *tea.Program {
	m, _ := sess.Context().Value(ctxMember).(*Member)
	if m == nil {
		return nil
	}
	opts := bm.MakeOptions(sess)
	if sess.EmulatedPty() {
		opts = append(opts, tea.WithInput(newPasteLimiter(sess, MaxPaste)))
	}
	if pty, _, ok := sess.Pty(); ok {
		w, h := clampWindow(pty.Window.Width, pty.Window.Height)
		opts = append(opts, tea.WithWindowSize(w, h))
	}
	p := s.explorer(m, s.welcome(sess, m), noColor(sess.Environ()), opts, s.backLine(sess, m))
	// wish reads sess.Pty once more after this, before it runs p.
	m.session.started = func() { _, _ = sess.SendRequest(ptyReady, false, nil) }
	return p
}

// explorer builds an attendee's explorer on their own copy of the list,
// whichever way they joined (over SSH: program; from a browser: web.go);
// opts are the program's input, output and window size.
func (s *Server) explorer(m *Member, welcome string, plain bool, opts []tea.ProgramOption, back string) *tea.Program {
	id := m.ID
	// An attendee back after leaving starts on a copy of the list they
	// left with: work the old session started off its loop may still
	// be reading the original.
	doc, settings, modified := CloneDoc(s.cfg.Doc), s.cfg.Settings, false
	var right, total, ended int
	var own *ui.Own
	if k := m.kept; k != nil {
		right, total, ended = k.right, k.total, k.ended
		if k.doc != nil {
			doc, settings, modified = CloneDoc(k.doc), k.settings, k.modified
		}
		if k.own != nil && k.doc != nil {
			own = &ui.Own{Doc: CloneDoc(k.own.Doc), Settings: k.own.Settings, Modified: k.own.Modified}
		}
	}
	model := ui.NewWorkshop(ui.Options{
		Doc:      doc,
		Settings: settings,
		ASCII:    s.cfg.ASCII,
		NoColor:  plain,
		Seed:     s.cfg.Seed,
		Welcome:  welcome,
		// Edits not copied before the attendee left are still not.
		Modified: modified,
		Own:      own,
		Remote: &ui.Remote{
			MaxItems: s.cfg.MaxItems,
			OnAnswer: func(a ui.RoomAnswer) { s.room.Answer(id, a) },
			OnShare:  func(a ui.ShareAnswer) { s.room.shareAnswer(id, a) },
			// The room keeps every attendee's list when they leave.
			KeepsList: true,
			Name:      shownName(m),
			// The quiz's score goes on from where it was.
			Right: right, Total: total, Ended: ended,
			Back: back,
			// The page keeps the attendee's code (web.go).
			Browser: m.Via == ViaWeb,
		},
	})
	model.Workspace().MaxHistory = MaxHistory
	sm := &sessionModel{Workshop: model, onFrame: s.cfg.OnFrame, onWhere: s.cfg.OnChange, secret: m.Code}
	if s.saver != nil {
		sm.report = func(live liveList) { s.room.update(id, live) }
	}
	opts = append(opts, tea.WithoutSignalHandler(), tea.WithFilter(sm.filter))
	p := tea.NewProgram(sm, opts...)
	sm.watchIdle(s.cfg.IdleTimeout, p)
	sm.lastInput.Store(time.Now().UnixNano())
	sm.noteWhere()
	s.room.attach(m, p, model, sm)
	return p
}
