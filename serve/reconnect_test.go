package serve

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// An attendee whose connection drops (a laptop put to sleep, the room's
// network) connects again as before and finds the list they left with;
// another name, or the same name from another machine, starts on the
// served list.
func TestReconnectGetsTheListBack(t *testing.T) {
	t.Parallel()
	var events []string
	logged := make(chan string, 16)
	s, addr := startServer(t, Config{Log: func(line string) { logged <- line }})
	c := sshtest.Connect(t, addr, "ada", 80, 24)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	c.Send("\x1b[B0") // down, grade 0
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	c.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 80, 24)
	defer back.Close()
	require.NoError(t, back.WaitFor(ndcgEdited, 10*time.Second))
	require.NoError(t, back.WaitFor("welcome back: your list is as you left it", 10*time.Second))
	members := s.Room().Members()
	require.Len(t, members, 1)
	assert.True(t, members[0].Back)

	bob := sshtest.Connect(t, addr, "bob", 80, 24)
	defer bob.Close()
	require.NoError(t, bob.WaitFor(ndcgStart, 10*time.Second))
	assert.NotContains(t, bob.Text(), "welcome back")

	// The same name without the code is another attendee.
	m, ok := s.room.Join("ada", "", "127.0.0.1:50000", "")
	require.True(t, ok)
	assert.False(t, m.Back)
	assert.Nil(t, m.kept)

	for len(events) < 3 {
		select {
		case e := <-logged:
			events = append(events, e)
		case <-time.After(5 * time.Second):
			t.Fatalf("events so far: %q", events)
		}
	}
	assert.Regexp(t, `^ada joined from 127\.0\.0\.1:\d+ \(1 in the room\)$`, events[0])
	assert.Regexp(t, `^ada left \(0 in the room\)$`, events[1])
	assert.Regexp(t, `^ada is back, on the list they left with, from 127\.0\.0\.1:\d+ \(1 in the room\)$`, events[2])
}

// The lists kept for attendees who left are bounded: past
// keptPerPlace per place, those with no work go first, oldest first; a
// list with work stays until keptWorkPerPlace per place, and one dropped
// there is named in the log.
func TestKeptListsWithWorkAreNeverEvictedForEmptyOnes(t *testing.T) {
	r := newRoom(1, 10, nil)
	r.start = []byte("the start")
	var logged []string
	r.log = func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }
	ada, _ := r.Join("ada", "", "127.0.0.1:1", "")
	ada.kept = &keptList{modified: true} // her edits
	r.Leave(ada)
	code := r.left[0].code
	// A churner: hundreds of sessions that leave nothing but entries.
	for range 100 * keptWorkPerPlace {
		m, ok := r.Join("churn", "", "127.0.0.1:2", "")
		require.True(t, ok)
		r.Leave(m)
	}
	assert.LessOrEqual(t, len(r.left), keptPerPlace)
	m, _ := r.Join("x", code, "127.0.0.1:3", "")
	assert.True(t, m.Back, "ada's list with edits was kept through the churn")
	assert.Equal(t, "ada", m.Name)
	r.Leave(m)
	assert.Empty(t, logged)
	// Only lists with work: the oldest goes past the bound on memory,
	// and the log says whose.
	for i := range keptWorkPerPlace {
		m, _ := r.Join(fmt.Sprint("w", i), "", "127.0.0.1:4", "")
		m.kept = &keptList{total: 1} // a score
		r.Leave(m)
	}
	assert.Len(t, r.left, keptWorkPerPlace)
	require.Len(t, logged, 1)
	assert.Contains(t, logged[0], "dropped ada's kept list, with their work")
}

// An attendee who comes back is not asked again about a list they
// answered, but is offered one sent while they were away.
func TestReconnectOffersOnlyWhatWasMissed(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	sent, err := listio.Inline("1,0,2", "")
	require.NoError(t, err)
	_, err = s.Room().SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	// (The footer names the keys; the status line's prompt follows the
	// attendee's welcome, cut at 90 columns.)
	const prompt = "list from the instructor: enter open it • esc keep yours"
	c := sshtest.Connect(t, addr, "ada", 90, 30)
	code := c.Code("ada")
	require.NoError(t, c.WaitFor(prompt, 10*time.Second))
	c.Answer("\x1b")
	require.NoError(t, c.RedrawUntil("kept your list", 90, 30, 10*time.Second))
	c.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 90, 30)
	// (No resize before the explorer has drawn: the SSH library reads
	// the window size at start without a lock.)
	require.NoError(t, back.WaitFor(ndcgStart, 10*time.Second))
	require.NoError(t, back.RedrawUntil("welcome back: your list is as you left it", 90, 30, 10*time.Second))
	// An offer would reach the explorer just after it starts: a redraw a
	// moment later would show it.
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, back.RedrawUntil("welcome back: your list is as you left it", 91, 30, 10*time.Second))
	assert.NotContains(t, back.Text(), prompt)
	back.Close()
	emptied(t, s)

	_, err = s.Room().SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	again := sshtest.Connect(t, addr, "ada+"+code, 90, 30)
	defer again.Close()
	// The offer follows the welcome on the status line, cut there: the
	// footer names the keys that answer it.
	require.NoError(t, again.WaitFor("welcome back: your list is as you left it; the instructor sent a list: enter to open", 10*time.Second))
	require.NoError(t, again.WaitFor("list from the instructor: enter open it • esc keep yours", 10*time.Second))
}

// An attendee who answered, dropped and came back mid-round finds the
// answer they gave in the quiz's field, said to be counted, and their
// verdict when the round ends (round 1 of seed 7: NDCG@3 = 0.8262, as
// in TestReconnectKeepsThePlaceInARound).
func TestReconnectShowsTheAnswerGiven(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 90, 30)
	code := c.Code("ada")
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.RedrawUntil("the instructor started a", 90, 30, 10*time.Second))
	c.Send("0.83\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	c.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 90, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("NDCG@3 = [0.83", 10*time.Second))
	require.NoError(t, back.WaitFor("welcome back: your list and your answer are as you left them", 10*time.Second))
	require.NoError(t, back.RedrawUntil("answer sent and counted: the working comes when the round ends", 90, 30, 10*time.Second))
	tally := s.Room().Tally()
	assert.Equal(t, 1, tally.Answered)
	assert.Empty(t, tally.Waiting, "the attendee back is not waited for")
	s.Room().EndRound()
	require.NoError(t, back.RedrawUntil("Right: NDCG@3 = 0.8262", 90, 30, 10*time.Second))
}

// A list given back with edits the attendee had not copied is still
// modified: the title says so and q asks, saying the server keeps the
// list. Once copied before leaving, it comes back unmodified and q
// quits at once.
func TestReconnectKeepsTheListModified(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 90, 30)
	resume := c.Code("ada")
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("\x1b[B0") // down, grade 0
	require.NoError(t, c.RedrawUntil(ndcgEdited, 90, 30, 10*time.Second))
	c.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+resume, 90, 30)
	require.NoError(t, back.WaitFor(ndcgEdited, 10*time.Second))
	require.NoError(t, back.WaitFor("[explorer] modified", 10*time.Second))
	back.Send("q")
	require.NoError(t, back.RedrawUntil("Edits not copied; the server keeps your list (your key, or the ssh line", 90, 30, 10*time.Second))
	back.Answer("w")
	code, err := back.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
	emptied(t, s)

	again := sshtest.Connect(t, addr, "ada+"+resume, 90, 30)
	defer again.Close()
	require.NoError(t, again.WaitFor(ndcgEdited, 10*time.Second))
	require.NoError(t, again.WaitFor("welcome back", 10*time.Second))
	assert.NotContains(t, again.Text(), "modified", "copied before leaving")
	again.Send("q")
	code, err = again.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
}

// The quiz's score is kept with the answers: an attendee at 1 of 1 right
// who drops and comes back reads 1 of 1 right, where they read 0 of 0
// (round 1 of seed 7: NDCG@3 = 0.8262, as above).
func TestReconnectKeepsTheScore(t *testing.T) {
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	c.Send("0.83\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	s.Room().EndRound()
	require.NoError(t, c.RedrawUntil("1 of 1 right", 100, 30, 10*time.Second))
	c.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("welcome back", 10*time.Second))
	back.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, back.RedrawUntil("1 of 1 right", 100, 30, 10*time.Second))
	assert.NotContains(t, back.Text(), "0 of 0 right")
}

// An attendee who answered, dropped and came back only after the round
// ended finds their answer in their score, once: their explorer never
// saw the round end, so the room scores it for them (round 1 of seed 7:
// grades 2,0,0,1,0,0 by score, exp gain, NDCG@3 = 3 / (3 + 1/log2(3)) =
// 0.8262, so 0.83 is right).
func TestReconnectScoresTheRoundEndedWhileAway(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	c.Send("0.83\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	c.Close()
	emptied(t, s)
	require.True(t, s.Room().EndRound())

	back := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	require.NoError(t, back.WaitFor("welcome back: your list is as you left it; round 1 ended while you were away: "+
		"your answer is scored, 1 of 1 right", 10*time.Second))
	back.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, back.RedrawUntil("your answers: 1 of 1 right", 100, 30, 10*time.Second))
	back.Close()
	emptied(t, s)

	// Scored once: back again, the score is as it was.
	again := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	defer again.Close()
	require.NoError(t, again.WaitFor("welcome back: your list is as you left it", 10*time.Second))
	again.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, again.RedrawUntil("your answers: 1 of 1 right", 100, 30, 10*time.Second))
	assert.NotContains(t, again.Text(), "ended while you were away")
	assert.NotContains(t, again.Text(), "1 of 2 right")
}

// Rounds an attendee's explorer saw end it scored itself: one who saw
// the end (1 of 1 right) and then left is not scored again when they
// come back. One who answered round 2 and was away for its end and all of
// round 3 is scored for round 2 alone, once. Round 2 is question 2 of
// seed 8 (as the dashboard draws it): grades 3,2,0,0,1,1,0 by score, exp
// gain, NDCG@3 = (7 + 3/log2(3)) / (7 + 3/log2(3) + 1/2) = 8.8928 /
// 9.3928 = 0.9468 (scikit-learn's ndcg_score on gains 2^g−1:
// 0.9467676761267002), so 0.83 is wrong.
func TestRoomScoresOnlyTheRoundsNotSeenEnding(t *testing.T) {
	r := newRoom(10, 100, nil)
	ada, _ := r.Join("ada", "", "127.0.0.1:1", "")
	rd := r.StartRound(7, 1, ndcg.DefaultSettings())
	r.Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	r.EndRound()
	// Her explorer scored the round as it ended (what leave reads of a
	// member without one).
	ada.kept = &keptList{right: 1, total: 1, ended: rd.ID}
	r.Leave(ada)
	back, _ := r.Join("ada", ada.Code, "127.0.0.1:2", "")
	assert.Equal(t, [3]int{1, 1, rd.ID}, [3]int{back.kept.right, back.kept.total, back.kept.ended})
	assert.Equal(t, "welcome back", r.welcomeBack(back))

	bob, _ := r.Join("bob", "", "127.0.0.1:3", "")
	rd2 := r.StartRound(8, 2, ndcg.DefaultSettings())
	r.Answer(bob.ID, ui.RoomAnswer{ID: rd2.ID, Text: "0.83"})
	r.Leave(bob)
	r.EndRound()
	rd3 := r.StartRound(9, 3, ndcg.DefaultSettings())
	r.EndRound()
	bobBack, _ := r.Join("bob", bob.Code, "127.0.0.1:4", "")
	assert.Equal(t, [3]int{0, 1, rd3.ID}, [3]int{bobBack.kept.right, bobBack.kept.total, bobBack.kept.ended})
	assert.Equal(t, "welcome back: round 2 ended while you were away: your answer is scored, 0 of 1 right",
		r.welcomeBack(bobBack))
	r.Leave(bobBack)
	again, _ := r.Join("bob", bob.Code, "127.0.0.1:5", "")
	assert.Equal(t, [3]int{0, 1, rd3.ID}, [3]int{again.kept.right, again.kept.total, again.kept.ended})
	assert.Equal(t, "welcome back", r.welcomeBack(again))
}

// A step sent to the room is offered again to one who comes back while
// the room is on it, and not once a round has started after it: step 2
// was offered to returning attendees three rounds later.
func TestAStepIsNotOfferedAgainAfterARound(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	_, err := s.Room().SendStep(2)
	require.NoError(t, err)
	require.NoError(t, ada.RedrawUntil("step 2 from the instructor", 100, 30, 10*time.Second))
	ada.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	require.NoError(t, back.RedrawUntil("step 2 from the instructor", 100, 30, 10*time.Second))
	back.Close()
	emptied(t, s)

	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.Room().EndRound()
	again := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	defer again.Close()
	require.NoError(t, again.WaitFor("welcome back", 10*time.Second))
	time.Sleep(500 * time.Millisecond) // an offer would be on screen by now
	again.Resize(100, 30)
	require.NoError(t, again.RedrawUntil("welcome back", 100, 30, 10*time.Second))
	assert.NotContains(t, again.Text(), "step 2 from the instructor")
}
