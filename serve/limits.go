package serve

import (
	"errors"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// What one client may hold of the server, whatever it sends: the bounds
// OpenSSH puts on a trusted server (LoginGraceTime, MaxStartups,
// MaxSessions), in the server's own terms.
const (
	// DefaultLoginGrace is how long a connection has to authenticate,
	// and then to open a session: one that has not is closed, as
	// OpenSSH's LoginGraceTime does (a connection kept open with ssh -N
	// included).
	DefaultLoginGrace = 120 * time.Second
	// MaxStartups, by default --max-sessions + startupMargin, is the most
	// connections not yet authenticated at once (a whole room may sit at
	// the passphrase's prompt together); the next one closes the oldest of
	// them, one that has sent no more than a version line first. Closing
	// the oldest rather than refusing the newest lets a real attendee in
	// past a client that opens sockets and sends nothing: theirs is the
	// newest, and authenticates in a moment.
	startupMargin = 10
	// maxSessionChannels is how many sessions one connection may have
	// open at once (ssh opens one; a multiplexing client a few).
	maxSessionChannels = 3
	// maxEnv and maxEnvBytes bound the environment a session may send:
	// the explorer reads only NO_COLOR from it.
	maxEnv      = 32
	maxEnvBytes = 1 << 10
)

// ctxConn keys a connection's trackedConn in its context.
const ctxConn contextKey = "ndcg-explorer conn"

// connTracker knows every connection from its first byte to its close:
// whether it has authenticated and how many sessions it has open.
type connTracker struct {
	grace       time.Duration
	maxStartups int
	// maxAuthed is the most authenticated connections at once
	// (--max-sessions): past it, the oldest with no session open closes.
	maxAuthed int
	thr       *throttle
	log       func(format string, args ...any)

	mu      sync.Mutex
	unauth  []*trackedConn // oldest first
	authed  []*trackedConn // oldest first
	evicted time.Time      // when a burst of evictions was last logged
}

// trackedConn is one connection.
type trackedConn struct {
	net.Conn
	t        *connTracker
	host     string
	authed   bool
	sessions int
	closed   bool
	timer    *time.Timer
	// read counts the bytes the client sent, to tell a socket that
	// sends nothing from a handshake under way.
	read atomic.Int64
}

// quietBytes: a client that has sent no more than this has sent at most
// its version line (255 bytes at most), no key exchange.
const quietBytes = 255

func (c *trackedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

func newConnTracker(cfg Config, thr *throttle, log func(format string, args ...any)) *connTracker {
	t := &connTracker{grace: cfg.LoginGrace, maxStartups: cfg.MaxStartups, maxAuthed: cfg.MaxSessions, thr: thr, log: log}
	if t.grace <= 0 {
		t.grace = DefaultLoginGrace
	}
	if t.maxStartups <= 0 {
		t.maxStartups = cfg.MaxSessions + startupMargin
	}
	return t
}

// accept is the SSH server's ConnCallback: it makes room among the
// connections not yet authenticated. (No address is refused: a room
// behind one NAT is one address; the throttle slows its failures.)
func (t *connTracker) accept(ctx ssh.Context, conn net.Conn) net.Conn {
	host := hostOf(conn.RemoteAddr().String())
	c := &trackedConn{Conn: conn, t: t, host: host}
	ctx.SetValue(ctxConn, c)
	var evict *trackedConn
	t.mu.Lock()
	t.unauth = append(t.unauth, c)
	if len(t.unauth) > t.maxStartups {
		evict = t.unauth[0]
		for _, o := range t.unauth {
			if o.read.Load() <= quietBytes {
				evict = o
				break
			}
		}
		if time.Since(t.evicted) > time.Minute {
			t.evicted = time.Now()
			t.log("more than %d connections not yet authenticated: closing the oldest (from %s) as new ones come", t.maxStartups, evict.host)
		}
	}
	if evict != nil {
		// Forgotten before the lock is let go, so that connections
		// accepted at the same moment never count more than maxStartups.
		evict.forget()
	}
	c.timer = time.AfterFunc(t.grace, c.expire)
	t.mu.Unlock()
	if evict != nil {
		_ = evict.Conn.Close()
	}
	return c
}

// expire closes a connection that has not authenticated, or has no
// session open, when its grace time ends.
func (c *trackedConn) expire() {
	c.t.mu.Lock()
	idle := !c.authed || c.sessions == 0
	c.t.mu.Unlock()
	if idle {
		_ = c.Close()
	}
}

// Close closes the connection and forgets it.
func (c *trackedConn) Close() error {
	c.t.mu.Lock()
	c.forget()
	c.t.mu.Unlock()
	return c.Conn.Close()
}

// forget marks the connection closed and takes it off the tracker's
// lists; the tracker's lock is held.
func (c *trackedConn) forget() {
	if c.closed {
		return
	}
	c.closed = true
	if c.timer != nil {
		c.timer.Stop()
	}
	t := c.t
	t.unauth = slices.DeleteFunc(t.unauth, func(o *trackedConn) bool { return o == c })
	t.authed = slices.DeleteFunc(t.authed, func(o *trackedConn) bool { return o == c })
}

func connOf(ctx ssh.Context) *trackedConn {
	c, _ := ctx.Value(ctxConn).(*trackedConn)
	return c
}

// authenticated moves the connection among the authenticated ones; it
// then has the grace time to open a session. Past maxAuthed, the oldest
// connection with no session open (ssh -N) closes.
func (t *connTracker) authenticated(ctx ssh.Context) {
	c := connOf(ctx)
	if c == nil {
		return
	}
	var evict *trackedConn
	t.mu.Lock()
	if !c.authed && !c.closed {
		c.authed = true
		t.unauth = slices.DeleteFunc(t.unauth, func(o *trackedConn) bool { return o == c })
		t.authed = append(t.authed, c)
		c.timer.Reset(t.grace)
		if t.maxAuthed > 0 && len(t.authed) > t.maxAuthed {
			for _, o := range t.authed {
				if o != c && o.sessions == 0 {
					evict = o
					evict.forget()
					break
				}
			}
		}
	}
	t.mu.Unlock()
	if evict != nil {
		t.log("more than %d connections: closing one from %s that has no session open", t.maxAuthed, evict.host)
		_ = evict.Conn.Close()
	}
}

// openSession counts a session on the connection, or reports false
// when it has as many open as it may.
func (c *trackedConn) openSession() bool {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	if c.sessions >= maxSessionChannels {
		return false
	}
	c.sessions++
	return true
}

// closeSession counts a session closed; a connection left with none has
// the grace time to open another.
func (c *trackedConn) closeSession() {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	c.sessions--
	if c.sessions == 0 && !c.closed {
		c.timer.Reset(c.t.grace)
	}
}

// sessionHandler opens a session channel within the connection's bounds,
// its requests passed through boundRequests.
func sessionHandler(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	c := connOf(ctx)
	if c != nil {
		if !c.openSession() {
			_ = ch.Reject(gossh.ResourceShortage, "at most 3 sessions on one connection")
			return
		}
		defer c.closeSession()
	}
	ssh.DefaultSessionHandler(srv, conn, boundedChannel{ch}, ctx)
}

// boundedChannel is a session channel whose requests pass through
// boundRequests.
type boundedChannel struct{ gossh.NewChannel }

func (b boundedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := b.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	g := &ptyGate{Channel: ch, ready: make(chan struct{})}
	go boundRequests(reqs, out, g.ready)
	return g, out, nil
}

// ptyGate holds a session's window changes from the SSH library until
// its explorer runs. The library writes each one into the session's
// terminal (sess.Pty's Window) with no lock, while sess.Pty reads it: a
// data race (go test -race, https://github.com/gliderlabs/ssh/issues/265;
// charm.land/ssh v0.4.3, which wish v2.0.5 moves to, still has it). The
// server and wish read sess.Pty only as a session starts, up to the
// explorer's first step, which says so (ptyReady); window changes reach
// the library only after that, through its channel, which orders the
// two. The last size held before is passed on then.
type ptyGate struct {
	gossh.Channel
	ready chan struct{}
	once  sync.Once
}

// ptyReady is the request a session sends itself (ptyGate.SendRequest)
// once nothing reads sess.Pty any more; it never reaches the client.
const ptyReady = "ndcg-explorer-pty-ready"

func (g *ptyGate) SendRequest(name string, wantReply bool, payload []byte) (bool, error) {
	if name == ptyReady {
		g.once.Do(func() { close(g.ready) })
		return true, nil
	}
	return g.Channel.SendRequest(name, wantReply, payload)
}

// boundRequests passes a session's requests on to the SSH library,
// refusing environment variables past maxEnv or maxEnvBytes, and taking
// window changes that come before the shell into the terminal's request.
//
// The library (charmbracelet/ssh, as gliderlabs/ssh it comes from) hands
// each window change over a channel with room for one, which the
// terminal's first size takes, and waits until the session's handler
// reads it; before the shell no handler runs, so a resize between
// pty-req and shell (an ssh resized as it connects) stopped the session's
// requests for good: the shell was never started, and the session's
// goroutines and buffers were held after the client left. The hang is
// the library's (session.go, "window-change"), and is described with a
// fork's fix in https://github.com/shellhub-io/shellhub/pull/6837;
// https://github.com/gliderlabs/ssh/issues/265 is the race beside it, on
// the same window. So the terminal's request is answered here and held
// until the shell, with the last size asked for before it: passed on
// after the shell instead, that size raced Bubble Tea's first one (sent
// on a goroutine of its own) and the explorer could end at the first.
// This goes once the library drains its window changes before the shell.
func boundRequests(in <-chan *gossh.Request, out chan<- *gossh.Request, ready <-chan struct{}) {
	defer close(out)
	env, started := 0, false
	var pty, held *gossh.Request // held: the last window change before ready
	for {
		var req *gossh.Request
		select {
		case r, ok := <-in:
			if !ok {
				return
			}
			req = r
		case <-ready:
			ready = nil
			if held != nil {
				out <- held
				held = nil
			}
			continue
		}
		switch req.Type {
		case "env":
			env++
			if env > maxEnv || len(req.Payload) > maxEnvBytes {
				_ = req.Reply(false, nil)
				continue
			}
		case "pty-req":
			if !started && pty == nil && answerNow(req) {
				pty = req
				continue
			}
		case "window-change":
			if !started && pty != nil {
				// Window changes want no reply (RFC 4254 6.7); one that
				// asks is answered now.
				if req.WantReply {
					_ = req.Reply(true, nil)
				}
				resizePtyRequest(pty, req.Payload)
				continue
			}
			if ready != nil {
				// After the shell, before the explorer runs (ptyGate):
				// the last is passed on once it does.
				if req.WantReply {
					_ = req.Reply(true, nil)
					req.WantReply = false
				}
				held = req
				continue
			}
		case "shell", "exec", "subsystem":
			started = true
			if pty != nil {
				out <- pty
				pty = nil
			}
		}
		out <- req
	}
}

// ptyRequest and windowChange are the payloads of RFC 4254 6.2 and 6.7.
type (
	ptyRequest struct {
		Term              string
		Columns, Rows     uint32
		WidthPx, HeightPx uint32
		Modes             string
	}
	windowChange struct {
		Columns, Rows     uint32
		WidthPx, HeightPx uint32
	}
)

// answerNow says yes to a terminal request that reads as one, and leaves
// it wanting no reply from the library; one that does not read is the
// library's to refuse.
func answerNow(req *gossh.Request) bool {
	var p ptyRequest
	if gossh.Unmarshal(req.Payload, &p) != nil {
		return false
	}
	if req.WantReply {
		_ = req.Reply(true, nil)
		req.WantReply = false
	}
	return true
}

// resizePtyRequest gives a held terminal request a window change's size.
func resizePtyRequest(pty *gossh.Request, change []byte) {
	var p ptyRequest
	var w windowChange
	if gossh.Unmarshal(pty.Payload, &p) != nil || gossh.Unmarshal(change, &w) != nil {
		return
	}
	p.Columns, p.Rows, p.WidthPx, p.HeightPx = w.Columns, w.Rows, w.WidthPx, w.HeightPx
	pty.Payload = gossh.Marshal(p)
}

// fdListener logs, once until a connection is accepted again, that the
// process has run out of file descriptors: the SSH library retries
// silently, and attendees would find the port dead with no word why.
type fdListener struct {
	net.Listener
	log    func(format string, args ...any)
	logged atomic.Bool
}

func (l *fdListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	switch {
	case err == nil:
		l.logged.Store(false)
	case errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE):
		if l.logged.CompareAndSwap(false, true) {
			l.log("out of file descriptors: new connections wait until some close (raise the limit with ulimit -n before serve, or lower --max-sessions)")
		}
	}
	return c, err
}
