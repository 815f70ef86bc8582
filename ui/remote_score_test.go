package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// A remote session goes on from the quiz score its attendee had
// (Remote.Right, Total), and QuizScore reads it back for the server.
func TestRemoteQuizScoreCarriesOver(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	m := NewWorkshop(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Right: 1, Total: 2}})
	right, total, _ := m.QuizScore()
	assert.Equal(t, [2]int{1, 2}, [2]int{right, total})
	m = NewWorkshop(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Right: 5, Total: -1}})
	right, total, _ = m.QuizScore()
	assert.Equal(t, [2]int{0, 0}, [2]int{right, total}, "a score that cannot be is not shown")
}

// QuizScore says up to which of the room's rounds the score counts: the
// last whose end the session before saw (Remote.Ended), then each round
// this one sees end, answered or not (a round it never saw end, it
// could not score: the server does).
func TestRemoteQuizScoreSaysWhichRoundsItCounts(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	m := NewWorkshop(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Right: 1, Total: 1, Ended: 2}})
	_, _, ended := m.QuizScore()
	assert.Equal(t, 2, ended)
	m.Update(RoomRound{ID: 3, Seed: 7, Round: 3, Settings: ndcg.DefaultSettings()})
	_, _, ended = m.QuizScore()
	assert.Equal(t, 2, ended, "a round under way is not counted yet")
	m.Update(RoomRoundEnd{ID: 3})
	right, total, ended := m.QuizScore()
	assert.Equal(t, [3]int{1, 1, 3}, [3]int{right, total, ended}, "round 3 ended unanswered: not scored, yet seen")
	m = NewWorkshop(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Ended: -1}})
	_, _, ended = m.QuizScore()
	assert.Equal(t, 0, ended)
}
