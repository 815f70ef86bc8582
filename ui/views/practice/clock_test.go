package practice

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/room"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// The time left reads in minutes and seconds, rounded up, so that 0:00
// never shows while there is time; from 1:00 down it says "only".
func TestClockText(t *testing.T) {
	for _, c := range []struct {
		left time.Duration
		want string
	}{
		{3*time.Minute + 41*time.Second, "3:41 left"},
		{3*time.Minute + 40*time.Second + 400*time.Millisecond, "3:41 left"},
		{61 * time.Second, "1:01 left"},
		{60*time.Second + time.Millisecond, "1:01 left"},
		{60 * time.Second, "only 1:00 left"},
		{42 * time.Second, "only 0:42 left"},
		{time.Millisecond, "only 0:01 left"},
		{0, "time is up"},
		{-5 * time.Second, "time is up"},
		{75 * time.Minute, "75:00 left"},
	} {
		assert.Equal(t, c.want, ClockText(c.left), "%s", c.left)
	}
}

// The clock asks to be read again when the seconds shown change: 3:40.6
// left shows 3:41 for 0.6 s more; a whole 3:41, for a second.
func TestTickClockWaitsForTheNextSecond(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	c := &common.Common{WS: workspace.New(doc, ndcg.DefaultSettings()), Keys: common.DefaultKeyMap(), Seed: 42, Remote: true}
	q := NewQuiz(c)
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	q.RoomRound(room.RoomRound{ID: 1, Seed: 7, Round: 1, Settings: ndcg.DefaultSettings(), Deadline: at.Add(3*time.Minute + 41*time.Second)})
	next, running := q.TickClock(at.Add(400 * time.Millisecond))
	assert.True(t, running)
	assert.Equal(t, 600*time.Millisecond, next)
	next, running = q.TickClock(at)
	assert.True(t, running)
	assert.Equal(t, time.Second, next)
	_, running = q.TickClock(at.Add(4 * time.Minute))
	assert.False(t, running, "the time is up")
}
