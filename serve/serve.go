package serve

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Defaults of the serve command's flags.
const (
	DefaultListen      = "127.0.0.1:23234"
	DefaultMaxSessions = 100
	DefaultIdleTimeout = time.Hour
	DefaultMaxItems    = 10_000
)

// Config is everything a server needs.
type Config struct {
	// Listen is the address to listen on (host:port).
	Listen string
	// HostKeyPath is the server's private key; it is generated there
	// (mode 0600) when missing. Empty: DefaultHostKeyPath.
	HostKeyPath string
	// MaxSessions is the most sessions at once; the next is told the
	// room is full.
	MaxSessions int
	// IdleTimeout closes a connection with no traffic for that long.
	IdleTimeout time.Duration
	// Passphrase, when not empty, is the password every attendee types.
	// Empty: anyone who reaches the port gets in.
	Passphrase string
	// MaxItems is the most items a session's list may have.
	MaxItems int

	// Doc and Settings are the list every session starts on (each
	// session gets its own copy).
	Doc      *listio.Document
	Settings ndcg.Settings
	ASCII    bool
	Seed     int64
	// Present starts the instructor's explorer on the dashboard in
	// projector mode (R switches); attendees' explorers start as usual.
	Present bool
	// Workshop is the workshop's name ("IR course, week 3"): each
	// attendee's first frame welcomes them to it, and the room's page
	// and the dashboard's window title carry it. Empty: none.
	Workshop string

	// FailDelay, FailBudget, FailWindow and Penalty throttle failed
	// attempts (wrong passphrases, resume codes that find no list) per
	// address: each waits FailDelay (negative: none), and an address with
	// FailBudget of them within FailWindow is refused for Penalty. Zero:
	// the Default values.
	FailDelay  time.Duration
	FailBudget int
	FailWindow time.Duration
	Penalty    time.Duration
	// LoginGrace is how long a connection has to authenticate, and then
	// to open a session; MaxStartups is the most connections not yet
	// authenticated at once. Zero: DefaultLoginGrace, MaxSessions + 10.
	LoginGrace  time.Duration
	MaxStartups int

	// Web, when not empty, is an address (host:port) where the room's
	// page is served: a terminal in a browser for attendees without
	// ssh (web.go). NoSSH leaves the SSH listener closed, for a room
	// that joins by the page alone. TLSCert and TLSKey serve the page
	// over https.
	Web             string
	NoSSH           bool
	TLSCert, TLSKey string
	// WebHosts are the names the page answers to besides an address,
	// localhost, this machine's name and the certificate's: a reverse
	// proxy's (workshop.example.org). A request naming any other host is
	// refused (DNS rebinding).
	WebHosts []string

	// StateDir is where the room is kept (StateFile): every attendee's
	// name, identity, list and answers, so that a server stopped or
	// killed and started again on it gives them back. Empty: kept in
	// memory only, lost when the server stops.
	StateDir string

	// Log receives one line per event (a session joins, leaves or is
	// refused). It may be called from many goroutines at once; nil
	// drops them.
	Log func(line string)
	// OnChange is called, without blocking, whenever the room changes
	// (a session joins or leaves, an answer arrives, an attendee goes to
	// another view).
	OnChange func()
	// OnFrame is called, without blocking, when the screen an attendee
	// shows the room has a new frame (Room.Share), from their session's
	// goroutine.
	OnFrame func()
}

// DefaultHostKeyPath is where the host key lives when --host-key is not
// given: under the user's configuration directory, so attendees see
// the same fingerprint from one workshop to the next.
func DefaultHostKeyPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration directory to keep the host key in (%v): give one with --host-key", err)
	}
	return filepath.Join(dir, "ndcg-explorer", "ssh_host_ed25519_key"), nil
}

// Server is an SSH server giving every session its own explorer.
type Server struct {
	cfg         Config
	ssh         *ssh.Server
	room        *Room
	fingerprint string
	throttle    *throttle
	conns       *connTracker
	// saver keeps the room in its state file (nil without StateDir);
	// Restored is how many attendees' lists the file brought back.
	saver    *saver
	saveStop chan struct{}
	stopSave sync.Once
	restored int
	// setAside says what of the state file could not be trusted, and
	// was left out of the room (load).
	setAside []string
	// lock holds the state directory for this server alone (lock.go),
	// until the room's last save.
	lock   *stateLock
	unlock sync.Once

	// web serves the room's page (nil without Config.Web); webCode is
	// the room's code in its address.
	web     *http.Server
	webCode string
	webAddr net.Addr // where the page listens, once it does
	// tlsCert is the page's certificate (--tls-cert, --tls-key), read at
	// start within its bound (readTLS); nil for plain http.
	tlsCert *tls.Certificate
	webCap  *connCap // its connections (webconn.go)

	mu        sync.Mutex
	listeners []net.Listener
	closed    bool
	// bySignal says a signal stops the server (StopBySignal).
	bySignal atomic.Bool
}

// contextKey keys the values a session's context carries.
type contextKey string

const (
	ctxMember     contextKey = "ndcg-explorer member"
	ctxForwarding contextKey = "ndcg-explorer forwarding"
)

// New makes a server; it does not listen yet.
func New(cfg Config) (_ *Server, err error) {
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.MaxItems <= 0 {
		cfg.MaxItems = DefaultMaxItems
	}
	if cfg.Doc == nil {
		return nil, errors.New("serve: no list to serve")
	}
	if n := len(cfg.Doc.List.Items) + len(cfg.Doc.List.Pool); n > cfg.MaxItems {
		// Every attendee would hold a copy, and F2 would refuse to send
		// it: refused here, before anyone connects.
		return nil, fmt.Errorf("the list has %d items (with its pool), more than --max-items %d: serve a shorter list, or raise --max-items", n, cfg.MaxItems)
	}
	if err := checkWorkshop(cfg.Workshop); err != nil {
		return nil, err
	}
	if cfg.HostKeyPath == "" {
		p, err := DefaultHostKeyPath()
		if err != nil {
			return nil, err
		}
		cfg.HostKeyPath = p
	}
	if err := ensureHostKey(cfg.HostKeyPath); err != nil {
		return nil, err
	}
	hostKey, err := readHostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg}
	defer func() {
		if err != nil {
			// A server not made lets go of its state directory.
			if s.saver != nil {
				s.finishSaving()
			}
			s.unlock.Do(s.lock.release)
		}
	}()
	s.room = newRoom(cfg.MaxSessions, cfg.MaxItems, cfg.OnChange)
	s.room.start, s.room.log = startOf(cfg.Doc, cfg.Settings), s.log
	if cfg.StateDir != "" {
		if err := os.MkdirAll(cfg.StateDir, 0o700); err != nil {
			return nil, fmt.Errorf("cannot make the state directory %s: %v (give another with --state-dir)", cfg.StateDir, err)
		}
		lock, err := lockState(cfg.StateDir, cfg.Listen)
		if err != nil {
			return nil, err
		}
		s.lock = lock
		n, problems, err := openState(cfg.StateDir, s.room)
		if err != nil {
			return nil, err
		}
		s.restored, s.setAside = n, problems
		s.saver = newSaver(cfg.StateDir, s.room, s.log)
		s.saver.onProblem = cfg.OnChange
		s.saver.remade = s.relock
		s.room.save = s.saver.changed
		s.saveStop = make(chan struct{})
		go s.saver.run(s.saveStop)
	}
	s.throttle = newThrottle(cfg, s.log)
	s.throttle.changed = cfg.OnChange
	s.conns = newConnTracker(cfg, s.throttle, s.log)
	opts := []ssh.Option{
		wish.WithAddress(cfg.Listen),
		wish.WithHostKeyPEM(hostKey),
		wish.WithVersion("SSH-2.0-ndcg-explorer"),
		wish.WithMiddleware(bm.MiddlewareWithProgramHandler(s.program), s.gate),
		wish.WithSubsystem("default", func(sess ssh.Session) {
			_, winch, _ := sess.Pty()
			defer drainWindowChanges(winch)
			s.refuse(sess, "no file transfer (sftp) or other subsystems here: connect with "+connectLine(sess, ""))
		}),
		// Forwarding: ssh -R asks for it before the session starts, so
		// the connection is marked and its session refused with a line
		// saying why (gate); ssh -L opens a channel only when used, and
		// ssh prints the reason it is rejected with.
		func(srv *ssh.Server) error {
			srv.RequestHandlers = map[string]ssh.RequestHandler{
				"tcpip-forward": func(ctx ssh.Context, _ *ssh.Server, _ *gossh.Request) (bool, []byte) {
					ctx.SetValue(ctxForwarding, true)
					return false, nil
				},
			}
			srv.ConnCallback = s.conns.accept
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{
				"session": sessionHandler,
				"direct-tcpip": func(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, _ ssh.Context) {
					_ = ch.Reject(gossh.Prohibited, "ndcg-explorer serve forwards no ports")
				},
			}
			return nil
		},
	}
	if cfg.IdleTimeout > 0 {
		// A session's explorer ends itself after IdleTimeout without
		// input (sessionModel.watchIdle), restoring the attendee's
		// terminal and saying why; the connection's own timeout, a
		// little later, closes what has no session (ssh -N).
		opts = append(opts, wish.WithIdleTimeout(cfg.IdleTimeout+connIdleGrace))
	}
	opts = append(opts, withAuth(cfg.Passphrase, s.throttle, s.conns)...)
	srv, err := wish.NewServer(opts...)
	if err != nil {
		if _, statErr := os.Stat(cfg.HostKeyPath); statErr == nil {
			// The only file the server reads: say which one, and how out.
			return nil, fmt.Errorf("cannot use %s as the host key: %v (give another path with --host-key; a missing file is made)", cfg.HostKeyPath, err)
		}
		return nil, fmt.Errorf("cannot start the SSH server: %v", err)
	}
	if len(srv.HostSigners) == 0 {
		return nil, errors.New("serve: no host key")
	}
	s.ssh = srv
	s.fingerprint = gossh.FingerprintSHA256(srv.HostSigners[0].PublicKey())
	s.webCode = webCode(s.fingerprint)
	if cfg.Web != "" {
		if (cfg.TLSCert == "") != (cfg.TLSKey == "") {
			return nil, errors.New("--tls-cert and --tls-key go together: give both, or neither for plain http")
		}
		if cfg.TLSCert != "" {
			cert, err := readTLS(cfg.TLSCert, cfg.TLSKey)
			if err != nil {
				return nil, err
			}
			s.tlsCert = &cert
		}
		s.web = s.newWebServer()
		if s.tlsCert != nil {
			s.web.TLSConfig = &tls.Config{Certificates: []tls.Certificate{*s.tlsCert}, MinVersion: tls.VersionTLS12}
		}
	}
	return s, nil
}

// Fingerprint is the host key's SHA256 fingerprint, as ssh prints it
// when it asks whether to trust a host.
func (s *Server) Fingerprint() string { return s.fingerprint }

// HostKeyPath is where the host key is kept.
func (s *Server) HostKeyPath() string { return s.cfg.HostKeyPath }

// Room is the server's sessions, for the dashboard.
func (s *Server) Room() *Room { return s.room }

// Config is the configuration the server was made with.
func (s *Server) Config() Config { return s.cfg }

// WebAddr is where the room's page listens, nil before it does or
// without --web.
func (s *Server) WebAddr() net.Addr { return s.webAddr }

// FailedAttempts counts the failed attempts the server keeps, those that
// waited the penalty past an address's budget, and the address most
// came from (throttle.go).
func (s *Server) FailedAttempts() (failures, slowed int, worst string) {
	failures, slowed, worst, _ = s.throttle.counts()
	return failures, slowed, worst
}

// Forgive forgets every failed attempt, saying how many addresses were
// past their budget.
func (s *Server) Forgive() int { return s.throttle.forgive() }

// Listen opens the configured address.
func (s *Server) Listen() (net.Listener, error) { return listen(s.cfg.Listen, "--listen") }

// listen opens addr, or says which flag chooses another.
func listen(addr, flag string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %v (choose another with %s)", addr, err, flag)
	}
	return ln, nil
}

// track keeps ln to close at Shutdown or Close; false when they have
// begun, and ln is closed already. A server learns of its listener only
// once it runs: a Shutdown just before would leave it accepting for
// good, so the listener is known here at once, and closed here.
func (s *Server) track(ln net.Listener) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		_ = ln.Close()
		return false
	}
	s.listeners = append(s.listeners, ln)
	return true
}

// Serve accepts connections on ln until Shutdown or Close.
func (s *Server) Serve(ln net.Listener) error {
	if !s.track(ln) {
		return nil
	}
	err := s.ssh.Serve(&fdListener{Listener: ln, log: s.log})
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed || errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

func (s *Server) stopListening() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for _, ln := range s.listeners {
		_ = ln.Close()
	}
}

// Shutdown stops accepting connections, ends every explorer and waits
// for the connections to end, until ctx is done; then it closes them.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stopListening()
	s.room.closeAll()
	if s.web != nil {
		// The page's WebSockets are not the http server's to wait for:
		// their explorers end with the room's, above.
		_ = s.web.Shutdown(ctx)
	}
	err := s.ssh.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		err = s.ssh.Close()
	}
	s.finishSaving()
	return err
}

// Close closes the listener and every connection at once.
func (s *Server) Close() error {
	s.stopListening()
	if s.web != nil {
		_ = s.web.Close()
	}
	err := s.ssh.Close()
	if errors.Is(err, net.ErrClosed) {
		// The listener stopListening closed: nothing went wrong.
		err = nil
	}
	s.finishSaving()
	return err
}

// finishSaving writes the room's state a last time and stops saving.
func (s *Server) finishSaving() {
	if s.saver == nil {
		return
	}
	s.stopSave.Do(func() { close(s.saveStop) })
	<-s.saver.done
	s.unlock.Do(s.lock.release)
}

// SaveProblem says why the room is not kept in its state directory
// now (a write failed, and is tried again), "" when it is or when no
// state is kept: the dashboard shows it until it is over.
func (s *Server) SaveProblem() string {
	if s.saver == nil {
		return ""
	}
	return s.saver.Problem()
}

// relock takes the lock again in a state directory made again: the
// lock held is on a file removed with the old one.
func (s *Server) relock() {
	l, err := lockState(s.cfg.StateDir, s.lock.addr)
	if err != nil {
		s.log("%v", err)
		return
	}
	old := s.lock
	s.lock = l
	old.release()
}

// Restored is how many attendees' lists the state directory brought
// back at start.
func (s *Server) Restored() int { return s.restored }

func (s *Server) log(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log(fmt.Sprintf(format, args...))
	}
}

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
			m.session.stopIdle()
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
		case m.session != nil && m.session.idled.Load():
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

// connIdleGrace is how much longer than --idle-timeout a connection
// with no traffic at all stays open: the session's explorer ends first.
const connIdleGrace = 30 * time.Second

// EndedLine is what each attendee reads when the instructor ends the
// workshop (q on the dashboard); RestartLine, when the server is
// stopped by a signal (a restart, a machine shutting down) while it
// keeps the room: the workshop has not ended, and their list is back
// when it serves again.
const (
	EndedLine   = "ndcg-explorer: the instructor ended the workshop. Thank you for coming."
	RestartLine = "ndcg-explorer: the server is stopping; the room will be back, with your list, when it runs again."
)

// StopBySignal says the server is stopped by a signal, not by the
// instructor's q: attendees read RestartLine when the room is kept.
func (s *Server) StopBySignal() { s.bySignal.Store(true) }

// endLine is what attendees read as the server stops.
func (s *Server) endLine() string {
	if s.bySignal.Load() && s.saver != nil {
		return RestartLine
	}
	return EndedLine
}

// stopping reports whether Shutdown or Close has begun.
func (s *Server) stopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// endWidth is the width of the attendee's terminal as their explorer
// ends: the last size the explorer was given (resizes included), else
// the one the session started with (pty, read as it started: see
// ptyGate).
func endWidth(pty ssh.Pty, m *Member) int {
	if m.session != nil && m.session.latest.Width > 0 {
		return m.session.latest.Width
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

// CloneDoc copies a document deeply enough that a session's edits
// never reach another's list.
func CloneDoc(d *listio.Document) *listio.Document {
	c := *d
	if d.List != nil {
		c.List = d.List.Clone()
	}
	return &c
}

// MaxWorkshop is the longest workshop name, in characters: it shares an
// 80-column line with the attendee's name in their welcome.
const MaxWorkshop = 40

// checkWorkshop refuses a workshop name that would not read as one on
// every attendee's screen: too long, or with control characters.
func checkWorkshop(name string) error {
	switch {
	case !termsafe.Clean(name) || strings.ContainsAny(name, "\n\r\t"):
		return fmt.Errorf("--workshop %s holds control characters: give it in plain words", termsafe.Quote(name))
	case utf8.RuneCountInString(name) > MaxWorkshop:
		return fmt.Errorf("--workshop is %d characters: give it in %d or fewer (it opens every attendee's welcome line)", utf8.RuneCountInString(name), MaxWorkshop)
	}
	return nil
}
