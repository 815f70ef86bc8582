package workspace

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
