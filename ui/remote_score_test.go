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
	m := New(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Right: 1, Total: 2}})
	right, total := m.QuizScore()
	assert.Equal(t, [2]int{1, 2}, [2]int{right, total})
	m = New(Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &Remote{Right: 5, Total: -1}})
	right, total = m.QuizScore()
	assert.Equal(t, [2]int{0, 0}, [2]int{right, total}, "a score that cannot be is not shown")
}
