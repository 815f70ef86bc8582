package serve

import (
	"context"
	"encoding/base64"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/ssh/agent"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// The values asserted are NDCG of grades 3,2,3,0,1 under exponential
// gain and log2 discount, worked by hand:
// DCG = 7 + 3/log2 3 + 7/2 + 0 + 1/log2 6 = 12.77964…,
// IDCG = 7 + 7/log2 3 + 3/2 + 1/log2 5 + 0 = 13.34718…, NDCG = 0.9575;
// with rank 2 graded 0: DCG = 7 + 0 + 3.5 + 0 + 0.38685 = 10.88685,
// IDCG = 7 + 7/log2 3 + 1/2 + 0 + 0 = 11.91651…, NDCG = 0.9136.
const (
	ndcgStart  = "NDCG@all = 0.9575"
	ndcgEdited = "NDCG@all = 0.9136"
)

func TestSessionEditsItsOwnList(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "alice", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("\x1b[B0") // down, grade 0
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	assert.Equal(t, 1, s.Room().Count())
	assert.Equal(t, "alice", s.Room().Members()[0].Name)

	// A second session starts on the served list, not on alice's.
	b := sshtest.Connect(t, addr, "bob", 80, 24)
	defer b.Close()
	require.NoError(t, b.WaitFor(ndcgStart, 10*time.Second))

	c.Send("q")
	require.NoError(t, c.RedrawUntil("w: copy it and quit", 90, 24, 5*time.Second))
	time.Sleep(400 * time.Millisecond) // read, then answered: see ui's readingPause
	c.Send("y")
	code, err := c.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
}

// osc52 finds what a session put on its clipboard.
var osc52 = regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]*)(?:\x07|\x1b\\)`)

func TestSaveKeysCopyToTheClipboard(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "alice", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("w")
	require.NoError(t, c.WaitFor("copied the list (5 items, JSON) to your clipboard, if your terminal allows it", 5*time.Second))
	m := osc52.FindStringSubmatch(c.Output())
	require.NotNil(t, m, "no OSC 52 sequence in the output")
	data, err := base64.StdEncoding.DecodeString(m[1])
	require.NoError(t, err)
	doc, err := listio.ReadJSON("clipboard.json", data)
	require.NoError(t, err)
	assert.Len(t, doc.List.Items, 5)

	c.Send("W")
	require.NoError(t, c.RedrawUntil("copied the report (markdown) to your clipboard", 90, 24, 5*time.Second))
	assert.NoDirExists(t, dir+"/list.json")
}

// W copies the report as `report --format markdown` writes it, for the
// session's own edited list (NDCG 0.9136, by hand above).
func TestSaveAsCopiesTheReport(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "alice", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("\x1b[B0") // down, grade 0
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	c.Send("W")
	require.NoError(t, c.RedrawUntil("copied the report (markdown) to your clipboard", 90, 24, 5*time.Second))
	m := osc52.FindStringSubmatch(c.Output())
	require.NotNil(t, m, "no OSC 52 sequence in the output")
	data, err := base64.StdEncoding.DecodeString(m[1])
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "## inline\n\n"), string(data))
	assert.Regexp(t, `\n- \*\*NDCG@\S+\*\* = 0\.9136\n`, string(data))
}

func TestMaxItemsRefusesLargerLists(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{MaxItems: 5})
	c := sshtest.Connect(t, addr, "alice", 100, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("a")
	require.NoError(t, c.RedrawUntil("the list has 5 items with its pool, the most this server allows", 100, 30, 5*time.Second))
}

// A served list longer than --max-items is refused at start, where every
// attendee was handed it though F2 refused to send it.
func TestMaxItemsRefusesTheServedList(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	_, err = New(Config{MaxItems: 4, Doc: doc, Settings: ndcg.DefaultSettings(), HostKeyPath: filepath.Join(t.TempDir(), "key")})
	require.Error(t, err)
	assert.Equal(t, "the list has 5 items (with its pool), more than --max-items 4: serve a shorter list, or raise --max-items", err.Error())
	_, err = New(Config{MaxItems: 5, Doc: doc, Settings: ndcg.DefaultSettings(), HostKeyPath: filepath.Join(t.TempDir(), "key")})
	require.NoError(t, err)
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "alice", "", nil)
	require.NoError(t, err)
	defer conn.Close()

	t.Run("exec", func(t *testing.T) {
		sess, err := conn.NewSession()
		require.NoError(t, err)
		var stderr strings.Builder
		sess.Stderr = &stderr
		err = sess.Run("ls")
		requireExit(t, err, 1)
		assert.Regexp(t, `this server runs the explorer, not commands: connect with ssh -p \d+ alice@127\.0\.0\.1 and nothing after it`, stderr.String())
		assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), "one line")
	})
	t.Run("no terminal", func(t *testing.T) {
		sess, err := conn.NewSession()
		require.NoError(t, err)
		var stderr strings.Builder
		sess.Stderr = &stderr
		require.NoError(t, sess.Shell())
		requireExit(t, sess.Wait(), 1)
		assert.Regexp(t, `the explorer needs a terminal: connect with ssh -t -p \d+ alice@127\.0\.0\.1\b`, stderr.String())
	})
	t.Run("sftp", func(t *testing.T) {
		sess, err := conn.NewSession()
		require.NoError(t, err)
		// (A session started by a subsystem request has no Wait in
		// x/crypto/ssh: read its error output to the end instead.)
		stderr, err := sess.StderrPipe()
		require.NoError(t, err)
		require.NoError(t, sess.RequestSubsystem("sftp"))
		msg, err := io.ReadAll(stderr)
		require.NoError(t, err)
		assert.Contains(t, string(msg), "no file transfer (sftp)")
	})
	t.Run("agent forwarding", func(t *testing.T) {
		sess, err := conn.NewSession()
		require.NoError(t, err)
		var stderr strings.Builder
		sess.Stderr = &stderr
		require.NoError(t, agent.RequestAgentForwarding(sess))
		require.NoError(t, sess.RequestPty("xterm", 24, 80, nil))
		require.NoError(t, sess.Shell())
		requireExit(t, sess.Wait(), 1)
		assert.Contains(t, stderr.String(), "agent forwarding is not offered here")
	})
	t.Run("local port forwarding", func(t *testing.T) {
		_, err := conn.Dial("tcp", "127.0.0.1:9")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "forwards no ports")
	})
	t.Run("remote port forwarding", func(t *testing.T) {
		conn, err := sshtest.Dial(addr, "alice", "", nil)
		require.NoError(t, err)
		defer conn.Close()
		_, err = conn.Listen("tcp", "127.0.0.1:0")
		require.Error(t, err)
		sess, err := conn.NewSession()
		require.NoError(t, err)
		var stderr strings.Builder
		sess.Stderr = &stderr
		require.NoError(t, sess.RequestPty("xterm", 24, 80, nil))
		require.NoError(t, sess.Shell())
		requireExit(t, sess.Wait(), 1)
		assert.Contains(t, stderr.String(), "port forwarding is not offered here")
	})
}

func requireExit(t *testing.T, err error, want int) {
	t.Helper()
	require.Error(t, err)
	var ee interface{ ExitStatus() int }
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, want, ee.ExitStatus())
}

func TestRoomFull(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "the room is full (100 sessions): tell the instructor (serve --max-sessions raises it)", roomFull(DefaultMaxSessions))
	_, addr := startServer(t, Config{MaxSessions: 2})
	a := sshtest.Connect(t, addr, "a", 80, 24)
	defer a.Close()
	b := sshtest.Connect(t, addr, "b", 80, 24)
	defer b.Close()
	require.NoError(t, a.WaitFor(ndcgStart, 10*time.Second))
	require.NoError(t, b.WaitFor(ndcgStart, 10*time.Second))
	c, err := sshtest.ConnectWith(t, addr, "c", "", nil, 80, 24)
	require.NoError(t, err)
	defer c.Close()
	code, err := c.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 1, code)
	assert.Equal(t, "ndcg-explorer: the room is full (2 sessions): tell the instructor (serve --max-sessions raises it)\n",
		strings.ReplaceAll(c.Stderr(), "\r\n", "\n"))

	// A place frees when someone leaves.
	a.Close()
	require.Eventually(t, func() bool {
		d, err := sshtest.ConnectWith(t, addr, "d", "", nil, 80, 24)
		if err != nil {
			return false
		}
		defer d.Close()
		return d.WaitFor(ndcgStart, 5*time.Second) == nil
	}, 10*time.Second, 100*time.Millisecond)
}

func TestPassphrase(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: -1})
	_, err := sshtest.ConnectWith(t, addr, "alice", "wrong", nil, 80, 24)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unable to authenticate")
	// The dashboard counts it.
	failures, _, _, _ := s.throttle.counts()
	assert.Equal(t, 1, failures)
	_, err = sshtest.ConnectWith(t, addr, "alice", "", nil, 80, 24)
	require.Error(t, err)
	c, err := sshtest.ConnectWith(t, addr, "alice", "ndcg at 5", nil, 80, 24)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
}

func TestNoColorFromTheClient(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "alice", "", nil)
	require.NoError(t, err)
	defer conn.Close()
	for _, noColor := range []bool{false, true} {
		var env []string
		if noColor {
			env = append(env, "NO_COLOR=1")
		}
		c, err := sshtest.Open(t, conn, 100, 24, env...)
		require.NoError(t, err)
		require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
		out := c.Output()
		colour := regexp.MustCompile(`\x1b\[[0-9;]*(?:3[0-9]|4[0-9]|9[0-7])[;m]`)
		assert.Equal(t, !noColor, colour.MatchString(out), "colour with NO_COLOR=%v", noColor)
		// The explorer asks the attendee's terminal for its background,
		// to pick light or dark styles as it does locally.
		assert.Contains(t, out, "\x1b]11;?")
		c.Sess.Close()
	}
}

func TestIdleTimeoutClosesASilentSession(t *testing.T) {
	t.Parallel()
	// The timeout is long enough that a loaded machine's pauses between
	// the test's keys do not reach it.
	s, addr := startServer(t, Config{IdleTimeout: 2 * time.Second})
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	// Typing keeps it open past the timeout …
	for range 12 {
		time.Sleep(250 * time.Millisecond)
		c.Send("j")
	}
	assert.Equal(t, 1, s.Room().Count())
	// … silence ends it: the explorer quits as for q, giving the
	// terminal back (main screen, cursor shown, no mouse reporting), and
	// a line says why and how to come back.
	code, err := c.ExitStatus(10 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
	out := c.Text()
	assert.Regexp(t, `ndcg-explorer: closed after 2s with no key pressed; to come back, type:\r\n`+
		`  ssh -p \d+ ada\+[a-z2-9]{8}@127\.0\.0\.1\r\n`+
		`ndcg-explorer: your list stays here until the workshop ends; to take it home:\r\n`, out)
	raw := c.Output()
	tail := raw[strings.LastIndex(raw, "NDCG@all"):]
	for _, restore := range []string{"\x1b[?1049l", "\x1b[?25h", "\x1b[?1002l"} {
		assert.Contains(t, tail, restore, "after the last frame the terminal is restored")
	}
	emptied(t, s)
}

// TestLightTerminal: the explorer asks the attendee's terminal for its
// background (OSC 11) and draws with the light styles when the answer is
// light, as it does locally. The title is #C8A6FF on dark (colour 183 of
// 256) and #5A32A3 on light.
func TestLightTerminal(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	darkTitle := "\x1b[38;5;183;1mndcg-explorer"
	require.Contains(t, c.Raw(), darkTitle)
	c.Send("\x1b]11;rgb:ffff/ffff/ffff\x1b\\") // the terminal's answer: white
	require.Eventually(t, func() bool {
		c.Resize(101, 30)
		time.Sleep(100 * time.Millisecond)
		out := c.Raw()
		return strings.Contains(out, "mndcg-explorer") && !strings.Contains(out, darkTitle)
	}, 10*time.Second, 10*time.Millisecond)
}

// When the server stops, each attendee reads one line saying the
// workshop ended before the connection closes.
func TestShutdownSaysTheWorkshopEnded(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	go func() { _ = s.Shutdown(ctx) }()
	_, _ = c.ExitStatus(10 * time.Second)
	assert.Contains(t, c.Text(), EndedLine)
}
