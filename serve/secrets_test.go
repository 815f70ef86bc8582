package serve

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// logLines collects a server's log, for a test to read every line.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(line string) {
	l.mu.Lock()
	l.lines = append(l.lines, line)
	l.mu.Unlock()
}

func (l *logLines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

// shell opens a session with no terminal and no command (ssh -T) and
// returns what it printed on its error output.
func shell(t *testing.T, addr, user string) string {
	t.Helper()
	conn, err := sshtest.Dial(addr, user, "", nil)
	require.NoError(t, err)
	defer conn.Close()
	sess, err := conn.NewSession()
	require.NoError(t, err)
	var errOut strings.Builder
	sess.Stderr = &errOut
	require.NoError(t, sess.Shell())
	_ = sess.Wait()
	return errOut.String()
}

// A resume code never reaches the log, which the dashboard projects:
// every natural mistake with the code in the user name (the take-home
// line while still connected, a typo of it, a command, ssh -T, a full
// room, a code mistyped by one letter) is refused naming the attendee
// alone, while the attendee's own error output still reads their line.
func TestResumeCodesNeverLogged(t *testing.T) {
	var log logLines
	s, addr := startServer(t, Config{MaxSessions: 2, Log: log.add, FailDelay: -1})
	ada := sshtest.Connect(t, addr, "ada", 80, 24)
	code := ada.Code("ada")
	user := "ada+" + code

	_, errOut, status := run(t, addr, user, "report")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "ada is still in the explorer")
	_, errOut, _ = run(t, addr, user, "reprot")
	assert.Contains(t, errOut, user, "the attendee reads their own line back")
	run(t, addr, user, "ls")
	assert.Contains(t, shell(t, addr, user), "needs a terminal")
	run(t, addr, user, AccessibleCommand) // the plain lines, asked with the code

	// A full room: bob takes the second place, and ada's code knocks.
	bob := sshtest.Connect(t, addr, "bob", 80, 24)
	require.NoError(t, bob.WaitFor("bob", 10*time.Second))
	_, err := sshtest.ConnectWith(t, addr, user, "", nil, 80, 24)
	require.NoError(t, err) // the refusal is a line and an exit status
	require.Eventually(t, func() bool { return strings.Contains(strings.Join(log.all(), "\n"), "room is full") }, 10*time.Second, 20*time.Millisecond)

	ada.Close()
	bob.Close()
	emptied(t, s)
	run(t, addr, user, "ls")
	run(t, addr, "ada+"+strings.ToUpper(code), "list")
	typo := "ada+" + code[:7]
	c := sshtest.Connect(t, addr, typo, 80, 24)
	require.NoError(t, c.WaitFor("no list kept for that code", 10*time.Second))

	lines := log.all()
	require.NotEmpty(t, lines)
	for _, l := range lines {
		assert.NotContains(t, strings.ToLower(l), code[:7], "a log line shows ada's code: %q", l)
	}
	assert.Contains(t, strings.Join(lines, "\n"), "refused ada+…@")
}

// A screen shown to the room is not shown while a round runs: it would
// show the answer typed. (The session masks the attendee's code in it:
// serve/session's TestFrameHidesTheResumeCode.)
func TestSharedScreenHidesTheAnswerInARound(t *testing.T) {
	r := newRoom(4, 100, nil)
	m, _ := r.Join("ada", "", "10.0.0.1:1", "")
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	m.session = session.New(ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Remote: &ui.Remote{}}),
		session.Options{Secret: m.Code})
	r.share = Share{Ask: 1, Member: m.ID, Name: "ada", State: ShareShown}
	m.session.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.session.Update(ui.ShareAsk{ID: 1})
	time.Sleep(ui.ReadingPause + 100*time.Millisecond) // the ask read
	m.session.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
	require.NotNil(t, r.Share().Frame, "ada said y")
	assert.Contains(t, r.Share().Frame.Content, "0.9575", "no round: the screen is shown")
	r.StartRound(7, 1, ndcg.DefaultSettings())
	sh := r.Share()
	assert.NotContains(t, sh.Frame.Content, "0.9575")
	assert.Contains(t, sh.Frame.Content, "hidden while round 1 runs")
	assert.Same(t, sh.Frame, r.Share().Frame, "the stand-in is made once, for the dashboard to draw once")
	r.EndRound()
	assert.Contains(t, r.Share().Frame.Content, "0.9575", "the round over, the screen is shown again")
}

// The churn: ada answers a round and quits; a client connects
// and drops a hundred times (MaxSessions 2: the old bound kept two
// lists); ada's code still brings her list back, a newcomer typing
// "ada" is someone else (ada-2), and that newcomer's report carries
// none of ada's rounds: answers belong to the identity, not the name.
func TestChurnNeitherEvictsNorHandsOverAnAttendee(t *testing.T) {
	s, addr := startServer(t, Config{MaxSessions: 2, FailDelay: -1})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	c.Send("0.7654\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	s.Room().EndRound()
	c.Close()
	emptied(t, s)
	for range 100 {
		m, ok := s.room.Join("churn", "", "127.0.0.9:1", "")
		require.True(t, ok)
		s.room.Leave(m)
	}

	out, stderr, status := run(t, addr, "ada+"+code, "report")
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, out, "| 1 | seed 7, question 1 | 0.7654 |")

	imp := sshtest.Connect(t, addr, "ada", 100, 30)
	newCode := imp.Code("ada-2")
	imp.Close()
	emptied(t, s)
	out, stderr, status = run(t, addr, "ada-2+"+newCode, "report")
	require.Equal(t, 0, status, stderr)
	assert.NotContains(t, out, "0.7654")
	assert.NotContains(t, out, "Your quiz rounds")
}
