package ui

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// TestLessonClosingReview: after the path's last step, enter opens the
// closing review: five questions on fresh lists (those of the seed
// given, as learn.Review draws them), a wrong answer judged with the
// mistake behind it as in the steps; the first answer to each counts,
// so one put right at the second try is not scored; the progress is
// not touched; enter after the last ends the lesson with the score.
func TestLessonClosingReview(t *testing.T) {
	var saved []learn.Progress
	l, err := NewLesson(LessonOptions{Step: learn.Count(), NoColor: true, Seed: 7,
		Save: func(p learn.Progress) error { saved = append(saved, p); return nil }})
	require.NoError(t, err)
	l.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lessonType(l, "6.3235")
	lessonKeys(l, "enter")
	require.False(t, lessonKeys(l, "enter"))
	assert.Contains(t, lessonFlat(lessonScreen(l)), "The path is done. A closing review: 5 questions on fresh lists; your first answer to each counts.")

	review := learn.Review(rand.New(rand.NewPCG(7, 0)))
	before := len(saved)
	for i, st := range review.Steps {
		s := lessonScreen(l)
		require.Contains(t, s, "Review "+strconv.Itoa(i+1)+" of 5: "+st.Title)
		assert.Contains(t, lessonFlat(s), st.Question)
		truth, err := st.Truth()
		require.NoError(t, err)
		right := strconv.FormatFloat(truth, 'f', 2, 64)
		if i == 1 {
			// The grade as the gain: wrong, and said so.
			lessonType(l, "0.01")
			lessonKeys(l, "enter")
			assert.Contains(t, lessonFlat(lessonScreen(l)), "✗ Not quite")
			lessonKeys(l, "esc")
		}
		lessonType(l, right)
		lessonKeys(l, "enter")
		assert.Contains(t, lessonFlat(lessonScreen(l)), "✓ Right")
		quit := lessonKeys(l, "enter")
		assert.Equal(t, i == len(review.Steps)-1, quit, "question %d", i+1)
	}
	assert.True(t, l.Finished())
	r, asked := l.Review()
	assert.Equal(t, 4, r)
	assert.Equal(t, 5, asked)
	for _, p := range saved[before:] {
		assert.Len(t, p.Right, 1, "the review is not the path's progress")
	}
}

// TestLessonReviewNamesTheSlip: a review question's wrong answer is
// told the mistake behind it, as the path's steps are: the first
// question asks a rank's term under exp gain, and the grade taken as
// the gain, grade/log2(rank+1), is named.
func TestLessonReviewNamesTheSlip(t *testing.T) {
	l, err := NewLesson(LessonOptions{Step: learn.Count(), NoColor: true, Seed: 1})
	require.NoError(t, err)
	l.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lessonType(l, "6.3235")
	lessonKeys(l, "enter", "enter")
	st := learn.Review(rand.New(rand.NewPCG(1, 0))).Steps[0]
	require.Contains(t, lessonFlat(lessonScreen(l)), st.Question)
	d, err := st.Doc()
	require.NoError(t, err)
	slip := d.List.Items[st.Rank-1].Grade / math.Log2(float64(st.Rank+1))
	lessonType(l, strconv.FormatFloat(slip, 'f', 2, 64))
	lessonKeys(l, "enter")
	assert.Contains(t, lessonFlat(lessonScreen(l)), "slip: you took the grade itself as the gain, not 2^grade − 1.")
}
