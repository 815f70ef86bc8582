package webterm

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echo is a program that writes back each line typed (ended by a
// newline or, as a terminal's Enter sends, a carriage return),
// upper-cased, and reports the window's size on "size".
func echo(t *Term) {
	sc := bufio.NewScanner(t)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			return i + 1, data[:i], nil
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for sc.Scan() {
		line := sc.Text()
		if line == "size" {
			c, r := t.Size()
			fmt.Fprintf(t, "%dx%d\n", c, r)
			continue
		}
		if line == "bye" {
			t.End("see you")
			return
		}
		fmt.Fprintln(t, strings.ToUpper(line))
	}
}

// room serves a Handler whose passphrase is "swordfish".
func room(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	if cfg.Join == nil {
		cfg.Join = func(_ context.Context, req JoinRequest) (Joined, error) {
			if req.Passphrase != "swordfish" {
				return Joined{}, &Refusal{Message: "wrong passphrase", Failure: true}
			}
			return Joined{Name: req.Name, Resume: "R-" + req.Name, Run: echo}, nil
		}
	}
	srv := httptest.NewServer(New(cfg))
	t.Cleanup(srv.Close)
	return srv
}

func dial(t *testing.T, srv *httptest.Server, path string, h http.Header) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+path, &websocket.DialOptions{HTTPHeader: h})
}

func sendJSON(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	require.NoError(t, c.Write(context.Background(), websocket.MessageText, b))
}

func readControl(t *testing.T, c *websocket.Conn) control {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		typ, data, err := c.Read(ctx)
		require.NoError(t, err)
		if typ == websocket.MessageText {
			var m control
			require.NoError(t, json.Unmarshal(data, &m))
			return m
		}
	}
}

// readScreen reads binary messages until their text holds want.
func readScreen(t *testing.T, c *websocket.Conn, want string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var got strings.Builder
	for !strings.Contains(got.String(), want) {
		typ, data, err := c.Read(ctx)
		require.NoError(t, err, "the screen so far: %q", got.String())
		if typ == websocket.MessageBinary {
			got.Write(data)
		}
	}
	return got.String()
}

func TestJoinTypeAndResize(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Passphrase: true})
	c, _, err := dial(t, srv, "/ws", nil)
	require.NoError(t, err)
	defer c.CloseNow()

	sendJSON(t, c, JoinRequest{Name: "ada", Passphrase: "swordfish", Cols: 90, Rows: 30})
	m := readControl(t, c)
	assert.Equal(t, control{Type: "joined", Name: "ada", Resume: "R-ada"}, m)

	require.NoError(t, c.Write(context.Background(), websocket.MessageBinary, []byte("hello\nsize\n")))
	readScreen(t, c, "HELLO\n90x30\n")

	sendJSON(t, c, control{Type: "resize", Cols: 5000, Rows: 3})
	// The resize is read before the next keys, in order.
	require.NoError(t, c.Write(context.Background(), websocket.MessageBinary, []byte("size\n")))
	readScreen(t, c, fmt.Sprintf("%dx3\n", MaxCols))

	require.NoError(t, c.Write(context.Background(), websocket.MessageBinary, []byte("bye\n")))
	assert.Equal(t, control{Type: "end", Message: "see you"}, readControl(t, c))
}

func TestOriginFromAnotherSiteIsRefused(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{})
	_, resp, err := dial(t, srv, "/ws", http.Header{"Origin": {"https://evil.example"}})
	require.Error(t, err)
	require.NotNil(t, resp)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

func TestWrongRoomCodeIsRefused(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Room: "ABCD"})
	_, resp, err := dial(t, srv, "/ws?room=ABCE", nil)
	require.Error(t, err)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)

	// The page is at /ABCD; / asks for the room's address.
	for path, want := range map[string]string{"/ABCD": `id="join"`, "/": "No room here"} {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Contains(t, string(body), want, path)
	}
	resp, err = http.Get(srv.URL + "/ABCDE")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// budget is a throttle for the tests: a delay after each failure, and
// past a budget of failures per address a longer one, said first.
type budget struct {
	mu     sync.Mutex
	delay  time.Duration
	left   map[string]int
	budget int
}

func (b *budget) Failed(addr string, tell func(string)) {
	b.mu.Lock()
	if _, ok := b.left[addr]; !ok {
		b.left[addr] = b.budget
	}
	b.left[addr]--
	over := b.left[addr] < 0
	b.mu.Unlock()
	if over {
		tell("too many wrong passphrases: this answer waits")
		time.Sleep(2 * b.delay)
	}
	time.Sleep(b.delay)
}

// A flood of wrong passphrases waits the throttle's delay at each; past
// its budget the page is told why it waits; the right passphrase still
// joins, from the same address (a classroom behind one NAT).
func TestWrongPassphrasesAreThrottled(t *testing.T) {
	t.Parallel()
	thr := &budget{delay: 50 * time.Millisecond, budget: 4, left: map[string]int{}}
	srv := room(t, Config{Passphrase: true, Throttle: thr,
		Join: func(_ context.Context, req JoinRequest) (Joined, error) {
			if req.Passphrase != "swordfish" {
				return Joined{}, &Refusal{Message: "wrong passphrase", Failure: true}
			}
			return Joined{Run: echo}, nil
		}})
	c, _, err := dial(t, srv, "/ws", nil)
	require.NoError(t, err)
	defer c.CloseNow()

	start := time.Now()
	for range 4 {
		sendJSON(t, c, JoinRequest{Name: "x", Passphrase: "guess"})
		assert.Equal(t, "wrong passphrase", readControl(t, c).Message)
	}
	assert.GreaterOrEqual(t, time.Since(start), 4*50*time.Millisecond, "each failure waits the delay")
	sendJSON(t, c, JoinRequest{Name: "x", Passphrase: "guess"})
	m := readControl(t, c)
	assert.Equal(t, "wait", m.Type)
	assert.Contains(t, m.Message, "this answer waits")
	assert.Equal(t, "wrong passphrase", readControl(t, c).Message)
	sendJSON(t, c, JoinRequest{Name: "x", Passphrase: "swordfish"})
	assert.Equal(t, "joined", readControl(t, c).Type, "the right passphrase is never refused")
}

func TestOversizedMessageClosesTheSocket(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{MaxMessage: 1024})
	c, _, err := dial(t, srv, "/ws", nil)
	require.NoError(t, err)
	defer c.CloseNow()
	sendJSON(t, c, JoinRequest{Name: "ada", Passphrase: "swordfish"})
	require.Equal(t, "joined", readControl(t, c).Type)
	_ = c.Write(context.Background(), websocket.MessageBinary, make([]byte, 4096))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
			return
		}
	}
}

func TestNoJoinInTimeIsClosed(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{JoinTimeout: 100 * time.Millisecond})
	c, _, err := dial(t, srv, "/ws", nil)
	require.NoError(t, err)
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err = c.Read(ctx)
	require.Error(t, err)
	assert.NoError(t, ctx.Err(), "closed by the server, not by the test's own time-out")
}

// A browser that stops reading is dropped once SlowTimeout passes with
// its queue full: the program's writes fail rather than pile up.
func TestSlowBrowserIsDropped(t *testing.T) {
	t.Parallel()
	ended := make(chan error, 1)
	srv := room(t, Config{SlowTimeout: 200 * time.Millisecond,
		Join: func(context.Context, JoinRequest) (Joined, error) {
			return Joined{Run: func(t *Term) {
				chunk := []byte(strings.Repeat("x", 64<<10))
				for {
					if _, err := t.Write(chunk); err != nil {
						ended <- err
						return
					}
				}
			}}, nil
		}})
	c, _, err := dial(t, srv, "/ws", nil)
	require.NoError(t, err)
	defer c.CloseNow()
	sendJSON(t, c, JoinRequest{Name: "slow"})
	// Read nothing more.
	select {
	case err := <-ended:
		assert.ErrorIs(t, err, io.ErrClosedPipe)
	case <-time.After(20 * time.Second):
		t.Fatal("the program kept writing to a browser that reads nothing")
	}
}

func TestPagePolicy(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Title: `<script>alert(1)</script>`, Passphrase: true})
	resp, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	assert.Contains(t, csp, "default-src 'none'")
	assert.Contains(t, csp, "script-src 'self';")
	assert.Contains(t, csp, "connect-src 'self'")
	assert.NotContains(t, csp, "unsafe")
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	page := string(body)
	assert.NotContains(t, page, "<script>alert", "the title is escaped")
	assert.Contains(t, page, `id="passphrase"`)
	assert.NotContains(t, page, "<script>\n", "no inline script")
	for _, src := range []string{"/assets/vendor/xterm.js", "/assets/vendor/addon-fit.js", "/assets/app.js", "/assets/vendor/xterm.css"} {
		r, err := http.Get(srv.URL + src)
		require.NoError(t, err)
		r.Body.Close()
		assert.Equal(t, http.StatusOK, r.StatusCode, src)
	}
}

// The embedded xterm.js is the one scripts/fetch-xterm took from the
// registry and checked: its files match the sums it wrote.
func TestVendoredFilesMatchTheirSums(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("static", "vendor")
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(sums)), "\n")
	require.Len(t, lines, 6)
	for _, line := range lines {
		want, name, ok := strings.Cut(line, "  ")
		require.True(t, ok, line)
		b, err := static.ReadFile("static/vendor/" + name)
		require.NoError(t, err, name)
		got := sha256.Sum256(b)
		assert.Equal(t, want, hex.EncodeToString(got[:]), name)
	}
}
