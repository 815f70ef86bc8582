package dashboard

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// F1 sends a step of the guided path: the dashboard lists the steps and
// a digit sends one. The attendee opens step 3 and answers it right:
// IDCG@5 of 3,2,3,0,1 under exponential gain, from the ideal order
// 3,3,2,1,0, is 7/1 + 7/log2(3) + 3/2 + 1/log2(5) + 0/log2(6)
// = 7 + 4.4165 + 1.5 + 0.4307 = 13.3472; q takes them back to their own
// list. One who joins later is offered the step too, and one whose
// connection drops in the middle of it again as they come back; after a
// restart as well.
func TestDashboardSendsALessonStep(t *testing.T) {
	dir := t.TempDir()
	s, addr := serveOn(t, dir, serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	ada := sshtest.Connect(t, addr, "ada", 80, 24)
	defer ada.Close()
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))

	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "Send a step of the guided path to the room\n 1  gain and discount\n 2  DCG\n 3  the ideal ranking and IDCG\n")
	assert.Contains(t, screen, "a step's number (1–13) sends it to the room; esc sends none")
	d.Update(tea.KeyPressMsg{Code: '0', Text: "0"})
	assert.Contains(t, ansi.Strip(d.View().Content), "a step's number, 1 to 13, sends it to the room; esc sends none")
	d.Update(tea.KeyPressMsg{Code: '3', Text: "3"})
	screen = ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "sent step 3 (the ideal ranking and IDCG) to 1 session: each is asked")
	assert.NotContains(t, screen, "Send a step of the guided path", "the list of steps closes")
	assert.Equal(t, 3, s.Room().SentStep())

	// (The status line follows the attendee's first words, their code,
	// and is cut at 80 columns: the footer names the offer whole.)
	require.NoError(t, ada.WaitFor("step 3 from the instructor: enter open it • esc keep yours", 10*time.Second))
	ada.Answer("\r")
	require.NoError(t, ada.RedrawUntil("Step 3 of 13: the ideal ranking and IDCG", 80, 24, 10*time.Second))
	ada.Answer("13.35\r")
	require.NoError(t, ada.RedrawUntil("✓ Right: IDCG@5 = ", 80, 24, 10*time.Second))
	ada.Answer("q")
	require.NoError(t, ada.RedrawUntil("back to your list, as you left it (step 3 closed)", 80, 24, 10*time.Second))
	assert.Contains(t, ada.Text(), ndcgStart, "their own list: 3,2,3,0,1 under the server's conventions")

	bob := sshtest.Connect(t, addr, "bob", 80, 24)
	defer bob.Close()
	code := bob.Code("bob")
	require.NoError(t, bob.WaitFor("step 3 from the instructor: enter open it • esc keep yours", 10*time.Second))
	// One whose connection drops in the middle of the step is offered
	// it again when they come back: their explorer does not keep it.
	bob.Answer("\r")
	require.NoError(t, bob.RedrawUntil("Step 3 of 13", 80, 24, 10*time.Second))
	bob.Close()
	require.Eventually(t, func() bool { return s.Room().Count() == 1 }, 5*time.Second, 20*time.Millisecond)
	again := sshtest.Connect(t, addr, "bob+"+code, 80, 24)
	defer again.Close()
	require.NoError(t, again.WaitFor("step 3 from the instructor: enter open it • esc keep yours", 10*time.Second))

	path := filepath.Join(dir, serve.StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), `"offer_step": 3`)
	}, 5*time.Second, 50*time.Millisecond)
	kept, err := os.ReadFile(path)
	require.NoError(t, err)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, serve.StateFile), kept, 0o600))
	s2, addr2 := serveOn(t, other, serve.Config{})
	assert.Equal(t, 3, s2.Room().SentStep())
	cy := sshtest.Connect(t, addr2, "cy", 80, 24)
	defer cy.Close()
	require.NoError(t, cy.WaitFor("step 3 from the instructor: enter open it • esc keep yours", 10*time.Second))
	// During a round, the status says the step waits behind an answer
	// being typed.
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	d.Update(tea.KeyPressMsg{Code: '3', Text: "3"})
	assert.Contains(t, strings.Join(strings.Fields(ansi.Strip(d.View().Content)), " "), "sent step 3 (the ideal ranking and IDCG) to 2 sessions; round 1 is under way: one typing an answer is asked once it is sent")
}

// Quiz answers from three attendees named student are three names in
// the tally (F6), never one name three times.
func TestLabTallyNamesEach(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	var ms []*serve.Member
	for i := range 3 {
		m, ok := s.Room().Join("student", "", "10.0.0.1:"+string(rune('1'+i)), "")
		require.True(t, ok)
		ms = append(ms, m)
	}
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	// 0.76 is NDCG@3 of seed 7's first question under linear gain, as in
	// TestDashboardCountsAnswersOfThoseWhoLeft.
	s.Room().Answer(ms[0].ID, ui.RoomAnswer{ID: rd.ID, Text: "0.76"})
	s.Room().Answer(ms[2].ID, ui.RoomAnswer{ID: rd.ID, Text: "0.76"})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), "no answer yet: student-2\n")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	assert.Contains(t, ansi.Strip(d.View().Content), "  2 used gain linear (not exp): student, student-3\n")
}

// An attendee who answers, drops and comes back is one attendee in the
// tally: connected, counted once, their second answer replacing the
// first. The true value is NDCG@3 of seed 7's first question, 0.8262
// (as in TestDashboardCountsAnswersOfThoseWhoLeft).
func TestReconnectKeepsThePlaceInARound(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{})
	ada, ok := s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	bob, ok := s.Room().Join("bob", "", "127.0.0.1:2", "")
	require.True(t, ok)
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.76"})
	s.Room().Answer(bob.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	s.Room().Leave(ada)
	again, ok := s.Room().Join("ada", ada.Code, "127.0.0.1:3", "")
	require.True(t, ok)
	assert.Equal(t, ada.ID, again.ID)
	s.Room().Answer(again.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "answered 2 of 2 connected · 2 right · true value 0.8262")
	assert.NotContains(t, screen, "who left")
}

// A server killed during a timed round and started again after its time
// ran out ends the round as its dashboard starts, before any attendee is
// back: an attendee who had answered finds the answer in their score
// when they reconnect (round 1 of seed 7, exp gain: NDCG@3 = 3 / (3 +
// 1/log2(3)) = 0.8262, so 0.83 is right), and the state keeps the score
// as counting that round, for a second restart not to count it again.
func TestARestartScoresARoundEndedBeforeTheAttendeeIsBack(t *testing.T) {
	dir := t.TempDir()
	s, addr := serveOn(t, dir, serve.Config{})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	defer ada.Close()
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, ada.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	ada.Send("0.83\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	// A minute on the timer, from an hour ago: the time runs out while
	// the server is down.
	_, _, ok := s.Room().AddTime(time.Now().Add(-time.Hour), time.Minute)
	require.True(t, ok)

	// The state as a kill leaves it: what the file held a second later.
	path := filepath.Join(dir, serve.StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), `"text": "0.83"`) && strings.Contains(string(data), `"deadline"`)
	}, 5*time.Second, 50*time.Millisecond)
	killed, err := os.ReadFile(path)
	require.NoError(t, err)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, serve.StateFile), killed, 0o600))

	s2, addr2 := serveOn(t, other, serve.Config{})
	d := New(s2, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	require.NotNil(t, d.Init())
	d.Update(timerTick{})
	require.True(t, s2.Room().Tally().Round.Ended)
	back := sshtest.Connect(t, addr2, "ada+"+code, 100, 30)
	// (Her list unedited, the file kept none: she is on the served one.)
	require.NoError(t, back.WaitFor("welcome back: round 1 ended while you were away: "+
		"your answer is scored, 1 of 1 right", 10*time.Second))
	back.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, back.RedrawUntil("your answers: 1 of 1 right", 100, 30, 10*time.Second))
	path2 := filepath.Join(other, serve.StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path2)
		return err == nil && regexp.MustCompile(`"right": 1,\s*"total": 1,\s*"ended": `+strconv.Itoa(rd.ID)).Match(data)
	}, 5*time.Second, 50*time.Millisecond)
	back.Close()
	emptied(t, s2)
	again := sshtest.Connect(t, addr2, "ada+"+code, 100, 30)
	defer again.Close()
	require.NoError(t, again.WaitFor("welcome back", 10*time.Second))
	again.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, again.RedrawUntil("your answers: 1 of 1 right", 100, 30, 10*time.Second))
	assert.NotContains(t, again.Text(), "ended while you were away")
}

// The dashboard counts failed attempts, those slowed past the budget,
// and the address most of them came from.
func TestDashboardCountsFailedAttempts(t *testing.T) {
	s, addr := startServer(t, serve.Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Millisecond})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.Update(roomChanged{})
	assert.NotContains(t, ansi.Strip(d.View().Content), "failed attempt")
	for range 3 {
		_, err := sshtest.Dial(addr, "mallory", "guess", nil)
		require.Error(t, err)
	}
	d.Update(roomChanged{})
	assert.Contains(t, ansi.Strip(d.View().Content), "0 connected · passphrase on · 3 failed attempts, 1 slowed, most from 127.0.0.1 · ssh -p 23234 127.0.0.1")
}

// At 80 columns the failed attempts leave the ssh command whole on the
// first line and go to the host key's line.
func TestDashboardFailedAttemptsAt80Columns(t *testing.T) {
	s, addr := startServer(t, serve.Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Millisecond})
	for range 3 {
		_, err := sshtest.Dial(addr, "mallory", "guess", nil)
		require.Error(t, err)
	}
	d := New(s, &net.TCPAddr{IP: net.IPv4(192, 168, 100, 123), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	d.log.add("ada connected")
	d.Update(roomChanged{})
	lines := strings.Split(ansi.Strip(d.View().Content), "\n")
	assert.Equal(t, "ndcg-explorer serve · 0 connected · passphrase on · ssh -p 23234 192.168.100.123", lines[0])
	assert.Equal(t, "host key "+s.Fingerprint()+" · 3 failed", lines[3])
	for _, l := range lines[:d.headerH] {
		assert.NotContains(t, l, "…")
	}
}

// F11 forgives an address its failed attempts: its next wrong passphrase
// waits the failure delay again, not the penalty, and the right one got
// in all along.
func TestDashboardForgivesSlowedAddresses(t *testing.T) {
	s, addr := startServer(t, serve.Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Hour})
	for range 2 {
		_, err := sshtest.Dial(addr, "mallory", "guess", nil)
		require.Error(t, err)
	}
	c, err := sshtest.Dial(addr, "alice", "ndcg at 5", nil)
	require.NoError(t, err, "the right passphrase is never refused")
	c.Close()
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF11})
	assert.Equal(t, "failed attempts forgotten: 0 addresses no longer slowed", d.status)
	t0 := time.Now()
	_, err = sshtest.Dial(addr, "mallory", "guess", nil)
	require.Error(t, err)
	assert.Less(t, time.Since(t0), time.Minute)
}

// keptRoom is a server started again on the room that run left in its
// state directory (what a kill leaves: the file as saved after run).
func keptRoom(t *testing.T, run func(*serve.Server)) (*serve.Server, string) {
	t.Helper()
	dir := t.TempDir()
	s, _ := serveOn(t, dir, serve.Config{})
	run(s)
	path := filepath.Join(dir, serve.StateFile)
	var kept []byte
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		kept = data
		return err == nil && strings.Contains(string(data), `"deadline"`)
	}, 5*time.Second, 50*time.Millisecond)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, serve.StateFile), kept, 0o600))
	return serveOn(t, other, serve.Config{})
}

// A timed round's deadline is kept with the round (serve's state_test.go):
// the dashboard of a server started again on the state goes on counting
// down; a round whose time ran out while the server was stopped ends as
// the dashboard starts, as it would have.
func TestDashboardCountsDownAKeptDeadline(t *testing.T) {
	t.Parallel()
	s, _ := keptRoom(t, func(s *serve.Server) {
		s.Room().StartRound(7, 1, ndcg.DefaultSettings())
		_, _, ok := s.Room().AddTime(time.Now().Add(-time.Minute), 2*time.Minute)
		require.True(t, ok)
	})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	require.NotNil(t, d.Init())
	d.Update(timerTick{})
	assert.Regexp(t, `^round 1 closes in (1:00|0:5\d) \(F10 adds a minute; F4 ends it now\)$`, d.status)

	// Its time ran out while the server was stopped.
	s, _ = keptRoom(t, func(s *serve.Server) {
		s.Room().StartRound(7, 1, ndcg.DefaultSettings())
		_, _, ok := s.Room().AddTime(time.Now().Add(-2*time.Minute), time.Minute)
		require.True(t, ok)
	})
	d = New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	require.NotNil(t, d.Init())
	d.Update(timerTick{})
	assert.True(t, s.Room().Tally().Round.Ended)
	assert.Equal(t, "time is up: round ended, every attendee sees the worked solution", d.status)
}

// A class of 20 (s00, s01, …) answered a round of seed 7's first
// question (NDCG@3 = 3/(3 + 1/log2 3) = 0.8262): while the round is
// under way the dashboard (often the room's projector) shows how many
// answered, and nothing of the answers; ended (F4), the groups, names
// hidden until F6. (serve's class_test.go has the class answer over SSH
// and the tally's numbers.)
func TestDashboardTallyOfAClass(t *testing.T) {
	t.Parallel()
	s, _ := startServer(t, serve.Config{MaxSessions: 20})
	answers := map[string][]string{}
	var all []string
	for _, a := range []struct {
		answer string
		n      int
	}{{"0.76", 6}, {"0.82", 5}, {"0.83", 4}, {"0.70", 3}, {"0.31", 2}} {
		for range a.n {
			all = append(all, a.answer)
		}
	}
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	for i, a := range all {
		name := fmt.Sprintf("s%02d", i)
		m, ok := s.Room().Join(name, "", "127.0.0.1:1", "")
		require.True(t, ok)
		s.Room().Answer(m.ID, ui.RoomAnswer{ID: rd.ID, Text: a})
		answers[a] = append(answers[a], name)
	}

	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	d.Update(roomChanged{})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF5})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "answered 20 of 20 connected\n"+HiddenUntilEnd+"\n")
	for _, spoiler := range []string{"0.8262", "right", "0.83", "✓", "used gain linear"} {
		assert.NotContains(t, screen, spoiler)
	}

	d.Update(tea.KeyPressMsg{Code: tea.KeyF4})
	screen = ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "answered 20 of 20 connected · 4 right · true value 0.8262")
	assert.Contains(t, screen, "  6 used gain linear (not exp)\n")
	assert.Contains(t, screen, "  2 unexplained\n")
	assert.Contains(t, screen, "names hidden: F6 shows them")
	assert.NotContains(t, screen, "s00")
	d.Update(tea.KeyPressMsg{Code: tea.KeyF6})
	screen = ansi.Strip(d.View().Content)
	assert.Contains(t, screen, "  2 unexplained: "+strings.Join(answers["0.31"], ", "))
}

// TestDashboardSendsATwoDigitStep: with thirteen steps, a 1 waits for a
// second digit (10 to 13) or enter (step 1 alone), where each digit
// sent a step at once and steps past 9 could not be sent.
func TestDashboardSendsATwoDigitStep(t *testing.T) {
	s, _ := serveOn(t, t.TempDir(), serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	d.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	assert.Contains(t, ansi.Strip(d.View().Content), "step 1…: enter sends step 1, a second digit step 10 to 13")
	assert.Equal(t, 0, s.Room().SentStep(), "not yet")
	d.Update(tea.KeyPressMsg{Code: '2', Text: "2"})
	assert.Contains(t, ansi.Strip(d.View().Content), "sent step 12 (trec_eval against scikit-learn)")
	assert.Equal(t, 12, s.Room().SentStep())

	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	d.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	assert.Equal(t, 1, s.Room().SentStep())
	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	d.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	d.Update(tea.KeyPressMsg{Code: '7', Text: "7"})
	assert.Contains(t, ansi.Strip(d.View().Content), "a step's number, 1 to 13, sends it to the room")
	assert.Equal(t, 1, s.Room().SentStep(), "17 is no step")
}

// TestDashboardSendsALessonFilesSteps: with serve --lesson (learn.Use),
// F1 lists the lesson's steps and sends them: the instructor's example
// lesson's step 2, a tie across the cutoff.
func TestDashboardSendsALessonFilesSteps(t *testing.T) {
	p, err := learn.ReadFile(filepath.Join("..", "..", "docs", "lessons", "ties-and-cutoffs.md"))
	require.NoError(t, err)
	was := learn.Use(p)
	t.Cleanup(func() { learn.Use(was) })
	s, addr := serveOn(t, t.TempDir(), serve.Config{})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	ada := sshtest.Connect(t, addr, "ada", 80, 24)
	defer ada.Close()
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	d.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	screen := ansi.Strip(d.View().Content)
	assert.Contains(t, screen, " 1  the top three\n 2  a tie across the cutoff\n 3  a missed document\n")
	assert.Contains(t, screen, "a step's number (1–4)")
	d.Update(tea.KeyPressMsg{Code: '2', Text: "2"})
	assert.Contains(t, ansi.Strip(d.View().Content), "sent step 2 (a tie across the cutoff)")
	require.NoError(t, ada.WaitFor("step 2 from the instructor: enter open it", 10*time.Second))
	ada.Answer("\r")
	require.NoError(t, ada.RedrawUntil("Step 2 of 4: a tie across the cutoff", 80, 24, 10*time.Second))
	// NDCG@2 under worst ties: 3 / (3 + 2/log2 3) = 0.7039.
	ada.Answer("0.70\r")
	require.NoError(t, ada.RedrawUntil("✓ Right: NDCG@2 = ", 80, 24, 10*time.Second))
}
