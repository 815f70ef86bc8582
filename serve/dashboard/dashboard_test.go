package dashboard

import (
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

func TestDashboardAsksBeforeQuittingARoom(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 140, Height: 30})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "ndcg-explorer serve · 0 connected · no passphrase · ssh -p 23234 127.0.0.1 · host key "+s.Fingerprint()+"\n")
	assert.Contains(t, screen, "F1 lesson step · F2 send list · F3 quiz round · F4 end round · F5 tally/explorer · F6 names · F7 room · ? these keys\n"+
		"host key "+s.Fingerprint()+" · this machine only: --listen :23234 opens it to the room\n")

	// With nobody connected, a quit is a quit.
	assert.Equal(t, tea.QuitMsg{}, d.filter(d, tea.QuitMsg{}))

	c := sshtest.Connect(t, addr, "ada", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10e9))
	msg := d.filter(d, tea.QuitMsg{})
	require.Equal(t, quitAsked{}, msg)
	d.Update(msg)
	assert.Contains(t, ansi.Strip(d.View().Content), "1 attendee connected, 1 list not taken home: y stops serving (the lists go too: no --state-dir) · esc stays")
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	assert.Nil(t, cmd)
	assert.Contains(t, ansi.Strip(d.View().Content), "still serving")

	// A y typed in one go with the q (within ui.ReadingPause of it)
	// does not stop the workshop: the question stays until a y pressed
	// after reading it.
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	now = func() time.Time { return at }
	defer func() { now = time.Now }()
	d.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	d.Update(d.filter(d, tea.QuitMsg{}))
	at = at.Add(100 * time.Millisecond)
	_, cmd = d.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
	assert.Nil(t, cmd, "a y in one go with the q")
	assert.Contains(t, ansi.Strip(d.View().Content), "Read first: 1 attendee connected, 1 list not taken home: y stops serving", "the question stays, saying why the y did nothing")
	at = at.Add(time.Second)
	_, cmd = d.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
	require.NotNil(t, cmd)
	assert.Equal(t, tea.QuitMsg{}, d.filter(d, cmd()), "confirmed: the quit goes through")
}

func TestDashboardTallyViewQuits(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	assert.Contains(t, ansi.Strip(d.View().Content), "No quiz round yet: F3 starts one")
	_, cmd := d.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	require.NotNil(t, cmd)
	assert.Equal(t, tea.QuitMsg{}, cmd())
}

// An attendee who answers and leaves still counts, apart from those
// connected: one of the two who answered is still there.
func TestDashboardCountsAnswersOfThoseWhoLeft(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	bob, ok := s.Room().Join("bob", "", "127.0.0.1:2", "")
	require.True(t, ok)
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	s.Room().Answer(bob.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.76"})
	s.Room().Leave(bob)

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	assert.Contains(t, ansi.Strip(d.View().Content), "answered 1 of 1 connected (+1 who left)\n"+HiddenUntilEnd+"\n")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	assert.Contains(t, ansi.Strip(d.View().Content), "answered 1 of 1 connected (+1 who left) · 1 right · true value 0.8262")
}

// F2 sends the instructor's list only when an attendee's session may hold
// it (--max-items): every session keeps its own copy. The list has 5
// items.
func TestDashboardSendsNoListLongerThanASessionTakes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		max  int
		want string
	}{
		{3, "not sent: the list has 5 items with its pool, and an attendee's list takes at most 3 items (serve --max-items)"},
		{5, "sent the list (5 items) and its conventions to 0 sessions"},
	} {
		// (A served list that long is refused at start: the
		// instructor's grows to it in their explorer.)
		served, err := listio.Inline("3,2,1", "")
		require.NoError(t, err)
		s, _ := startServer(t, serve.Config{MaxItems: c.max, Doc: served, Settings: ndcg.DefaultSettings()})
		grown, err := listio.Inline("3,2,3,0,1", "")
		require.NoError(t, err)
		d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
		d.explorer = ui.New(ui.Options{Doc: grown, Settings: ndcg.DefaultSettings(), NoColor: true})
		d.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
		d.Update(tea.KeyPressMsg{Code: tea.KeyF2})
		assert.Contains(t, ansi.Strip(d.View().Content), c.want, "--max-items %d", c.max)
	}
}

// At 80 columns the dashboard's first line says how many are connected,
// whether a passphrase is asked and what attendees type, with this
// machine's address when the server listens on every interface; the
// host key, too long for that line, is whole on the status line at
// start rather than cut where it cannot be compared.
func TestDashboardHeaderAt80Columns(t *testing.T) {
	s, _ := startServer(t, serve.Config{Passphrase: "tea"})
	d := New(s, &net.TCPAddr{IP: net.IPv4(192, 168, 1, 23), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lines := strings.Split(ansi.Strip(d.View().Content), "\n")
	assert.Equal(t, "ndcg-explorer serve · 0 connected · passphrase on · ssh -p 23234 192.168.1.23", lines[0])
	assert.Equal(t, "host key "+s.Fingerprint(), lines[2])

	// On every interface, with two addresses on a network: attendees are
	// told to pick the room's.
	defer func(f func() []string) { roomAddresses = f }(roomAddresses)
	roomAddresses = func() []string { return []string{"192.168.1.23", "172.17.0.1"} }
	assert.Equal(t, "host key SHA256:x · HOST: this machine's address on the room's network, one of 192.168.1.23, 172.17.0.1",
		startStatus("SHA256:x", &net.TCPAddr{IP: net.IPv6unspecified, Port: 23234}))
}

// At 80×18 the tally of an ended round, with its working, is longer than
// the screen: its lines wrap instead of being cut, the last line says
// how to scroll (the start status, host key and how to open the room,
// takes two lines of the header), and end shows the working's last
// line. NDCG@3 of seed 7's first question is 3 / (3 + 1/log2 3) = 0.8262.
func TestDashboardTallyWrapsAndScrolls(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.82"})
	s.Room().EndRound()

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 18})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	lines := strings.Split(ansi.Strip(d.View().Content), "\n")
	require.Len(t, lines, 18)
	tally := lines[d.headerH:]
	for _, l := range tally {
		assert.NotContains(t, l, "…", "a tally line is cut: %q", l)
		assert.LessOrEqual(t, ansi.StringWidth(l), 80)
	}
	assert.Equal(t, "Quiz round 1 · seed 7, question 1 · ended: everyone sees the working", tally[0])
	// (One line of the header is kept for the host key.)
	assert.Regexp(t, `^lines 1–12 of \d+ · ↑/↓ pgup/pgdn scroll$`, tally[len(tally)-1])

	assert.NotContains(t, ansi.Strip(d.View().Content), "= 0.8262\n")
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "NDCG@3 = DCG@3 / IDCG@3 = 3.000 / 3.631 = 0.8262")
	d.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	assert.Contains(t, ansi.Strip(d.View().Content), "Quiz round 1 · seed 7")
}

// F4 with no round under way says so instead of "round ended".
func TestDashboardEndsOnlyARoundUnderWay(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	status := func() string { return strings.Split(ansi.Strip(d.View().Content), "\n")[2] }
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	assert.Equal(t, "no quiz round under way: F3 starts one", status())
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	assert.Equal(t, "round ended: every attendee sees the worked solution", status())
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	assert.Equal(t, "no quiz round under way: F3 starts one", status())
}

// With names shown, the tally of a round under way names who has not
// answered yet, so the instructor can call on them; once the round
// ends, no one is waited for.
func TestDashboardNamesWhoHasNotAnswered(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	var ms []*serve.Member
	for _, name := range []string{"ada", "bob", "cy"} {
		m, ok := s.Room().Join(name, "", "127.0.0.1:1", "")
		require.True(t, ok)
		ms = append(ms, m)
	}
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().Answer(ms[1].ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	assert.NotContains(t, ansi.Strip(d.View().Content), "no answer yet")
	assert.Contains(t, ansi.Strip(d.View().Content), "\nF6 names who has not answered yet\n")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), HiddenUntilEnd+"\n\nno answer yet: ada, cy\n")

	// Before any answer, the same (F4 hid the names: F6 again).
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), HiddenUntilEnd+"\n\nno answer yet: ada, bob, cy\n")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	assert.NotContains(t, ansi.Strip(d.View().Content), "no answer yet")
}

// F3 during a round under way does not drop it unseen: it says how to
// end it, and a second F3 starts the next round anyway.
func TestDashboardAsksBeforeReplacingARound(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{Seed: 7})
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	_, ok = s.Room().Join("bob", "", "127.0.0.1:2", "")
	require.True(t, ok)
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	status := func() string { return strings.Split(ansi.Strip(d.View().Content), "\n")[2] }
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: 1, Text: "0.83"})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	assert.Equal(t, "round 1 is under way, 1 of 2 answered: F4 ends it; F3 again starts the next", status())
	assert.Equal(t, 1, s.Room().Tally().Round.ID)
	// Another key in between: F3 asks again.
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	assert.Equal(t, 1, s.Room().Tally().Round.ID)
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	assert.Equal(t, "quiz round 2 started (seed 8, question 2): F4 ends it", status())
	// After F4, F3 starts the next round at once.
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	assert.Equal(t, "quiz round 3 started (seed 9, question 3): F4 ends it", status())
}

// After round 1 an attendee's n practises on question 2, 3, … of round
// 1's seed; round 2 is question 2 of the next seed, so no one has
// solved it before it is asked.
func TestDashboardRoundsAreNotTheNextPractice(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{Seed: 7})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	rd := s.Room().Tally().Round
	assert.Equal(t, int64(8), rd.Seed)
	assert.Equal(t, 2, rd.Number)
	practice := explain.NewQuestion(7, 2) // an attendee's n after round 1
	assert.NotEqual(t, questionGrades(&serve.Round{Question: practice}), questionGrades(rd))
}

// serve --present starts the instructor's explorer on the dashboard in
// projector mode, as the explorer's --present does: fewer columns (no
// IDCG@i), NDCG in large digits.
func TestDashboardPresent(t *testing.T) {
	t.Parallel()
	for _, present := range []bool{false, true} {
		s, _ := startServer(t, serve.Config{Present: present})
		d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
		d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		screen := ansi.Strip(d.View().Content)
		assert.Equal(t, !present, strings.Contains(screen, "IDCG@i"), "--present %v:\n%s", present, screen)
		assert.Equal(t, !present, strings.Contains(screen, "NDCG@all = 0.9575"), "--present %v:\n%s", present, screen)
	}
}

// At 80 and 100 columns every line of the dashboard's header is whole:
// the start status, the host key and then how to open the room (on
// 127.0.0.1) or which of this machine's addresses is the room's (on
// every interface), wraps instead of losing its end, the explorer below
// giving up the lines it takes; a short status after it leaves them
// blank until the next resize, so that the explorer does not move.
func TestDashboardHeaderLinesWhole(t *testing.T) {
	defer func(f func() []string) { roomAddresses = f }(roomAddresses)
	roomAddresses = func() []string { return []string{"192.168.100.123", "172.17.0.1", "10.200.31.254"} }
	s, _ := startServer(t, serve.Config{})
	wrapped := 0 // the cases whose start status wraps
	for _, addr := range []*net.TCPAddr{
		{IP: net.IPv4(127, 0, 0, 1), Port: 23234},
		{IP: net.IPv6unspecified, Port: 23234},
		{IP: net.IPv4(192, 168, 100, 123), Port: 23234},
	} {
		for _, w := range []int{80, 100} {
			d := New(s, addr, &eventLog{}, true)
			d.Update(tea.WindowSizeMsg{Width: w, Height: 30})
			screen := strings.Split(ansi.Strip(d.View().Content), "\n")
			require.Len(t, screen, 30, "%s at %d columns", addr, w)
			header := screen[:d.headerH]
			for _, l := range header {
				assert.LessOrEqual(t, ansi.StringWidth(l), w, "%s at %d columns: %q", addr, w, l)
				assert.NotContains(t, l, "…", "%s at %d columns: a line is cut: %q", addr, w, l)
			}
			assert.Contains(t, header[0], serve.ConnectCommand(addr), "%s at %d columns", addr, w)
			status := strings.TrimSpace(strings.Join(header[2:], " "))
			assert.Equal(t, startStatus(s.Fingerprint(), addr), status, "%s at %d columns", addr, w)
			assert.Contains(t, status, "host key "+s.Fingerprint())
			// The explorer's own first line follows the header.
			assert.Contains(t, screen[d.headerH], "ndcg-explorer", "%s at %d columns", addr, w)

			// A one-line event keeps the header's height: the explorer
			// stays where it was, below a blank line, until a resize.
			start := d.headerH
			if start > dashboardHeader {
				wrapped++
			}
			d.log.add("ada connected")
			d.Update(roomChanged{})
			screen = strings.Split(ansi.Strip(d.View().Content), "\n")
			require.Len(t, screen, 30)
			assert.Equal(t, start, d.headerH, "%s at %d columns: the explorer does not move", addr, w)
			assert.Equal(t, "ada connected", screen[2])
			// The host key stays on screen once the status moves on.
			assert.Equal(t, "host key "+s.Fingerprint(), screen[3])
			for _, l := range screen[4:start] {
				assert.Empty(t, strings.TrimSpace(l))
			}
			assert.Contains(t, screen[start], "ndcg-explorer")
			assert.Len(t, strings.Split(d.explorer.View().Content, "\n"), 30-start, "the explorer keeps its height")

			// A resize gives the lines back: a short status takes one line.
			d.Update(tea.WindowSizeMsg{Width: w, Height: 31})
			screen = strings.Split(ansi.Strip(d.View().Content), "\n")
			require.Len(t, screen, 31)
			assert.Equal(t, dashboardHeader+1, d.headerH, "the host key's line")
			assert.Equal(t, "ada connected", screen[2])
			assert.Equal(t, "host key "+s.Fingerprint(), screen[3])
			assert.Contains(t, screen[4], "ndcg-explorer")
		}
	}
	assert.GreaterOrEqual(t, wrapped, 4, "the start status wraps at 80 and 100 columns")
	assert.Contains(t, startStatus(s.Fingerprint(), &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}),
		"--listen :23234 opens it to the room")
	assert.Contains(t, startStatus(s.Fingerprint(), &net.TCPAddr{IP: net.IPv6unspecified, Port: 23234}),
		"one of 192.168.100.123, 172.17.0.1, 10.200.31.254")
}

// F4 shows the tally, even from the instructor's explorer, and hides
// the names F6 showed during the round (who had not answered): the
// room, seeing the screen, does not read who was wrong unless the
// instructor asks again.
func TestDashboardEndOfRoundHidesNames(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{Seed: 7}) // 0.76: NDCG@3 of seed 7's first question under linear gain
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	_, ok = s.Room().Join("bob", "", "127.0.0.1:2", "")
	require.True(t, ok)

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: s.Room().Tally().Round.ID, Text: "0.76"})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), "no answer yet: bob")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5}) // back to the explorer
	assert.NotContains(t, ansi.Strip(d.View().Content), "Quiz round 1")

	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "round ended: every attendee sees the worked solution; names hidden (F6 shows them)")
	assert.Contains(t, screen, "Quiz round 1 · seed")
	assert.Contains(t, screen, "  1 used gain linear (not exp)\n")
	assert.NotContains(t, screen, "ada")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), "  1 used gain linear (not exp): ada\n")
}

// Under --ascii the tally draws its bars and its mark of the right
// answers as the explorer does, with # and OK: an instructor's terminal
// whose font lacks the block characters reads it too.
func TestDashboardTallyInASCII(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{Seed: 7, ASCII: true}) // 0.8262: NDCG@3 of seed 7's first question
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: s.Room().Tally().Round.ID, Text: "0.83"})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "    0.83 "+strings.Repeat("#", 40)+" 1 OK\n")
	assert.NotContains(t, screen, "█")
	assert.NotContains(t, screen, "✓")
}

// The dashboard's ? lists the dashboard's keys (F2 sends the list), where
// the explorer's help gave F2–F6 their explorer meanings; it opens from
// the tally too, and esc closes it.
func TestDashboardHelpListsItsKeys(t *testing.T) {
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	for _, open := range []tea.Msg{nil, tea.KeyPressMsg{Code: tea.KeyF5}} {
		if open != nil {
			d.Update(open)
		}
		d.Update(tea.KeyPressMsg{Code: '?', Text: "?"})
		screen := ansi.Strip(d.View().Content)
		assert.Contains(t, screen, "The dashboard's keys\nF1    send a step of the guided path (ndcg-explorer learn) to every attendee")
		assert.Contains(t, screen, "F7    the room: everyone connected")
		assert.Contains(t, screen, "enter in the room view, ask the one chosen to show their screen")
		assert.NotContains(t, screen, "F2/O")
		d.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
		assert.NotContains(t, ansi.Strip(d.View().Content), "The dashboard's keys")
	}
}

// The room view (F7) lists everyone connected, how they come back and
// whether they answered; F8 shows the answers themselves, privately:
// the projected tally never does while the round is under way.
func TestDashboardRoomViewShowsAnswersPrivately(t *testing.T) {
	s, _ := startServer(t, serve.Config{})
	ada, _ := s.Room().Join("ada", "", "127.0.0.1:1", "")
	s.Room().Join("bob", "", "127.0.0.1:2", "SHA256:bob")
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	assert.NotContains(t, ansi.Strip(d.View().Content), "0.83", "the projected tally hides the answers")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "The room · 2 connected · round 1 under way: 1 answered")
	assert.Regexp(t, `ada\s+code\s+\S+\s+answered\n`, screen)
	assert.Regexp(t, `bob\s+key\s+\S+\s+not yet\n`, screen)
	assert.NotContains(t, screen, "0.83")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF8})
	assert.Regexp(t, `ada\s+code\s+\S+\s+0\.83\n`, ansi.Strip(d.View().Content))
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	assert.NotContains(t, ansi.Strip(d.View().Content), "0.83", "the tally still hides them")
}

// clockRe is the time left on an attendee's quiz heading, or on their
// title line in another view.
var clockRe = regexp.MustCompile(`round (\d+)(?: ·|:) (only )?(\d+:\d\d) left`)

// clockOn redraws the attendee's screen until it shows a clock, and
// returns the time left it shows last.
func clockOn(t *testing.T, c *sshtest.Client, w, h int) string {
	t.Helper()
	var m [][]string
	require.Eventually(t, func() bool {
		c.Resize(w, h)
		time.Sleep(100 * time.Millisecond)
		m = clockRe.FindAllStringSubmatch(c.Text(), -1)
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "no clock: %q", sshtest.LastBytes(c.Text(), 400))
	return m[len(m)-1][3]
}

// F10 gives the round under way a minute on its timer: every attendee's
// quiz shows the time left from then on, counting down each second, in
// words in the last minute; a second F10 moves their clocks on by a
// minute; when the time runs out the round ends by itself, and the clock
// goes.
func TestDashboardTimerEndsTheRound(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	// The dashboard's clock is moved by hand, from the real time the
	// attendee's explorer reads.
	at := time.Now()
	now = func() time.Time { return at }
	defer func() { now = time.Now }()
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	assert.Contains(t, d.status, "no quiz round under way")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	require.NoError(t, c.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	assert.NotContains(t, c.Text(), " left · your answers", "no timer yet")
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	require.NotNil(t, cmd, "the clock starts")
	assert.Equal(t, "round 1 closes in 1:00 (F10 adds a minute; F4 ends it now)", d.status)
	assert.True(t, d.warned, "told the minute left as the clock starts: no notice a second later")
	require.NoError(t, c.RedrawUntil("Quiz · round 1 · only ", 100, 30, 10*time.Second), "a minute: the last one")
	assert.Contains(t, c.Text(), ": send your answer before it runs out")
	first := clockOn(t, c, 100, 30)
	assert.Regexp(t, `^(1:00|0:5\d)$`, first)
	// The clock moves on by itself (each redraw shows what it last read).
	require.Eventually(t, func() bool { return clockOn(t, c, 100, 30) != first }, 10*time.Second, 200*time.Millisecond)

	_, cmd = d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	assert.Nil(t, cmd, "one countdown at a time")
	assert.Equal(t, "round 1 closes in 2:00 (F10 adds a minute; F4 ends it now)", d.status)
	require.Eventually(t, func() bool { return strings.HasPrefix(clockOn(t, c, 100, 30), "1:5") }, 10*time.Second, 200*time.Millisecond,
		"a minute more on the attendee's clock")

	at = at.Add(65 * time.Second)
	d.Update(timerTick{})
	assert.Equal(t, "round 1 closes in 0:55 (F10 adds a minute; F4 ends it now)", d.status)
	require.NoError(t, c.RedrawUntil("round 1 closes in 1 minute", 100, 30, 10*time.Second))
	at = at.Add(55 * time.Second)
	_, cmd = d.Update(timerTick{})
	assert.Nil(t, cmd, "the clock stops")
	assert.True(t, s.Room().Tally().Round.Ended)
	assert.Equal(t, "time is up: round ended, every attendee sees the worked solution", d.status)
	require.NoError(t, c.RedrawUntil("IDCG@", 100, 30, 10*time.Second), "the working")
	assert.NotContains(t, c.Text(), " left", "the clock has gone")
}

// An attendee in another view reads the time left on their title line;
// one who joins during a timed round, or comes back to it with their
// code, sees its clock from their first frame.
func TestTimedRoundClockForEveryAttendee(t *testing.T) {
	s, addr := startServer(t, serve.Config{})
	ada := sshtest.Connect(t, addr, "ada", 80, 24)
	defer ada.Close()
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	require.NoError(t, ada.RedrawUntil("enter sends it to the instructor", 80, 24, 10*time.Second))
	d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF10})
	require.Eventually(t, func() bool { return strings.HasPrefix(clockOn(t, ada, 80, 24), "2:5") }, 10*time.Second, 200*time.Millisecond)

	ada.Send("\x1bOP") // F1: the explorer
	require.NoError(t, ada.RedrawUntil(" left [explorer]", 80, 24, 10*time.Second))
	assert.Regexp(t, `round 1: 2:5\d left \[explorer\]`, ada.Text())

	bob := sshtest.Connect(t, addr, "bob", 60, 20)
	defer bob.Close()
	require.NoError(t, bob.WaitFor("Quiz · round 1 · 2:5", 10*time.Second), "a latecomer")

	ada.Close()
	require.Eventually(t, func() bool { return s.Room().Count() == 1 }, 5*time.Second, 20*time.Millisecond)
	back := sshtest.Connect(t, addr, "ada+"+code, 80, 24)
	defer back.Close()
	require.NoError(t, back.WaitFor("Quiz · round 1 · 2:5", 10*time.Second), "back mid-round")

	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	require.NoError(t, back.RedrawUntil("IDCG@", 80, 24, 10*time.Second))
	assert.NotContains(t, back.Text(), " left")
	require.NoError(t, bob.RedrawUntil("IDCG@", 60, 20, 10*time.Second))
	assert.NotContains(t, bob.Text(), " left")
}

// F7 shows the room from wherever the dashboard is: after F3 put the
// tally over it, F7 brings the room back (it closed it, and the
// instructor's next enter edited the projected list); F7 over the room
// itself closes it.
func TestDashboardF7ShowsTheRoom(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	body := func() string { return ansi.Strip(d.View().Content) }
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	require.Contains(t, body(), "The room · 0 connected")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	require.Contains(t, body(), "Quiz round 1")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	assert.Contains(t, body(), "The room · 0 connected · round 1 under way")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	assert.Contains(t, body(), "The room · 0 connected", "over the steps too")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF7})
	assert.NotContains(t, body(), "The room ·")
	assert.Contains(t, body(), "[Explorer]")
}

// At 80×24 the dashboard's keys take more lines than the screen has: the
// help scrolls (its last line says so) down to its last key, q.
func TestDashboardHelpScrolls(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.Update(tea.KeyPressMsg{Code: '?', Text: "?"})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "The dashboard's keys")
	assert.Regexp(t, `lines 1–\d+ of \d+ · ↑/↓ pgup/pgdn scroll`, screen)
	assert.NotContains(t, screen, "q     stop serving")
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	screen = ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "q     stop serving (asks first while attendees are connected)")
	assert.Contains(t, screen, "Every other key is your explorer's")
	d.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	assert.NotContains(t, ansi.Strip(d.View().Content), "The dashboard's keys")
}
