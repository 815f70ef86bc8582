package serve

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
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
	conn, err := dial(addr, user, "")
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
	ada := connect(t, addr, "ada", 80, 24)
	code := codeOn(t, ada, "ada")
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
	bob := connect(t, addr, "bob", 80, 24)
	require.NoError(t, bob.waitFor("bob", 10*time.Second))
	_, err := connectErr(t, addr, user, "", 80, 24)
	require.NoError(t, err) // the refusal is a line and an exit status
	require.Eventually(t, func() bool { return strings.Contains(strings.Join(log.all(), "\n"), "room is full") }, 10*time.Second, 20*time.Millisecond)

	ada.close()
	bob.close()
	emptied(t, s)
	run(t, addr, user, "ls")
	run(t, addr, "ada+"+strings.ToUpper(code), "list")
	typo := "ada+" + code[:7]
	c := connect(t, addr, typo, 80, 24)
	require.NoError(t, c.waitFor("no list kept for that code", 10*time.Second))

	lines := log.all()
	require.NotEmpty(t, lines)
	for _, l := range lines {
		assert.NotContains(t, strings.ToLower(l), code[:7], "a log line shows ada's code: %q", l)
	}
	assert.Contains(t, strings.Join(lines, "\n"), "refused ada+…@")
}

// A screen shown to the room has the attendee's code masked, and while
// a round runs it is not shown at all: it would show the answer typed.
func TestSharedScreenHidesCodeAndAnswer(t *testing.T) {
	assert.Equal(t, "ssh ada+"+codeMask+"@h", hideCode("ssh ada+k7m2p9xq@h", "k7m2p9xq"))

	r := newRoom(4, 100, nil)
	m, _ := r.Join("ada", "", "10.0.0.1:1", "")
	m.session = &sessionModel{}
	r.members[m.ID].prog = nil
	r.share = Share{Ask: 1, Member: m.ID, Name: "ada", State: ShareShown}
	m.session.frame.Store(&Frame{ask: 1, Content: "my answer: 0.7654", W: 80, H: 24})
	assert.Contains(t, r.Share().Frame.Content, "0.7654", "no round: the screen is shown")
	r.StartRound(7, 1, ndcg.DefaultSettings())
	sh := r.Share()
	assert.NotContains(t, sh.Frame.Content, "0.7654")
	assert.Contains(t, sh.Frame.Content, "hidden while round 1 runs")
	assert.Same(t, sh.Frame, r.Share().Frame, "the stand-in is made once, for the dashboard to draw once")
	r.EndRound()
	assert.Contains(t, r.Share().Frame.Content, "0.7654", "the round over, the screen is shown again")
}

// The churn: ada answers a round and quits; a client connects
// and drops a hundred times (MaxSessions 2: the old bound kept two
// lists); ada's code still brings her list back, a newcomer typing
// "ada" is someone else (ada-2), and that newcomer's report carries
// none of ada's rounds: answers belong to the identity, not the name.
func TestChurnNeitherEvictsNorHandsOverAnAttendee(t *testing.T) {
	s, addr := startServer(t, Config{MaxSessions: 2, FailDelay: -1})
	c := connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.waitFor(ndcgStart, 10*time.Second))
	code := codeOn(t, c, "ada")
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.redrawUntil("the instructor started a", 100, 30, 10*time.Second))
	c.send("0.7654\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	s.Room().EndRound()
	c.close()
	emptied(t, s)
	for range 100 {
		m, ok := s.room.Join("churn", "", "127.0.0.9:1", "")
		require.True(t, ok)
		s.room.Leave(m)
	}

	out, stderr, status := run(t, addr, "ada+"+code, "report")
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, out, "| 1 | seed 7, question 1 | 0.7654 |")

	imp := connect(t, addr, "ada", 100, 30)
	newCode := codeOn(t, imp, "ada-2")
	imp.close()
	emptied(t, s)
	out, stderr, status = run(t, addr, "ada-2+"+newCode, "report")
	require.Equal(t, 0, status, stderr)
	assert.NotContains(t, out, "0.7654")
	assert.NotContains(t, out, "Your quiz rounds")
}
