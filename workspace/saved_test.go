package workspace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The modified flag compares with the saved state: edits that cancel
// out (the gain cycled round, a grade up then down, an edit and its
// undo) leave the list unmodified; a real change does not.
func TestDirtyComparesWithTheSavedState(t *testing.T) {
	w := unscored()
	assert.False(t, w.Dirty())

	// exp → linear → … → exp.
	w.Apply(w.NextGain(nil))
	assert.True(t, w.Dirty())
	for range len(gainCycle) - 1 {
		w.Apply(w.NextGain(nil))
	}
	assert.False(t, w.Dirty(), "the gain is back to what was loaded")
	w.Undo()
	assert.True(t, w.Dirty())
	for range len(gainCycle) - 1 {
		w.Undo()
	}
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
	// The test's own copy of what was saved: the workspace keeps only
	// fingerprints.
	type saved struct {
		items        []ndcg.Item
		pool         []ndcg.Judged
		settings     ndcg.Settings
		title, notes string
	}
	take := func() saved {
		return saved{slices.Clone(w.List().Items), slices.Clone(w.List().Pool), w.Settings, w.Doc.Title, w.Doc.Notes}
	}
	ref := take()
	walk(w, rng, 600, []step{
		edit(func(w *Workspace, r int) (Edit, string) {
			if rng.IntN(2) == 0 {
				return w.Duplicate(r)
			}
			return w.Add(r)
		}),
		edit((*Workspace).Delete),
		edit(func(w *Workspace, r int) (Edit, string) { return w.Move(r, 1) }),
		edit(func(w *Workspace, r int) (Edit, string) { return w.SetScore(r, float64(rng.IntN(4))) }),
		{1, func(w *Workspace, _ int) Edit { return w.NextGain(nil) }},
		weighted(2, undo), redo,
		{1, func(w *Workspace, _ int) Edit {
			if rng.IntN(4) == 0 {
				w.MarkSaved(w.Version())
				ref = take()
			}
			return nil
		}},
		edit(func(w *Workspace, _ int) (Edit, string) { return w.AddJudged(float64(rng.IntN(3))) }),
		edit(func(w *Workspace, r int) (Edit, string) { return w.SetTitle(r, []string{"", "t"}[rng.IntN(2)]) }),
		grades(rng, 3),
	}, func(step int) {
		full := w.hist.pos != w.savedAt && !(ref.title == w.Doc.Title && ref.notes == w.Doc.Notes &&
			ref.settings.Equal(w.Settings) && slices.Equal(ref.items, w.List().Items) && slices.Equal(ref.pool, w.List().Pool))
		require.Equal(t, full, w.Dirty(), "step %d", step)
		if cur := w.saved.cur; cur != nil {
			// The fingerprints kept of the items as they are now.
			require.Len(t, cur, w.N(), "step %d", step)
			for i := range cur {
				require.Equal(t, fingerprint(&w.List().Items[i]), cur[i], "step %d item %d", step, i)
			}
		}
	})
}

// Structural edits are compared item by item with what was saved: an
// item deleted and put back by undo, two moves that cancel out, and a
// deletion followed by an insertion that restores the length but not
// the items.
func TestDirtyAfterStructuralEdits(t *testing.T) {
	w := unscored()
	e, _ := w.Delete(1)
	w.Apply(e)
	assert.True(t, w.Dirty(), "an item deleted")
	w.Undo()
	assert.False(t, w.Dirty(), "the deletion undone")

	e, _ = w.Move(0, 1)
	w.Apply(e)
	assert.True(t, w.Dirty(), "two items swapped")
	e, _ = w.Move(1, -1)
	w.Apply(e)
	assert.False(t, w.Dirty(), "swapped back")

	e, _ = w.Delete(2)
	w.Apply(e)
	e, _ = w.Add(1)
	w.Apply(e)
	assert.Equal(t, "C", w.List().Items[2].ID, "the new item takes the free id")
	assert.False(t, w.Dirty(), "C deleted and an item equal to it added in its place")
	e, _ = w.Delete(0)
	w.Apply(e)
	e, _ = w.Add(1)
	w.Apply(e)
	assert.Equal(t, 3, w.N())
	assert.True(t, w.Dirty(), "as many items, but a new one in place of another")

	// A grade edit after a structural edit, then everything undone.
	e, _ = w.SetGrade(0, 3)
	w.Apply(e)
	assert.True(t, w.Dirty())
	for {
		if _, ok := w.Undo(); !ok {
			break
		}
	}
	assert.False(t, w.Dirty(), "every edit undone")

	// Saved after an edit: the fingerprints are of the saved items.
	e, _ = w.SetGrade(0, 3)
	w.Apply(e)
	w.MarkSaved(w.Version())
	e, _ = w.SetGrade(0, 7)
	w.Apply(e)
	assert.True(t, w.Dirty())
	e, _ = w.SetGrade(0, 3)
	w.Apply(e)
	assert.False(t, w.Dirty(), "back to the grade saved")

	// A pool edit and a settings edit, on a list whose items are the saved ones.
	e, _ = w.AddJudged(2)
	w.Apply(e)
	assert.True(t, w.Dirty(), "a judged item added")
	w.Undo()
	assert.False(t, w.Dirty())
}

// A fingerprint changes with every field a save writes, a grade or a
// score alone included, and reads −0 as +0 as the comparison of items does.
func TestFingerprintSeesEveryField(t *testing.T) {
	base := ndcg.Item{ID: "d1", Title: "t", Grade: 2, Score: 0.5, HasScore: true}
	fp := fingerprint(&base)
	for _, it := range []ndcg.Item{
		{ID: "d2", Title: "t", Grade: 2, Score: 0.5, HasScore: true},
		{ID: "d1", Title: "", Grade: 2, Score: 0.5, HasScore: true},
		{ID: "d1", Title: "t", Grade: 3, Score: 0.5, HasScore: true},
		{ID: "d1", Title: "t", Grade: 2, Score: 0.25, HasScore: true},
		{ID: "d1", Title: "t", Grade: 2, Score: 0.5},
	} {
		assert.NotEqual(t, fp, fingerprint(&it), "%+v", it)
	}
	zero, negZero := ndcg.Item{ID: "a"}, ndcg.Item{ID: "a", Score: math.Copysign(0, -1)}
	assert.Equal(t, fingerprint(&zero), fingerprint(&negZero))
}

// TestFingerprintingOffTheLoop: on a long list the saved state's
// fingerprints are taken off the update loop; an edit made while they
// are being taken waits for them, one made before the work begins takes
// them itself, and either way the modified flag is exact. A save in
// between hands out a new taking for the state saved. Run with -race.
func TestFingerprintingOffTheLoop(t *testing.T) {
	for _, begin := range []string{"before the edit", "with the edit", "never"} {
		items := make([]ndcg.Item, fingerprintFrom+10)
		for i := range items {
			items[i] = ndcg.Item{ID: fmt.Sprintf("d%d", i), Grade: float64(i % 3)}
		}
		w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items}}, ndcg.DefaultSettings())
		take := w.Fingerprinting()
		require.NotNil(t, take, begin)
		require.Nil(t, w.Fingerprinting(), "%s: handed out once", begin)
		done := make(chan struct{})
		switch begin {
		case "before the edit":
			take()
			close(done)
		case "with the edit":
			go func() { take(); close(done) }()
		default:
			close(done)
		}
		e, _ := w.SetGrade(5, 7)
		w.Apply(e)
		assert.True(t, w.Dirty(), begin)
		w.Undo()
		assert.False(t, w.Dirty(), "%s: the edit undone", begin)
		e, _ = w.Delete(7)
		w.Apply(e)
		assert.True(t, w.Dirty(), begin)
		w.Undo()
		assert.False(t, w.Dirty(), "%s: the deletion undone", begin)
		<-done
		take() // too late: does nothing
		require.Equal(t, fingerprint(&w.List().Items[3]), w.saved.prints[3], begin)

		w.Redo()
		w.MarkSaved(w.Version())
		again := w.Fingerprinting()
		require.NotNil(t, again, "%s: the state saved is taken again", begin)
		go again()
		e, _ = w.SetGrade(0, 7)
		w.Apply(e)
		assert.True(t, w.Dirty(), begin)
		w.Undo()
		assert.False(t, w.Dirty(), begin)
	}
	short := unscored()
	require.Nil(t, short.Fingerprinting(), "a short list takes them at its first edit")
}
