package dashboard

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
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// The dashboard's tests drive a real server on loopback, with attendees
// connected over SSH where what they see matters, and seated straight in
// the room (Room.Join) where only the room's state does.

// ndcgStart is the served list's score as every attendee first reads it:
// grades 3,2,3,0,1 under the default conventions.
const ndcgStart = "NDCG@all = 0.9575"

// startServer serves cfg (grades 3,2,3,0,1 when it names no list) on a
// loopback port for the test's length.
func startServer(t testing.TB, cfg serve.Config) (*serve.Server, string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	}
	if cfg.Doc == nil {
		doc, err := listio.Inline("3,2,3,0,1", "")
		require.NoError(t, err)
		cfg.Doc = doc
		cfg.Settings = ndcg.DefaultSettings()
	}
	s, err := serve.New(cfg)
	require.NoError(t, err)
	ln, err := s.Listen()
	require.NoError(t, err)
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

// serveOn is startServer keeping the room in dir.
func serveOn(t *testing.T, dir string, cfg serve.Config) (*serve.Server, string) {
	t.Helper()
	cfg.StateDir = dir
	cfg.HostKeyPath = filepath.Join(dir, "host_key")
	return startServer(t, cfg)
}

// client is one attendee connected with golang.org/x/crypto/ssh.
type client struct {
	t    testing.TB
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu   sync.Mutex
	out  bytes.Buffer
	mark int // output before this offset is ignored by waitFor
}

// Write receives the session's output.
func (c *client) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Write(p)
}

// connect opens a session with a w×h terminal as user, with neither key
// nor passphrase, and starts the explorer.
func connect(t testing.TB, addr, user string, w, h int) *client {
	t.Helper()
	conn, err := dial(addr, user, "")
	require.NoError(t, err)
	sess, err := conn.NewSession()
	require.NoError(t, err)
	c := &client{t: t, conn: conn, sess: sess}
	// Closed before the server's cleanup shuts it down: a connection
	// left open holds Shutdown until its deadline.
	t.Cleanup(c.close)
	sess.Stdout = c
	c.in, err = sess.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}))
	require.NoError(t, sess.Shell())
	return c
}

func (c *client) close() { c.conn.Close() }

// answer sends keys that answer a question or an offer on screen after
// a person's pause to read it (ui.ReadingPause).
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

// resize sends a new window size and ignores what was drawn before it:
// the explorer redraws the whole screen at a new size.
func (c *client) resize(w, h int) {
	c.mu.Lock()
	c.mark = c.out.Len()
	c.mu.Unlock()
	_ = c.sess.WindowChange(h, w) // an ended session: waitFor says what it saw
}

// waitFor polls the output since the mark until it contains want, as
// written or with the lines it was wrapped onto joined again.
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

// codeOn is the resume code c's screen gives attendee name.
func codeOn(t *testing.T, c *client, name string) string {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(name) + `\+([a-z2-9]{8})@`)
	var m []string
	require.Eventually(t, func() bool { m = re.FindStringSubmatch(c.text()); return m != nil }, 10*time.Second, 20*time.Millisecond,
		"no resume code for %s on screen: %q", name, lastLines(c.text(), 400))
	return m[1]
}

// dial connects as user with password ("" for none) and opens no session.
func dial(addr, user, password string) (*gossh.Client, error) {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if password != "" {
		auth = []gossh.AuthMethod{gossh.Password(password)}
	}
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            user,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // a test server on loopback
		Timeout:         10 * time.Second,
		Auth:            auth,
	})
}

// emptied waits until no one is connected to s: the sessions closed
// have left the room, their lists kept.
func emptied(t testing.TB, s *serve.Server) {
	t.Helper()
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
}
