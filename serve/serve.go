package serve

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

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
		// input (session.Model.WatchIdle), restoring the attendee's
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
