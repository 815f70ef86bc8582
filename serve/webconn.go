package serve

import (
	"crypto/tls"
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// What one browser may hold of the page's server, whatever it sends: a
// client that opened thousands of keep-alive connections and left them
// idle held a file descriptor each for good, until new ssh logins and
// the page itself found none left.
const (
	// webReadTimeout bounds reading a request (the page sends only
	// GETs), webWriteTimeout writing its answer (xterm.js, 300 kB, to a
	// slow phone), webIdleTimeout a keep-alive connection between two.
	// A WebSocket is out of their reach once it is upgraded: its own
	// limits are webterm's.
	webReadTimeout  = 30 * time.Second
	webWriteTimeout = 2 * time.Minute
	webIdleTimeout  = time.Minute
	webHeaderBytes  = 16 << 10
	// webConnsPerPlace is how many connections the page's server holds
	// at once for each place in the room (a browser loads the page with
	// a few in parallel, then keeps its WebSocket), with webConnsSpare
	// more; past it, an idle one closes for the new one.
	webConnsPerPlace = 8
	webConnsSpare    = 64
)

// newWebServer is the page's http server: its timeouts, its cap on
// connections (ServeWeb), its error log in the room's log rather than
// over the dashboard's screen, and the names its Host header may give.
func (s *Server) newWebServer() *http.Server {
	hosts := append([]string(nil), s.cfg.WebHosts...)
	if c := s.tlsCert; c != nil && c.Leaf != nil {
		hosts = append(hosts, c.Leaf.DNSNames...)
	}
	lim := &connCap{max: s.cfg.MaxSessions*webConnsPerPlace + webConnsSpare, log: s.log, state: map[net.Conn]http.ConnState{}}
	s.webCap = lim
	return &http.Server{
		Handler:           s.webHandler(hosts),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       webReadTimeout,
		WriteTimeout:      webWriteTimeout,
		IdleTimeout:       webIdleTimeout,
		MaxHeaderBytes:    webHeaderBytes,
		ConnState:         lim.changed,
		ErrorLog:          log.New(&logWriter{log: s.log}, "", 0),
	}
}

// logWriter hands the http server's error lines to the room's log (the
// dashboard's status, or serve's output in log mode): a TLS handshake
// error per curl was written raw over the projected screen. A flood of
// them (every socket opened and left silent ends as one) is one line
// each logEvery, with how many were held back.
type logWriter struct {
	log  func(format string, args ...any)
	mu   sync.Mutex
	last time.Time
	held int
}

// logEvery is the least time between two of the page's error lines.
const logEvery = 10 * time.Second

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	now := time.Now()
	if now.Sub(w.last) < logEvery {
		w.held++
		w.mu.Unlock()
		return len(p), nil
	}
	held := w.held
	w.last, w.held = now, 0
	w.mu.Unlock()
	line := strings.TrimSpace(strings.TrimPrefix(string(p), "http: "))
	if held > 0 {
		line += fmt.Sprintf(" (and %d more errors since the last line)", held)
	}
	w.log("web: %s", line)
	return len(p), nil
}

// connCap bounds the page's connections, WebSockets included: past
// max, the oldest idle one (keep-alive, or not a byte of a request yet)
// is closed for the new one, else the new one is.
type connCap struct {
	max    int
	log    func(format string, args ...any)
	mu     sync.Mutex
	state  map[net.Conn]http.ConnState
	order  []net.Conn // oldest first
	logged time.Time
}

// capListener hands the page's server its connections, each counted
// until it closes.
type capListener struct {
	net.Listener
	c *connCap
}

func (l capListener) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	cc := &cappedConn{Conn: conn, c: l.c}
	l.c.add(cc)
	return cc, nil
}

// cappedConn leaves the count when it closes, whoever closes it (the
// http server, or the WebSocket it became).
type cappedConn struct {
	net.Conn
	c    *connCap
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() { c.c.remove(c) })
	return c.Conn.Close()
}

func (c *connCap) add(conn net.Conn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order = append(c.order, conn)
	c.state[conn] = http.StateNew
	if len(c.order) <= c.max {
		return
	}
	victim := conn
	for _, o := range c.order {
		if s := c.state[o]; o != conn && (s == http.StateIdle || s == http.StateNew) {
			victim = o
			break
		}
	}
	if time.Since(c.logged) > time.Minute {
		c.logged = time.Now()
		c.log("web: more than %d connections open: closing idle ones as new ones come", c.max)
	}
	// Forgotten at once, so that the next one chooses another; closed
	// off the lock, as Close comes back to remove.
	c.forget(victim)
	go func() { _ = victim.Close() }()
}

func (c *connCap) remove(conn net.Conn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forget(conn)
}

// forget takes conn out of the count (c.mu is held).
func (c *connCap) forget(conn net.Conn) {
	delete(c.state, conn)
	for i, o := range c.order {
		if o == conn {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
}

// changed is the http server's ConnState: which connections are idle.
func (c *connCap) changed(conn net.Conn, st http.ConnState) {
	if t, ok := conn.(*tls.Conn); ok {
		conn = t.NetConn()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.state[conn]; ok && st != http.StateClosed {
		c.state[conn] = st
	}
}
