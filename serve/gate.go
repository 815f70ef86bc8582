package serve

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	bm "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// A session's way through the server: the gate it passes (or the one
// line that refuses it), the attendee's explorer built for it (program,
// explorer: a session.Model wired to the room), and the lines it ends
// with.

// refuse ends a session with one line on its error output and exit
// status 1.
func (s *Server) refuse(sess ssh.Session, why string) {
	// The attendee reads their own code back; the log, on the
	// projector, never does.
	s.log("refused %s@%s: %s", shownUser(sess.User()), sess.RemoteAddr(), maskCode(why, sess.User()))
	fmt.Fprintln(sess.Stderr(), "ndcg-explorer: "+why)
	_ = sess.Exit(1)
}

// gate lets through only what a workshop needs: one interactive
// session on a terminal, with nothing forwarded and no command, while
// the room has space. It keeps the session's place in the room for as
// long as the explorer runs.
func (s *Server) gate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		// The terminal as the session starts, read once: later reads of
		// sess.Pty race the library's window changes (ptyGate).
		pty, winch, hasPty := sess.Pty()
		defer drainWindowChanges(winch)
		if cmd, ok := takeHomeCommand(sess.RawCommand()); ok {
			s.takeHome(sess, cmd)
			return
		}
		if accessibleCommand(sess.RawCommand()) {
			s.plainLines(sess)
			return
		}
		if cmd := sess.RawCommand(); cmd != "" {
			s.refuse(sess, "this server runs the explorer, not commands: connect with "+connectLine(sess, "")+" and nothing after it ("+
				ReportCommand+" or "+ListCommand+" after it print the list you left with; "+AccessibleCommand+" gives it in plain lines)")
			return
		}
		if ssh.AgentRequested(sess) {
			s.refuse(sess, "agent forwarding is not offered here: connect without -A (or with -o ForwardAgent=no)")
			return
		}
		if fw, _ := sess.Context().Value(ctxForwarding).(bool); fw {
			s.refuse(sess, "port forwarding is not offered here: connect without -R or -L")
			return
		}
		if !hasPty {
			s.refuse(sess, "the explorer needs a terminal: connect with "+connectLine(sess, "-t "))
			return
		}
		login, code := splitCode(sess.User())
		m, ok := s.room.Join(CleanName(login), code, sess.RemoteAddr().String(), sessionKey(sess))
		if !ok {
			s.refuse(sess, roomFull(s.cfg.MaxSessions))
			return
		}
		joined := "joined"
		if m.Back {
			joined = "is back, on the list they left with,"
		}
		s.log("%s %s from %s%s (%d in the room)", m.Name, joined, sess.RemoteAddr(), identity(m), s.room.Count())
		if m.Missed == missedUnknown {
			// A code that finds no list may be a guess: it counts as a
			// wrong passphrase does.
			s.throttle.fail(hostOf(sess.RemoteAddr().String()), func(msg string) {
				// Before the explorer takes the screen; the terminal is raw.
				fmt.Fprint(sess.Stderr(), msg+"\r\n")
			})
		}
		sess.Context().SetValue(ctxMember, m)
		defer func() {
			s.room.Leave(m)
			s.log("%s left (%d in the room)", m.Name, s.room.Count())
		}()
		next(sess)
		if m.session != nil {
			m.session.StopIdle()
		}
		switch {
		case s.stopping():
			// The explorer has left the screen: a line the attendee
			// reads above ssh's own "Connection closed", and, when the
			// room is kept, how their list comes home.
			fmt.Fprint(sess, "\r\n"+wrapLine(s.endLine(), endWidth(pty, m)))
			if s.saver != nil {
				fmt.Fprint(sess, keptLines(sess, s.returnName(m), endWidth(pty, m)))
			}
		case m.session != nil && m.session.Idled():
			s.log("closed %s's session after %s with no key pressed", m.Name, ShortDuration(s.cfg.IdleTimeout))
			// The command on a line of its own, whole, as the take-home
			// lines are: wrapped with the sentence, it broke in two.
			fmt.Fprint(sess, "\r\n"+wrapLine(fmt.Sprintf("ndcg-explorer: closed after %s with no key pressed; to come back, type:",
				ShortDuration(s.cfg.IdleTimeout)), endWidth(pty, m))+"  "+s.comeBack(sess, m)+"\r\n"+takeHomeLines(sess, s.returnName(m), endWidth(pty, m)))
		default:
			// Quit with q (or dropped): the list stays until the server
			// stops, and goes with the attendee only if they take it.
			fmt.Fprint(sess, "\r\n"+takeHomeLines(sess, s.returnName(m), endWidth(pty, m)))
		}
	}
}

// endWidth is the width of the attendee's terminal as their explorer
// ends: the last size the explorer was given (resizes included), else
// the one the session started with (pty, read as it started: see
// ptyGate).
func endWidth(pty ssh.Pty, m *Member) int {
	if m.session != nil && m.session.Width() > 0 {
		return m.session.Width()
	}
	return pty.Window.Width
}

// drainWindowChanges reads a session's window changes (winch, as
// sess.Pty gave it when the session started) once nothing else does.
// The SSH library hands each one over a channel of one place and waits
// until it is taken; the explorer's reader stops with the explorer, so a
// resize arriving as a session ends would block the session's request
// loop, and leak it, for good. The channel closes when the session's
// requests end, which ends the drain.
func drainWindowChanges(winch <-chan ssh.Window) {
	if winch != nil {
		go func() {
			for range winch {
			}
		}()
	}
}

// roomFull is what the session after the last place reads: only the
// instructor can make room.
func roomFull(max int) string {
	return fmt.Sprintf("the room is full (%s): tell the instructor (serve --max-sessions raises it)", Plural(max, "session"))
}

// The largest window a session is drawn for (winsize's bound). A
// client may claim any size; the screen buffer is width × height cells,
// so a claimed 100000×100000 window must not become one.
const (
	MaxWidth  = winsize.MaxWidth
	MaxHeight = winsize.MaxHeight
)

func clampWindow(w, h int) (int, int) { return winsize.Clamp(w, h) }

// noColor reports whether the client asked for no colour (NO_COLOR set
// and not empty, as https://no-color.org says), which ssh sends with
// -o SetEnv=NO_COLOR=1 or SendEnv NO_COLOR.
func noColor(env []string) bool {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok && v != "" {
			return true
		}
	}
	return false
}

// program builds the session's explorer on its own copy of the list.
func (s *Server) program(sess ssh.Session) *tea.Program {
	m, _ := sess.Context().Value(ctxMember).(*Member)
	if m == nil {
		return nil
	}
	opts := bm.MakeOptions(sess)
	if sess.EmulatedPty() {
		opts = append(opts, tea.WithInput(session.LimitPaste(sess, session.MaxPaste)))
	}
	if pty, _, ok := sess.Pty(); ok {
		w, h := clampWindow(pty.Window.Width, pty.Window.Height)
		opts = append(opts, tea.WithWindowSize(w, h))
	}
	// wish reads sess.Pty once more after this, before it runs the
	// program; once it runs, nothing does (ptyGate).
	started := func() { _, _ = sess.SendRequest(ptyReady, false, nil) }
	return s.explorer(m, s.welcome(sess, m), noColor(sess.Environ()), opts, s.backLine(sess, m), started)
}

// explorer builds an attendee's explorer on their own copy of the list,
// whichever way they joined (over SSH: program; from a browser: web.go);
// opts are the program's input, output and window size; started, when
// set, is told once the program runs.
func (s *Server) explorer(m *Member, welcome string, plain bool, opts []tea.ProgramOption, back string, started func()) *tea.Program {
	id := m.ID
	// An attendee back after leaving starts on a copy of the list they
	// left with: work the old session started off its loop may still
	// be reading the original.
	doc, settings, modified := session.CloneDoc(s.cfg.Doc), s.cfg.Settings, false
	var right, total, ended int
	var own *ui.Own
	if k := m.kept; k != nil {
		right, total, ended = k.right, k.total, k.ended
		if k.doc != nil {
			doc, settings, modified = session.CloneDoc(k.doc), k.settings, k.modified
		}
		if k.own != nil && k.doc != nil {
			own = &ui.Own{Doc: session.CloneDoc(k.own.Doc), Settings: k.own.Settings, Modified: k.own.Modified}
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
	o := session.Options{Secret: m.Code, OnWhere: s.cfg.OnChange, OnFrame: s.cfg.OnFrame, Started: started}
	if s.saver != nil {
		o.Report = func(live session.Snapshot) { s.room.update(id, live) }
	}
	sm := session.New(model, o)
	opts = append(opts, tea.WithoutSignalHandler(), tea.WithFilter(sm.Filter))
	p := tea.NewProgram(sm, opts...)
	sm.WatchIdle(s.cfg.IdleTimeout, p)
	s.room.attach(m, p, sm)
	return p
}
