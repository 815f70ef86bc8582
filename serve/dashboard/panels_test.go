package dashboard

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// The tally names the question as the attendees read it: with its
// scores when two of them tie (seed 104251's first question, in which
// C and D share 0.5), with grades alone otherwise (seed 3's, which has
// no scores).
func TestTallyQuestionShowsTiedScores(t *testing.T) {
	tied := &serve.Round{Question: explain.NewQuestion(104251, 1)}
	require.True(t, tied.Question.Tied)
	assert.Equal(t, "grades 3,0,1,0,2,1,2 (scores 0.7,0.6,0.5,0.5,0.3,0.2,0.1)", questionGrades(tied))
	plain := &serve.Round{Question: explain.NewQuestion(3, 1)}
	require.False(t, plain.Question.Tied)
	assert.Equal(t, "grades 2,0,3,0,1", questionGrades(plain))
}
