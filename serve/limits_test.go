package serve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// resizeBeforeShell opens a session the way an ssh resized as it
// connects does: pty-req, window-change, then shell. It returns the
// session with the shell started, or an error when the shell's reply
// does not come within a few seconds.
func resizeBeforeShell(conn *gossh.Client, out io.Writer) (*gossh.Session, error) {
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	sess.Stdout = out
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	if err := sess.WindowChange(30, 100); err != nil {
		return nil, err
	}
	started := make(chan error, 1)
	go func() { started <- sess.Shell() }()
	select {
	case err := <-started:
		return sess, err
	case <-time.After(5 * time.Second):
		return nil, fmt.Errorf("no shell 5 s after pty-req, window-change, shell")
	}
}

// A resize between pty-req and shell gets its shell, drawn at the size
// it was resized to; before, the session's requests stopped for good.
func TestResizeBeforeShellGetsItsShell(t *testing.T) {
	_, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "ada", "", nil)
	require.NoError(t, err)
	defer conn.Close()
	c := &sshtest.Client{T: t, Conn: conn}
	sess, err := resizeBeforeShell(conn, c)
	require.NoError(t, err)
	c.Sess = sess
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	// 100 columns: the wide table's heading, not the 80-column one.
	require.NoError(t, c.WaitFor("rank id / title", 10*time.Second))
}

// rss is the process's resident set in bytes, from /proc.
func rss(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status here")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}

// settle collects garbage and gives memory back, so that what is left is
// what is held.
func settle() {
	runtime.GC()
	debug.FreeOSMemory()
}

// 2,000 connections that resize before their shell and close leave the
// server as it was: RSS within 5 MiB, no goroutine left over. (Before,
// each left its session's goroutines and buffers: 19 to 74 MiB.)
func TestResizeBeforeShellLeaksNothing(t *testing.T) {
	testenv.Slow(t)
	s, addr := startServer(t, Config{})
	cycle := func() {
		conn, err := sshtest.Dial(addr, "ada", "", nil)
		require.NoError(t, err)
		_, err = resizeBeforeShell(conn, io.Discard)
		require.NoError(t, err)
		conn.Close()
	}
	for range 200 {
		cycle()
	}
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 10*time.Second, 20*time.Millisecond)
	settle()
	before, goroutines := rss(t), runtime.NumGoroutine()
	for range 2000 {
		cycle()
	}
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 10*time.Second, 20*time.Millisecond)
	// (Eventually runs its condition on a goroutine of its own.)
	if !assert.Eventually(t, func() bool { return runtime.NumGoroutine() <= goroutines+1 }, time.Minute, 50*time.Millisecond) {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: %d before, %d after:\n%s", goroutines, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
	settle()
	after := rss(t)
	t.Logf("RSS %.1f MiB before, %.1f MiB after 2,000 cycles", float64(before)/(1<<20), float64(after)/(1<<20))
	assert.Less(t, after-before, int64(5<<20))
}

// One connection may have at most three sessions open at once: the
// hundredth is refused like every one past the third, and was not
// counted against the room.
func TestChannelsPerConnectionBounded(t *testing.T) {
	s, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "ada", "", nil)
	require.NoError(t, err)
	defer conn.Close()
	opened := 0
	for range 100 {
		sess, err := conn.NewSession()
		if err != nil {
			assert.Contains(t, err.Error(), "at most 3 sessions on one connection")
			continue
		}
		defer sess.Close()
		opened++
	}
	assert.Equal(t, maxSessionChannels, opened)
	assert.Equal(t, 0, s.Room().Count())
}

// Environment variables past maxEnv, or longer than maxEnvBytes, are
// refused, and the session still starts.
func TestEnvRequestsBounded(t *testing.T) {
	_, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "ada", "", nil)
	require.NoError(t, err)
	defer conn.Close()
	sess, err := conn.NewSession()
	require.NoError(t, err)
	assert.Error(t, sess.Setenv("BIG", strings.Repeat("x", 100<<10)))
	accepted := 0
	for i := range 500 {
		if sess.Setenv(fmt.Sprintf("V%d", i), "1") == nil {
			accepted++
		}
	}
	assert.Equal(t, maxEnv-1, accepted, "the big one counted too")
	c := &sshtest.Client{T: t, Conn: conn, Sess: sess}
	sess.Stdout = c
	require.NoError(t, sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}))
	require.NoError(t, sess.Shell())
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
}

// 300 sockets that connect and say nothing do not lock a real attendee
// out: the oldest unauthenticated connections close as new ones come,
// and every one that has not authenticated within the grace time closes.
func TestPreAuthSocketsDoNotLockOut(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{MaxStartups: 20, LoginGrace: 2 * time.Second})
	var socks []net.Conn
	for range 300 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		socks = append(socks, c)
	}
	defer func() {
		for _, c := range socks {
			c.Close()
		}
	}()
	// The server has taken the last socket when it greets it.
	last := socks[len(socks)-1]
	require.NoError(t, last.SetReadDeadline(time.Now().Add(10*time.Second)))
	greeting, err := bufio.NewReader(last).ReadString('\n')
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(greeting, "SSH-2.0-"), greeting)
	// The server takes each socket on a goroutine of its own: one
	// greeted is no sign that every one before it has been counted, and
	// those counted after the attendee would close them as the oldest.
	// The attendee connects once all but the last 20 have been closed.
	closed := make([]bool, len(socks)-1)
	require.Eventually(t, func() bool {
		n := 0
		buf := make([]byte, 512)
		for i, c := range socks[:len(socks)-1] {
			for !closed[i] {
				_ = c.SetReadDeadline(time.Now().Add(time.Millisecond))
				if _, err := c.Read(buf); err != nil {
					var ne net.Error
					closed[i] = !errors.As(err, &ne) || !ne.Timeout()
					break
				}
			}
			if closed[i] {
				n++
			}
		}
		return n >= len(socks)-20
	}, 20*time.Second, 50*time.Millisecond, "the server closes all but the newest 20")
	s.conns.mu.Lock()
	assert.LessOrEqual(t, len(s.conns.unauth), 20)
	s.conns.mu.Unlock()
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	// Past the grace time, a silent socket has been closed by the server.
	_, err = io.ReadAll(last) // EOF
	require.NoError(t, err, "closed by the server, not timed out here")
	require.NoError(t, c.WaitFor(ndcgStart, time.Second), "the attendee is still in")
}

// Connections authenticated without a session (ssh -N) count against
// --max-sessions: past it the oldest closes, and each closes after the
// grace time; a real attendee still gets in.
func TestSessionlessConnectionsCounted(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{MaxSessions: 3, LoginGrace: 2 * time.Second})
	var conns []*gossh.Client
	for range 10 {
		c, err := sshtest.Dial(addr, "idle", "", nil)
		require.NoError(t, err)
		conns = append(conns, c)
	}
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	require.Eventually(t, func() bool {
		s.conns.mu.Lock()
		defer s.conns.mu.Unlock()
		return len(s.conns.authed) <= 3
	}, 5*time.Second, 20*time.Millisecond)
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	done := make(chan error, 1)
	go func() { done <- conns[len(conns)-1].Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a connection with no session was not closed after the grace time")
	}
	require.NoError(t, c.WaitFor(ndcgStart, time.Second), "the attendee's session stays")
}

// A client typing as fast as it can (ten thousand grade keys at once) is
// dropped past the rate: the edits made are the burst and what the rate
// refilled while the flood was read, and the session goes idle when the
// flood stops (dropped keys keep no session alive).
func TestKeyFloodIsDropped(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{IdleTimeout: 3 * time.Second})
	c := sshtest.Connect(t, addr, "flood", 100, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send(strings.Repeat("03", 5000))
	members := s.Room().Members()
	require.Len(t, members, 1)
	s.room.mu.Lock()
	m := s.room.members[members[0].ID]
	s.room.mu.Unlock()
	require.NotNil(t, m)
	// No more keys: the idle time ends the session.
	code, err := c.ExitStatus(20 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
	// (Read once the explorer has ended.)
	hist := m.session.Workspace().Version()
	assert.Positive(t, hist)
	// Unbounded, the 10,000 keys would have made 10,000 edits; the burst
	// and a second or two of refill make a few hundred at most, however
	// slowly a loaded machine reads the flood.
	assert.Less(t, hist, 1000, "edits made: the burst and what refilled")
}

// A million bytes of grade keys typed as fast as a client can send them
// (500,000 edits, which held 1 GiB before the bounds) leave the heap
// within 64 MiB of where it was once the flood is read: past 60 keys a
// second the keys are dropped before the explorer sees them, and the
// undo history keeps at most session.MaxHistory edits.
func TestMillionKeysKeepTheHeapBounded(t *testing.T) {
	testenv.Slow(t)
	_, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "flood", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Tap(func(int) {}) // frames are not kept
	settle()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	chunk := strings.Repeat("03", 4096)
	for range 1_000_000 / len(chunk) {
		_, err := io.WriteString(c.In, chunk)
		require.NoError(t, err)
	}
	// The flood has been read once a key typed after it has taken
	// effect: rank 1 graded 1 (3,2,3,0,1 becomes 1,2,3,0,1). It is typed
	// again until it does, as a key may come before the rate refills.
	want := expectedNDCG(t, []float64{1, 2, 3, 0, 1})
	c.Tap(nil)
	c.Mark()
	deadline := time.Now().Add(time.Minute)
	for {
		c.Send("1")
		if c.RedrawUntil(want, 80, 24, 2*time.Second) == nil {
			break
		}
		require.True(t, time.Now().Before(deadline), "the key after the flood never took effect")
	}
	c.Tap(func(int) {})
	c.Forget()
	settle()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	t.Logf("heap in use: %.1f MiB before, %.1f MiB after a million bytes typed", float64(before.HeapInuse)/(1<<20), float64(after.HeapInuse)/(1<<20))
	assert.Less(t, int64(after.HeapInuse)-int64(before.HeapInuse), int64(64<<20))
}

// The terminal's request reaches the SSH library with the last size
// asked for before the shell, and the shell after it: the explorer starts
// at that size, with no later size to race its first.
func TestTheShellStartsAtTheLastSizeBeforeIt(t *testing.T) {
	in, out := make(chan *gossh.Request, 8), make(chan *gossh.Request, 8)
	pty := ptyRequest{Term: "xterm-256color", Columns: 80, Rows: 24}
	in <- &gossh.Request{Type: "pty-req", Payload: gossh.Marshal(pty)}
	in <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: 90, Rows: 20})}
	in <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: 100, Rows: 30})}
	in <- &gossh.Request{Type: "shell"}
	in <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: 120, Rows: 40})}
	close(in)
	running := make(chan struct{})
	close(running)
	boundRequests(in, out, running)

	var types []string
	var got []*gossh.Request
	for req := range out {
		types = append(types, req.Type)
		got = append(got, req)
	}
	require.Equal(t, []string{"pty-req", "shell", "window-change"}, types)
	var p ptyRequest
	require.NoError(t, gossh.Unmarshal(got[0].Payload, &p))
	assert.Equal(t, ptyRequest{Term: "xterm-256color", Columns: 100, Rows: 30}, p)
	var w windowChange
	require.NoError(t, gossh.Unmarshal(got[2].Payload, &w))
	assert.Equal(t, windowChange{Columns: 120, Rows: 40}, w, "after the shell, sizes pass as they come")
}

// After the shell and before the explorer runs, window changes wait
// (the library writes each into the terminal sess.Pty reads, unlocked:
// ptyGate); the last of them passes once it runs, then each as it comes.
func TestWindowChangesWaitForTheExplorer(t *testing.T) {
	in, out, ready := make(chan *gossh.Request), make(chan *gossh.Request, 8), make(chan struct{})
	go boundRequests(in, out, ready)
	in <- &gossh.Request{Type: "pty-req", Payload: gossh.Marshal(ptyRequest{Term: "xterm", Columns: 80, Rows: 24})}
	in <- &gossh.Request{Type: "shell"}
	for c := range 5 {
		in <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: uint32(90 + c), Rows: 20})}
	}
	assert.Equal(t, "pty-req", (<-out).Type)
	assert.Equal(t, "shell", (<-out).Type)
	select {
	case r := <-out:
		t.Fatalf("a window change passed before the explorer ran: %v", r.Type)
	case <-time.After(50 * time.Millisecond):
	}
	close(ready)
	var w windowChange
	require.NoError(t, gossh.Unmarshal((<-out).Payload, &w))
	assert.Equal(t, uint32(94), w.Columns, "the last size held")
	in <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: 120, Rows: 40})}
	require.NoError(t, gossh.Unmarshal((<-out).Payload, &w))
	assert.Equal(t, uint32(120), w.Columns)
	close(in)
	_, open := <-out
	assert.False(t, open)
}
