package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// line is line i of the screen, without its trailing blanks.
func line(m tea.Model, i int) string {
	return strings.TrimRight(strings.Split(screen(m), "\n")[i], " ")
}

// stoppedClock is a clock that reads *at, for a test to move by hand.
func stoppedClock(t *testing.T, at *time.Time) {
	uitest.UseClock(t, &frame.Now, func() time.Time { return *at })
}

// The instructor's timer shows on the quiz's heading as the time left,
// read again each second (the explorer asks for a tick only while it
// runs), jumping when the instructor adds a minute, in words in the
// last minute, and gone when the round ends.
func TestRoundClockCountsDownOnTheQuizHeading(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := remoteModel(t, 80, 24, Options{})
	m.Update(RoomRound{ID: 2, Seed: 218250, Round: 2, Settings: linearK5()})
	assert.Equal(t, "Quiz · round 2 · your answers: 0 of 0 right · seed 218250", line(m, 3), "no timer, no clock")
	assert.False(t, m.ticking, "no timer, no tick")

	deadline := at.Add(3*time.Minute + 41*time.Second)
	_, cmd := m.Update(RoomTimer{ID: 2, Deadline: deadline})
	require.NotNil(t, cmd, "the clock ticks")
	assert.True(t, m.ticking)
	assert.Equal(t, "Quiz · round 2 · 3:41 left · your answers: 0 of 0 right · seed 218250", line(m, 3))
	assert.Contains(t, screen(m), "round 2 now has 3:41 on its clock: send your answer before it runs out")
	assert.NotContains(t, line(m, 0), "left", "the heading has the clock: the title line does not")

	// 0.4 s later 3:40.6 is left: shown 3:41 until a whole second goes.
	at = at.Add(400 * time.Millisecond)
	m.Update(clockTick{})
	assert.Contains(t, line(m, 3), "· 3:41 left ·")
	at = at.Add(600 * time.Millisecond)
	m.Update(clockTick{})
	assert.Contains(t, line(m, 3), "· 3:40 left ·")
	assert.True(t, m.ticking)

	// F10: a minute more. A deadline that arrives late, earlier than
	// the one known, changes nothing.
	m.Update(RoomTimer{ID: 2, Deadline: deadline.Add(time.Minute)})
	assert.Contains(t, line(m, 3), "· 4:40 left ·")
	assert.Contains(t, screen(m), "round 2 now has 4:40 on its clock: send your answer before it runs out")
	m.Update(RoomTimer{ID: 2, Deadline: deadline})
	assert.Contains(t, line(m, 3), "· 4:40 left ·")

	// The last minute says so in words too (no colour here: NO_COLOR).
	at = deadline.Add(time.Minute - 42*time.Second)
	m.Update(clockTick{})
	assert.Contains(t, line(m, 3), "· only 0:42 left ·")
	typeText(m, "0.80")
	press(m, "enter")
	assert.Contains(t, line(m, 3), "· only 0:42 left ·", "an answer sent keeps the clock")

	m.Update(RoomRoundEnd{ID: 2})
	assert.Equal(t, "Quiz · round 2 · your answers: 0 of 1 right · seed 218250", line(m, 3), "the clock has gone")
	m.Update(clockTick{})
	assert.False(t, m.ticking, "and stopped ticking")
	assert.NotContains(t, screen(m), " left")
}

// At zero the clock says the time is up, and stops: the server ends the
// round (RoomRoundEnd), which takes it away.
func TestRoundClockStopsAtZero(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := remoteModel(t, 80, 24, Options{})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	m.Update(RoomTimer{ID: 1, Deadline: at.Add(time.Second)})
	assert.Contains(t, line(m, 3), "· only 0:01 left ·")
	at = at.Add(time.Second)
	m.Update(clockTick{})
	assert.Contains(t, line(m, 3), "· time is up ·")
	assert.False(t, m.ticking, "nothing more to count")
}

// In another view the title line carries the clock, short, before the
// view's name; at 60 columns too, where the list's title gives way to it.
// Back in the quiz, the heading has it again.
func TestRoundClockOnTheTitleLineElsewhere(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	for _, w := range []int{80, 60} {
		m := remoteModel(t, w, 20, Options{})
		m.Update(RoomRound{ID: 2, Seed: 218250, Round: 2, Settings: linearK5()})
		m.Update(RoomTimer{ID: 2, Deadline: at.Add(3*time.Minute + 41*time.Second)})
		press(m, "f1")
		top := line(m, 0)
		assert.True(t, strings.HasSuffix(top, " round 2: 3:41 left [explorer]"), "%d columns: %q", w, top)
		assert.LessOrEqual(t, len([]rune(top)), w)
		press(m, "0")
		assert.True(t, strings.HasSuffix(line(m, 0), " round 2: 3:41 left [explorer] modified"), "an edit: %q", line(m, 0))
		press(m, "f10")
		assert.NotContains(t, line(m, 0), "left")
		press(m, "v")
		assert.True(t, strings.HasSuffix(line(m, 0), " round 2: 3:41 left [quiz] modified"), "the view menu over the quiz: %q", line(m, 0))
		press(m, "esc")
		assert.NotContains(t, line(m, 0), "left")
		assert.Contains(t, line(m, 3), "· 3:41 left ·")
		if w == 60 {
			// The seed gives way: the heading keeps to one line.
			assert.Equal(t, "Quiz · round 2 · 3:41 left · your answers: 0 of 0 right", line(m, 3))
		}
	}
}

// The last minute is drawn in the style sheet's warning style, on the
// heading and the title line alike.
func TestRoundClockWarnsInTheLastMinute(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	m.Update(RoomTimer{ID: 1, Deadline: at.Add(2 * time.Minute)})
	warn := m.c.Styles.WarnInk
	require.NotEmpty(t, warn.Pre, "a style sheet with colour")
	assert.Contains(t, m.View().Content, "2:00 left")
	assert.NotContains(t, m.View().Content, warn.Paint("2:00 left"))
	at = at.Add(time.Minute + 18*time.Second)
	m.Update(clockTick{})
	assert.Contains(t, m.View().Content, warn.Paint("only 0:42 left"))
	press(m, "f1")
	assert.Contains(t, m.View().Content, "round 1: "+warn.Paint("only 0:42 left"))
}

// One who joins or comes back during a timed round sees its clock from
// the first frame (the round carries its deadline), and a timer that
// arrives before its round is kept for it.
func TestRoundClockForOneWhoJoinsLate(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := remoteModel(t, 80, 24, Options{})
	_, cmd := m.Update(RoomRound{ID: 3, Seed: 7, Round: 3, Settings: linearK5(), Answer: "0.50", Deadline: at.Add(90 * time.Second)})
	require.NotNil(t, cmd)
	assert.Contains(t, line(m, 3), "Quiz · round 3 · 1:30 left ·")
	assert.Contains(t, screen(m), "round 3 is under way and your answer 0.50 counts")

	m = remoteModel(t, 80, 24, Options{})
	m.Update(RoomTimer{ID: 4, Deadline: at.Add(time.Minute)})
	assert.False(t, m.ticking, "no round of that number on the quiz yet")
	assert.NotContains(t, screen(m), "on its clock")
	m.Update(RoomRound{ID: 4, Seed: 7, Round: 4, Settings: linearK5()})
	assert.Contains(t, line(m, 3), "Quiz · round 4 · only 1:00 left ·")
	assert.True(t, m.ticking)
}

// On a screen too short for the quiz's heading, the title line keeps the
// clock in sight.
func TestRoundClockOnAShortQuiz(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := remoteModel(t, 50, 12, Options{})
	m.Update(RoomRound{ID: 2, Seed: 218250, Round: 2, Settings: linearK5()})
	m.Update(RoomTimer{ID: 2, Deadline: at.Add(3*time.Minute + 41*time.Second)})
	assert.NotContains(t, screen(m), "Quiz · round 2", "no room for the heading")
	assert.True(t, strings.HasSuffix(line(m, 0), " round 2: 3:41 left [quiz]"), "%q", line(m, 0))
}

// A step of the guided path sent during a timed round covers the quiz:
// a minute more reaches the step's screen as news, as the room's notices
// do.
func TestRoundClockNewsReachesAStep(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	stoppedClock(t, &at)
	m := remoteModel(t, 80, 24, Options{})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	st, err := learn.At(1)
	require.NoError(t, err)
	doc, err := st.Doc()
	require.NoError(t, err)
	m.Update(Offer{Doc: doc, Settings: st.Opens, Step: 1})
	at = at.Add(time.Second)
	press(m, "enter")
	require.Contains(t, screen(m), "Step 1 of 13")
	m.Update(RoomTimer{ID: 1, Deadline: at.Add(2 * time.Minute)})
	assert.Contains(t, screen(m), "round 1 now has 2:00 on its clock: send your answer before it runs out")
}
