package workspace

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The modified flag compares with the saved state: edits that cancel
// out (the gain cycled round, a grade up then down, an edit and its
// undo) leave the list unmodified; a real change does not.
func TestDirtyComparesWithTheSavedState(t *testing.T) {
	w := unscored()
	assert.False(t, w.Dirty())

	// exp → linear → exp.
	w.Apply(w.NextGain(nil))
	assert.True(t, w.Dirty())
	w.Apply(w.NextGain(nil))
	assert.False(t, w.Dirty(), "the gain is back to what was loaded")
	w.Undo()
	assert.True(t, w.Dirty())
	w.Undo()
	assert.False(t, w.Dirty())

	e, _ := w.StepGrade(0, 1)
	w.Apply(e)
	assert.True(t, w.Dirty())
	e, _ = w.StepGrade(0, -1)
	w.Apply(e)
	assert.False(t, w.Dirty(), "a grade raised and lowered")

	// After a save, the saved state is the reference.
	e, _ = w.SetGrade(0, 7)
	w.Apply(e)
	w.MarkSaved(w.Version())
	assert.False(t, w.Dirty())
	w.Undo()
	assert.True(t, w.Dirty(), "the undo leaves the saved state")
	w.Redo()
	assert.False(t, w.Dirty())

	// A save of an earlier version, with an edit made while it ran.
	at := w.Version()
	e, _ = w.SetGrade(1, 5)
	w.Apply(e)
	w.MarkSaved(at)
	assert.True(t, w.Dirty(), "the edit after the save is not on disk")
}

// The count of items that differ from the saved ones, kept edit by edit,
// says what comparing every item says, through random edits of every
// kind, undos, redos and saves.
func TestDirtyCountMatchesAFullComparison(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	w := unscored()
	for step := range 600 {
		var e Edit
		r := rng.IntN(max(w.N(), 1))
		switch rng.IntN(12) {
		case 0:
			e, _ = w.Add(r)
		case 1:
			e, _ = w.Delete(r)
		case 2:
			e, _ = w.Move(r, 1)
		case 3:
			e, _ = w.SetScore(r, float64(rng.IntN(4)))
		case 4:
			e = w.NextGain(nil)
		case 5, 6:
			w.Undo()
		case 7:
			w.Redo()
		case 8:
			if rng.IntN(4) == 0 {
				w.MarkSaved(w.Version())
			}
		case 9:
			e, _ = w.AddJudged(float64(rng.IntN(3)))
		default:
			e, _ = w.SetGrade(r, float64(rng.IntN(3)))
		}
		if e != nil {
			w.Apply(e)
		}
		s := w.saved
		full := w.hist.pos != w.savedAt && !(s.valid && s.title == w.Doc.Title && s.notes == w.Doc.Notes &&
			s.settings.Equal(w.Settings) && slices.Equal(s.items, w.List().Items) && slices.Equal(s.pool, w.List().Pool))
		require.Equal(t, full, w.Dirty(), "step %d", step)
	}
}
