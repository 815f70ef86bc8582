package dashboard

import (
	"net"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
)

// The share prompt and its answers as the attendee reads them (ui's
// share.go).
const (
	sharePromptSeen = "the instructor asks to show your screen to the room: y shows it, n declines"
	ctrlX           = "\x18"
)

// roomDashboard is a dashboard at w×h on s once the room has n attendees
// whose explorers started, in its room view.
func roomDashboard(t *testing.T, s *serve.Server, n, w, h int) *Model {
	t.Helper()
	require.Eventually(t, func() bool {
		started := 0
		for _, seat := range s.Room().Seats(time.Now()) {
			if seat.Where != "" {
				started++
			}
		}
		return started == n
	}, 10*time.Second, 10*time.Millisecond)
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: w, Height: h})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	return d
}

func dashText(d *Model) string { return ansi.Strip(d.View().Content) }

// waitDashboard gives d the room's news (a change, a frame) until its
// screen satisfies ok.
func waitDashboard(t *testing.T, d *Model, ok func(screen string) bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		d.Update(roomChanged{})
		d.Update(shareFramed{})
		if ok(dashText(d)) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the dashboard never showed %s; it shows:\n%s", what, dashText(d))
}

func shows(want string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, want) }
}

func hides(want string) func(string) bool {
	return func(s string) bool { return !strings.Contains(s, want) }
}

// shownFrame is the frame of an attendee's screen the room gives the
// dashboard: nil but while the screen is shown (the session's own
// capture is tested in serve/session's frame_test.go).
func shownFrame(s *serve.Server) *session.Frame { return s.Room().Share().Frame }

// The room view's cursor picks an attendee (↑/↓, home/end) and stays on
// them as others leave; enter asks them, and only them, to show their
// screen, and esc cancels the ask.
func TestRoomViewCursorAsksToShowAScreen(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	var cs []*sshtest.Client
	for _, name := range []string{"ada", "bob", "cy"} {
		c := sshtest.Connect(t, addr, name, 80, 24)
		require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
		cs = append(cs, c)
	}
	d := roomDashboard(t, s, 3, 100, 30)
	screen := dashText(d)
	assert.Regexp(t, `\n▸ ada\s+explorer\s+code\s+now\s*\n  bob\s`, screen)
	assert.Contains(t, screen, "↑/↓ choose · enter asks ada to show their screen · esc your explorer")
	d.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	assert.Regexp(t, `\n  ada\s.*\n▸ bob\s`, dashText(d))
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	assert.Regexp(t, `\n▸ cy\s`, dashText(d))
	d.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	assert.Regexp(t, `\n▸ cy\s`, dashText(d), "the last row is the last")
	d.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	d.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	assert.Regexp(t, `\n▸ ada\s`, dashText(d))
	d.Update(tea.KeyPressMsg{Code: tea.KeyDown})

	// ada leaves: the cursor stays on bob, now the first row.
	cs[0].Close()
	waitDashboard(t, d, hides("ada"), "ada gone")
	assert.Regexp(t, `\n▸ bob\s`, dashText(d))

	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	assert.Contains(t, dashText(d), "asked bob to show their screen; waiting for them to agree (esc cancels)")
	assert.Regexp(t, `\n▸ bob\s.*asked to show their screen\n`, dashText(d))
	require.NoError(t, cs[1].RedrawUntil(sharePromptSeen, 80, 24, 10*time.Second))
	assert.NotContains(t, cs[2].Text(), "the instructor asks")

	d.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	assert.Contains(t, dashText(d), "cancelled: bob is no longer asked to show their screen")
	assert.Contains(t, dashText(d), "The room · 2 connected", "esc cancelled the ask, and the room view stays")
	require.NoError(t, cs[1].RedrawUntil("no longer asks to show your screen", 80, 24, 10*time.Second))
	cs[1].Answer("y")
	time.Sleep(200 * time.Millisecond)
	assert.Nil(t, shownFrame(s), "a y after the ask was withdrawn shows nothing")
	d.Update(roomChanged{})
	assert.Equal(t, serve.ShareCancelled, d.share.State)
}

// The dashboard shows an attendee's screen (a grade they changed, its
// NDCG) only after they say y; it follows their edits, and stops on esc.
// Rank 1 graded 0: NDCG@all of 0,2,3,0,1 is (3/log2 3 + 7/2 + 1/log2 6)
// / (7 + 3/log2 3 + 1/2) = 5.7796 / 9.3928 = 0.6153; graded 1 then,
// 6.7796 / (9.3928 + 1/log2 5) = 6.7796 / 9.8235 = 0.6901.
func TestDashboardShowsAScreenOnlyAfterTheAttendeeAgrees(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("0")
	require.NoError(t, c.RedrawUntil("NDCG@all = 0.6153", 80, 24, 10*time.Second))
	d := roomDashboard(t, s, 1, 100, 30)
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	require.NoError(t, c.RedrawUntil(sharePromptSeen, 80, 24, 10*time.Second))
	time.Sleep(200 * time.Millisecond)
	d.Update(roomChanged{})
	d.Update(shareFramed{})
	assert.NotContains(t, dashText(d), "0.6153", "not before the y")
	assert.Nil(t, shownFrame(s), "nothing captured before the y")

	c.Answer("y")
	waitDashboard(t, d, shows("NDCG@all = 0.6153"), "ada's screen")
	screen := dashText(d)
	assert.Contains(t, screen, "ada agreed: their screen is shown (esc stops)")
	assert.Contains(t, screen, "\nada's screen (80×24) · esc stops\n"+
		"ndcg-explorer inline                       shown to the room · ^x stops modified\n")
	assert.Contains(t, screen, "your screen is shown to the room: ctrl+x stops it", "their status line too")

	c.Send("+")
	waitDashboard(t, d, shows("NDCG@all = 0.6901"), "ada's edit")

	d.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	screen = dashText(d)
	assert.Contains(t, screen, "stopped showing ada's screen")
	assert.NotContains(t, screen, "0.6901")
	assert.Contains(t, screen, "The room · 1 connected")
	require.NoError(t, c.RedrawUntil("the instructor stopped showing your screen", 80, 24, 10*time.Second))
	assert.Eventually(t, func() bool { return shownFrame(s) == nil }, 5*time.Second, 10*time.Millisecond,
		"the session drops its frame once told")
}

// An attendee who declines is not shown; one who agrees can stop with
// ctrl+x, and one who leaves stops it too: the dashboard says which.
func TestAttendeeDeclinesStopsAndLeaves(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	d := roomDashboard(t, s, 1, 100, 30)

	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	require.NoError(t, c.RedrawUntil(sharePromptSeen, 80, 24, 10*time.Second))
	c.Answer("n")
	waitDashboard(t, d, shows("ada declined to show their screen (enter asks again)"), "the decline")
	assert.NotContains(t, dashText(d), "ada's screen")
	assert.Nil(t, shownFrame(s))

	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	require.NoError(t, c.RedrawUntil(sharePromptSeen, 80, 24, 10*time.Second))
	c.Resize(80, 24) // redrawUntil may have left it at 81 columns
	c.Answer("y")
	waitDashboard(t, d, shows("ada's screen (80×24) · esc stops"), "ada's screen")
	c.Send(ctrlX)
	waitDashboard(t, d, shows("ada stopped showing their screen"), "the stop")
	assert.NotContains(t, dashText(d), "ada's screen")
	assert.Contains(t, dashText(d), "The room · 1 connected")

	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	require.NoError(t, c.RedrawUntil(sharePromptSeen, 80, 24, 10*time.Second))
	c.Resize(80, 24) // redrawUntil may have left it at 81 columns
	c.Answer("y")
	waitDashboard(t, d, shows("ada's screen (80×24) · esc stops"), "ada's screen")
	c.Close()
	waitDashboard(t, d, shows("ada left: their screen is no longer shown"), "ada gone")
	assert.NotContains(t, dashText(d), "ada's screen")
}

// A screen larger than the dashboard's body is shown from its top left,
// each line cut with …, and the line above it says so.
func TestDashboardCropsALargerScreen(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	d := roomDashboard(t, s, 1, 80, 24)
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	require.NoError(t, c.RedrawUntil(sharePromptSeen, 100, 30, 10*time.Second))
	c.Answer("y")
	waitDashboard(t, d, shows("ada's screen"), "ada's screen")
	lines := strings.Split(dashText(d), "\n")
	require.Len(t, lines, 24)
	body := lines[d.headerH:]
	assert.Equal(t, "ada's screen (100×30, its top left 80×18) · esc stops", body[0])
	assert.Equal(t, "gain exp · log2 · k=all · ties expected · IDCG list · zero→0 · =tf-ranking", body[2])
	for _, l := range lines {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80)
	}
}

// The room view says who came by the page: "page" where an ssh
// attendee's says key or code (serve's web_test.go: a browser attendee's
// seat is ViaWeb; share_test.go: their screen is shared as any other's).
func TestRoomViewSaysWhoCameByThePage(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	seats := []serve.Seat{
		{ID: 1, Name: "ada", Via: serve.ViaWeb, Where: "explorer"},
		{ID: 2, Name: "bob", Via: serve.ViaSSH, Keyed: true, Where: "explorer"},
		{ID: 3, Name: "cy", Via: serve.ViaSSH, Where: "explorer"},
	}
	screen := ansi.Strip(strings.Join(d.drawRoom(seats, 100, 30), "\n"))
	assert.Regexp(t, `\n▸ ada\s+explorer\s+page\s`, screen)
	assert.Regexp(t, `\n  bob\s+explorer\s+key\s`, screen)
	assert.Regexp(t, `\n  cy\s+explorer\s+code\s`, screen)
}

// The room view says where each attendee is, as they move: the view
// their title line names, then the quiz (Z), then the step of the guided
// path the instructor sent, once they opened it. Its columns fit 80
// cells, a long name cut to what is left (80 − 67 cells for the other
// columns = 13), and show it whole at 100.
func TestRoomViewSaysWhereEachAttendeeIs(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	ada := sshtest.Connect(t, addr, "ada", 80, 24)
	defer ada.Close()
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	long := sshtest.Connect(t, addr, "konstantinos.papadakis", 80, 24)
	defer long.Close()
	require.NoError(t, long.WaitFor(ndcgStart, 10*time.Second))
	d := roomDashboard(t, s, 2, 80, 24)
	screen := dashText(d)
	assert.Contains(t, screen, "\n  name          where       back by    idle  answered (F8 shows the answers)\n")
	assert.Regexp(t, `\n▸ ada           explorer    code    \s+\S+\s*\n`, screen)
	assert.Regexp(t, `\n  konstantinos… explorer    code    \s+\S+\s*\n`, screen)
	for _, l := range strings.Split(screen, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80, l)
	}

	ada.Send("\x1b[21~") // F10: the quiz
	waitDashboard(t, d, shows("▸ ada           quiz "), "ada in the quiz")
	assert.Contains(t, dashText(d), "  konstantinos… explorer ")

	_, err := s.Room().SendStep(2)
	require.NoError(t, err)
	require.NoError(t, ada.WaitFor("step 2 from the instructor: enter open it • esc keep yours", 10*time.Second))
	d.Update(roomChanged{})
	assert.Contains(t, dashText(d), "▸ ada           quiz ", "asked, not yet in the step")
	ada.Answer("\r")
	require.NoError(t, ada.RedrawUntil("Step 2 of 13: DCG", 80, 24, 10*time.Second))
	waitDashboard(t, d, shows("▸ ada           step 2 "), "ada in step 2")

	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	screen = dashText(d)
	assert.Contains(t, screen, "\n  name                   where       back by    idle  answered (F8 shows the answers)\n")
	assert.Regexp(t, `\n  konstantinos\.papadakis explorer    code    \s+\S+\s*\n`, screen)
}
