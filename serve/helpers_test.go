package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// startServer serves doc on a loopback port for the test's length.
func startServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	}
	if cfg.Doc == nil {
		doc, err := listio.Inline("3,2,3,0,1", "")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Doc = doc
		cfg.Settings = ndcg.DefaultSettings()
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		<-done
	})
	return s, ln.Addr().String()
}

// client is one attendee connected with golang.org/x/crypto/ssh.
type client struct {
	t    testing.TB
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu     sync.Mutex
	out    bytes.Buffer
	errOut bytes.Buffer
	mark   int // output before this offset is ignored by waitFor
	// tap, when set, sees the size of each write of output instead of
	// the buffer keeping it.
	tap func(n int)
}

// Write receives the session's output.
func (c *client) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tap != nil {
		c.tap(len(p))
		return len(p), nil
	}
	return c.out.Write(p)
}

type syncWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func dial(addr, user, password string) (*gossh.Client, error) {
	return dialKey(addr, user, password, nil)
}

// dialKey connects as user, offering key when it is not nil, then the
// password when there is one; a client with neither gets in with
// keyboard-interactive, asked nothing, as OpenSSH does.
func dialKey(addr, user, password string, key gossh.Signer) (*gossh.Client, error) {
	cfg := &gossh.ClientConfig{
		User:            user,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // a test server on loopback
		Timeout:         10 * time.Second,
	}
	if key != nil {
		cfg.Auth = append(cfg.Auth, gossh.PublicKeys(key))
	}
	if password != "" {
		cfg.Auth = append(cfg.Auth, gossh.Password(password))
	} else {
		cfg.Auth = append(cfg.Auth, gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil }))
	}
	return gossh.Dial("tcp", addr, cfg)
}

// connect opens a session with a w×h terminal and starts the explorer.
func connect(t testing.TB, addr, user string, w, h int) *client {
	t.Helper()
	c, err := connectErr(t, addr, user, "", w, h)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func connectErr(t testing.TB, addr, user, password string, w, h int) (*client, error) {
	return connectKeyErr(t, addr, user, password, nil, w, h)
}

// connectKey is connect offering key (nil: none).
func connectKey(t testing.TB, addr, user string, key gossh.Signer, w, h int) *client {
	t.Helper()
	c, err := connectKeyErr(t, addr, user, "", key, w, h)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func connectKeyErr(t testing.TB, addr, user, password string, key gossh.Signer, w, h int) (*client, error) {
	conn, err := dialKey(addr, user, password, key)
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := &client{t: t, conn: conn, sess: sess}
	// Closed before the server's cleanup shuts it down: a connection
	// left open holds Shutdown until its deadline.
	t.Cleanup(c.close)
	sess.Stdout = c
	sess.Stderr = syncWriter{&c.mu, &c.errOut}
	if c.in, err = sess.StdinPipe(); err != nil {
		conn.Close()
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		conn.Close()
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

func (c *client) close() { c.conn.Close() }

// answer sends keys that answer a question or an offer on screen after
// a person's pause to read it: a key that comes less than 0.3 s after
// what it answers is taken as typed before it was read (ui's
// readingPause).
func (c *client) answer(keys string) {
	c.t.Helper()
	time.Sleep(400 * time.Millisecond)
	c.send(keys)
}

func (c *client) send(keys string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, keys); err != nil {
		c.t.Errorf("typing %q: %v", keys, err)
	}
}

// text is the output since the mark, without escape sequences.
func (c *client) text() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ansi.Strip(c.out.String()[c.mark:])
}

func (c *client) stderr() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.errOut.String()
}

// resize sends a new window size and ignores what was drawn before it:
// the explorer redraws the whole screen at a new size.
func (c *client) resize(w, h int) {
	c.mu.Lock()
	c.mark = c.out.Len()
	c.mu.Unlock()
	if err := c.sess.WindowChange(h, w); err != nil {
		return // the session ended: waitFor says what it saw
	}
}

// waitFor polls the output since the mark until it contains want, as
// written or with the lines it was wrapped onto joined again: the status
// line wraps between words where the attendee's name and the address
// make it long.
func (c *client) waitFor(want string, within time.Duration) error {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if text := c.text(); strings.Contains(text, want) || strings.Contains(unwrap(text), want) {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("never saw %q; saw %q", want, lastLines(c.text(), 400))
}

// redrawUntil resizes (which redraws the whole screen) until the screen
// shows want: keys and window changes reach the program by different
// paths, so one redraw may come before the last key.
func (c *client) redrawUntil(want string, w, h int, within time.Duration) error {
	deadline := time.Now().Add(within)
	for i := 0; time.Now().Before(deadline); i++ {
		c.resize(w+i%2, h)
		if c.waitFor(want, time.Second) == nil {
			return nil
		}
	}
	return fmt.Errorf("after redraws, never saw %q; saw %q", want, lastLines(c.text(), 400))
}

// unwrap joins lines with a space, as a wrap between words split them.
func unwrap(s string) string { return wrapBreak.ReplaceAllString(s, " ") }

var wrapBreak = regexp.MustCompile(` *\r?\n`)

func lastLines(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// exitStatus waits for the session to end and returns its exit status.
func (c *client) exitStatus(within time.Duration) (int, error) {
	done := make(chan error, 1)
	go func() { done <- c.sess.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			return 0, nil
		}
		if ee, ok := err.(*gossh.ExitError); ok {
			return ee.ExitStatus(), nil
		}
		return -1, err
	case <-time.After(within):
		return -1, fmt.Errorf("the session did not end within %s", within)
	}
}

// emptied waits until no one is connected to s: the sessions closed
// have left the room, their lists kept.
func emptied(t testing.TB, s *Server) {
	t.Helper()
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
}
