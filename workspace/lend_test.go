package workspace

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// apply makes the edit a workspace function returned, failing the test
// when it refused.
func apply(t *testing.T, w *Workspace, e Edit, why string) {
	t.Helper()
	require.Empty(t, why)
	require.NotNil(t, e)
	w.Apply(e)
}

// A lent list stays as it was lent whatever the workspace does
// meanwhile: edits of items in place, insertions and deletions, pool
// edits, undo and redo.
func TestSnapshotLentStaysAsLent(t *testing.T) {
	w := scored()
	items, pool := slices.Clone(w.List().Items), slices.Clone(w.List().Pool)
	lent, s, giveBack := w.Lend()
	defer giveBack()
	assert.Equal(t, w.Settings, s)

	e, why := w.SetGrade(0, 1)
	apply(t, w, e, why)
	e, why = w.Move(1, -1)
	apply(t, w, e, why)
	e, why = w.Delete(3)
	apply(t, w, e, why)
	e, why = w.Add(0)
	apply(t, w, e, why)
	e, why = w.SetJudgedGrade(0, 3)
	apply(t, w, e, why)
	e, why = w.AddJudged(1)
	apply(t, w, e, why)
	w.Apply(w.NextGain(nil))
	for range 3 {
		_, ok := w.Undo()
		require.True(t, ok)
	}
	_, ok := w.Redo()
	require.True(t, ok)

	assert.Equal(t, items, lent.Items, "the items lent")
	assert.Equal(t, pool, lent.Pool, "the pool lent")
	assert.NotEqual(t, items, w.List().Items, "the workspace's items were edited")
	assert.Equal(t, 1.0, w.List().Items[w.IndexOf("A")].Grade, "the workspace has its edits")
}

// The workspace copies an array only while it is on loan: an edit after
// the loan is given back, or one of the settings, writes in place.
func TestSnapshotCopiesOnlyWhileLent(t *testing.T) {
	w := scored()
	items := w.List().Items
	_, _, giveBack := w.Lend()

	w.Apply(w.NextDiscount())
	assert.Same(t, &items[0], &w.List().Items[0], "a setting copies nothing")

	e, why := w.SetGrade(1, 3)
	apply(t, w, e, why)
	assert.NotSame(t, &items[0], &w.List().Items[0], "an edit of an item on loan copies the items")
	assert.Equal(t, 0.0, items[1].Grade, "and leaves the lent array alone")

	mine := w.List().Items
	e, why = w.SetGrade(1, 2)
	apply(t, w, e, why)
	assert.Same(t, &mine[0], &w.List().Items[0], "the copy is the workspace's own: the next edit writes in place")

	giveBack()
	giveBack() // a second call does nothing
	_, _, giveBack = w.Lend()
	giveBack()
	e, why = w.SetGrade(1, 1)
	apply(t, w, e, why)
	assert.Same(t, &mine[0], &w.List().Items[0], "after the loan is back, in place")
	assert.Empty(t, w.loans, "loans given back are forgotten")
}

// A computation reading a lent list while the loop edits, with the race
// detector on (go test -race), and what it computes is the list as lent.
func TestSnapshotReadWhileEditing(t *testing.T) {
	w := scored()
	want, err := ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	var wg sync.WaitGroup
	results := make([]float64, 8)
	for i := range results {
		lent, s, giveBack := w.Lend()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer giveBack()
			r, err := ndcg.Compute(lent, s)
			if err == nil {
				results[i] = r.NDCG()
			}
		}()
		e, why := w.SetGrade(i%4, float64(i%3))
		if e != nil {
			apply(t, w, e, why)
			_, ok := w.Undo()
			require.True(t, ok)
		}
	}
	wg.Wait()
	for _, got := range results {
		assert.InDelta(t, want.NDCG(), got, 1e-12)
	}
}

// atK is the edit setting k.
func atK(w *Workspace, k int) Edit {
	s := w.Settings
	s.K = k
	return w.ChangeSettings(s)
}

// equalResults fails the test unless got holds want's numbers.
func equalResults(t *testing.T, want, got *ndcg.Result) {
	t.Helper()
	require.NotNil(t, got)
	assert.Equal(t, want.Settings, got.Settings)
	assert.Equal(t, want.Order, got.Order)
	for i := range want.N {
		assert.Equal(t, want.Gain(i), got.Gain(i), "gain at rank %d", i+1)
	}
	for k := 1; k <= want.N; k++ {
		assert.Equal(t, want.NDCGAt(want.Settings.Ties, k), got.NDCGAt(got.Settings.Ties, k), "NDCG@%d", k)
	}
}

// From LaterFrom items on, a change of settings is made at once and
// recomputed by Recomputation: the result it installs is the one the
// edit would have computed on the spot, and a result overtaken by
// another edit is dropped.
func TestWorkspaceLaterRecomputation(t *testing.T) {
	w := scored()
	w.LaterFrom = 4
	before := w.Result.NDCG()
	w.Apply(w.NextGain(nil))
	require.True(t, w.Pending())
	assert.Equal(t, before, w.Result.NDCG(), "the result is the one before the edit until installed")
	want, err := ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)

	install := w.Recomputation()()
	require.True(t, install())
	assert.False(t, w.Pending())
	equalResults(t, want, w.Result)
	assert.Same(t, w.List(), w.Result.List)

	// Overtaken: the next edit comes while it runs.
	w.Apply(w.NextDiscount())
	run := w.Recomputation()
	w.Apply(atK(w, 2))
	assert.False(t, run()(), "a result for an older state is dropped")
	require.True(t, w.Pending())
	require.True(t, w.Recomputation()()())
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
	for i := range w.N() {
		assert.Equal(t, i, w.ItemAt(w.RankOf(i)))
	}

	// A new score sorts the list again, later too; an added item is
	// computed at once, and drops what runs.
	w.Apply(w.NextGain(nil))
	run = w.Recomputation()
	e, why := w.SetScore(3, 2)
	apply(t, w, e, why)
	assert.True(t, w.Resorting())
	order := slices.Clone(w.Result.Order)
	assert.False(t, run()())
	assert.Equal(t, order, w.Result.Order, "the ranking before the score until the new one is in")
	require.True(t, w.Recomputation()()())
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
	assert.Equal(t, 3, w.ItemAt(0), "D, scored 2, ranks first")

	w.Apply(w.NextGain(nil))
	run = w.Recomputation()
	e, why = w.Add(0)
	apply(t, w, e, why)
	assert.False(t, w.Pending())
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
	assert.False(t, run()())
	equalResults(t, want, w.Result)
	_, ok := w.Undo()
	require.True(t, ok)

	// Settle: the one running when it is the latest, else at once.
	e, why = w.SetScore(0, 0.6)
	apply(t, w, e, why)
	install = w.Recomputation()() // done, not yet back on the loop
	assert.True(t, w.Pending())
	require.True(t, w.Settle())
	assert.False(t, install(), "installed by Settle already")
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
	e, why = w.SetScore(0, 0.1)
	apply(t, w, e, why)
	run = w.Recomputation() // never started
	require.True(t, w.Settle())
	assert.False(t, w.Pending())
	assert.False(t, run()(), "dropped")
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
	assert.False(t, w.Settle(), "nothing waits")

	// A move that exchanges two scores is computed at once, in place,
	// made and undone; while a recomputation waits, it waits with it.
	for _, r := range []int{0, 1, 2} {
		e, why = w.Move(r, 1)
		apply(t, w, e, why)
		assert.False(t, w.Pending(), "move down from rank %d", r+1)
		want, err = ndcg.Compute(w.List(), w.Settings)
		require.NoError(t, err)
		equalResults(t, want, w.Result)
		for i := range w.N() {
			assert.Equal(t, i, w.ItemAt(w.RankOf(i)))
		}
	}
	for range 3 {
		_, ok = w.Undo()
		require.True(t, ok)
		assert.False(t, w.Pending())
		want, err = ndcg.Compute(w.List(), w.Settings)
		require.NoError(t, err)
		equalResults(t, want, w.Result)
		for i := range w.N() {
			assert.Equal(t, i, w.ItemAt(w.RankOf(i)))
		}
	}
	w.Apply(w.ToggleZero())
	e, why = w.Move(0, 1)
	apply(t, w, e, why)
	assert.True(t, w.Pending())
	assert.True(t, w.Resorting())
	require.True(t, w.Settle())
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)

	// A grade edit alone is computed at once; while a recomputation
	// waits, it waits with it.
	e, why = w.SetGrade(0, 3)
	apply(t, w, e, why)
	assert.False(t, w.Pending())
	w.Apply(w.ToggleZero())
	e, why = w.SetGrade(0, 2)
	apply(t, w, e, why)
	assert.True(t, w.Pending())
	_, ok = w.Undo()
	require.True(t, ok)
	require.True(t, w.Recomputation()()())
	want, err = ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
}

// A recomputation off the loop while the loop edits, with the race
// detector on (go test -race).
func TestWorkspaceLaterWhileEditing(t *testing.T) {
	w := scored()
	w.LaterFrom = 1
	for i := range 20 {
		w.Apply(w.NextGain(nil))
		run := w.Recomputation()
		done := make(chan func() bool)
		go func() { done <- run() }()
		if i%2 == 0 {
			e, why := w.SetGrade(i%4, float64(i%3))
			if e != nil {
				apply(t, w, e, why)
			}
			w.Apply(atK(w, 1+i%3))
		}
		if (<-done)() {
			continue
		}
		require.True(t, w.Pending())
		require.True(t, w.Recomputation()()())
	}
	want, err := ndcg.Compute(w.List(), w.Settings)
	require.NoError(t, err)
	equalResults(t, want, w.Result)
}
