package sshtest

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// Client is one attendee connected with golang.org/x/crypto/ssh.
type Client struct {
	T    testing.TB
	Conn *gossh.Client
	Sess *gossh.Session
	// In is what the attendee types.
	In io.WriteCloser

	mu     sync.Mutex
	out    bytes.Buffer
	errOut bytes.Buffer
	mark   int // output before this offset is ignored by WaitFor
	// tap, when set, sees the size of each write of output instead of
	// the buffer keeping it.
	tap func(n int)
}

// Write receives the session's output.
func (c *Client) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tap != nil {
		c.tap(len(p))
		return len(p), nil
	}
	return c.out.Write(p)
}

// stderrWriter receives the session's error output.
type stderrWriter struct{ c *Client }

func (w stderrWriter) Write(p []byte) (int, error) {
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	return w.c.errOut.Write(p)
}

// Dial connects as user, offering key when it is not nil, then the
// password when there is one; a client with neither gets in with
// keyboard-interactive, asked nothing, as OpenSSH does. It opens no
// session.
func Dial(addr, user, password string, key gossh.Signer) (*gossh.Client, error) {
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

// Connect opens a session with a w×h terminal as user, with neither key
// nor passphrase, and starts the explorer; the test fails when it
// cannot.
func Connect(t testing.TB, addr, user string, w, h int) *Client {
	t.Helper()
	c, err := ConnectWith(t, addr, user, "", nil, w, h)
	require.NoError(t, err)
	return c
}

// ConnectKey is Connect offering key.
func ConnectKey(t testing.TB, addr, user string, key gossh.Signer, w, h int) *Client {
	t.Helper()
	c, err := ConnectWith(t, addr, user, "", key, w, h)
	require.NoError(t, err)
	return c
}

// ConnectWith is Connect offering key (nil: none) and then password
// ("": none), saying why it could not.
func ConnectWith(t testing.TB, addr, user, password string, key gossh.Signer, w, h int) (*Client, error) {
	conn, err := Dial(addr, user, password, key)
	if err != nil {
		return nil, err
	}
	c, err := Open(t, conn, w, h)
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	return c, nil
}

// Open opens a session on conn with a w×h terminal, the environment env
// (NAME=value) set first, and starts the explorer. The connection is
// closed when the test ends, before the server's cleanup shuts it down:
// a connection left open holds Shutdown until its deadline.
func Open(t testing.TB, conn *gossh.Client, w, h int, env ...string) (*Client, error) {
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	c := &Client{T: t, Conn: conn, Sess: sess}
	t.Cleanup(c.Close)
	sess.Stdout = c
	sess.Stderr = stderrWriter{c}
	if c.In, err = sess.StdinPipe(); err != nil {
		return nil, err
	}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(name, value); err != nil {
			return nil, err
		}
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		return nil, err
	}
	return c, nil
}

// Close closes the connection.
func (c *Client) Close() { _ = c.Conn.Close() }

// Answer sends keys that answer a question or an offer on screen after
// a person's pause to read it: a key that comes less than 0.3 s after
// what it answers is taken as typed before it was read
// (ui.ReadingPause).
func (c *Client) Answer(keys string) {
	c.T.Helper()
	time.Sleep(400 * time.Millisecond)
	c.Send(keys)
}

// Send types keys at once.
func (c *Client) Send(keys string) {
	c.T.Helper()
	if _, err := io.WriteString(c.In, keys); err != nil {
		c.T.Errorf("typing %q: %v", keys, err)
	}
}

// Text is the output since the mark, without escape sequences.
func (c *Client) Text() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ansi.Strip(c.out.String()[c.mark:])
}

// Raw is the output since the mark, escape sequences and all.
func (c *Client) Raw() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.String()[c.mark:]
}

// Output is all the output kept, escape sequences and all, whatever the
// mark.
func (c *Client) Output() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.String()
}

// Stderr is the session's error output.
func (c *Client) Stderr() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.errOut.String()
}

// Mark ignores the output so far: Text, Raw and WaitFor read what comes
// after it.
func (c *Client) Mark() {
	c.mu.Lock()
	c.mark = c.out.Len()
	c.mu.Unlock()
}

// Forget drops the output read so far, so that the client's copy of the
// screen does not count as the server's memory.
func (c *Client) Forget() {
	c.mu.Lock()
	c.out = bytes.Buffer{}
	c.mark = 0
	c.mu.Unlock()
}

// Tap hands each write of output's size to tap instead of keeping it
// (nil: kept again).
func (c *Client) Tap(tap func(n int)) {
	c.mu.Lock()
	c.tap = tap
	c.mu.Unlock()
}

// Resize sends a new window size and ignores what was drawn before it:
// the explorer redraws the whole screen at a new size.
func (c *Client) Resize(w, h int) {
	c.Mark()
	_ = c.Sess.WindowChange(h, w) // an ended session: WaitFor says what it saw
}

// WaitFor polls the output since the mark until it contains want, as
// written or with the lines it was wrapped onto joined again: the status
// line wraps between words where the attendee's name and the address
// make it long.
func (c *Client) WaitFor(want string, within time.Duration) error {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if text := c.Text(); strings.Contains(text, want) || strings.Contains(unwrap(text), want) {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("never saw %q; saw %q", want, LastBytes(c.Text(), 400))
}

// RedrawUntil resizes (which redraws the whole screen) until the screen
// shows want: keys and window changes reach the program by different
// paths, so one redraw may come before the last key.
func (c *Client) RedrawUntil(want string, w, h int, within time.Duration) error {
	deadline := time.Now().Add(within)
	for i := 0; time.Now().Before(deadline); i++ {
		c.Resize(w+i%2, h)
		if c.WaitFor(want, time.Second) == nil {
			return nil
		}
	}
	return fmt.Errorf("after redraws, never saw %q; saw %q", want, LastBytes(c.Text(), 400))
}

// Code is the resume code the screen gives attendee name.
func (c *Client) Code(name string) string {
	c.T.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(name) + `\+([a-z2-9]{8})@`)
	var m []string
	require.Eventually(c.T, func() bool { m = re.FindStringSubmatch(c.Text()); return m != nil }, 10*time.Second, 20*time.Millisecond,
		"no resume code for %s on screen: %q", name, LastBytes(c.Text(), 400))
	return m[1]
}

// ExitStatus waits for the session to end and returns its exit status.
func (c *Client) ExitStatus(within time.Duration) (int, error) {
	done := make(chan error, 1)
	go func() { done <- c.Sess.Wait() }()
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

// unwrap joins lines with a space, as a wrap between words split them.
func unwrap(s string) string { return wrapBreak.ReplaceAllString(s, " ") }

var wrapBreak = regexp.MustCompile(` *\r?\n`)

// LastBytes is the last n bytes of s, for a failure to quote.
func LastBytes(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
