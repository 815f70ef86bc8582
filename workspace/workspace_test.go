package workspace

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// scored is A..D ranked by score, C and D tied, with one judged item
// the system missed.
func scored() *Workspace {
	return New(&listio.Document{Name: "t", List: &ndcg.List{
		Items: []ndcg.Item{
			{ID: "A", Grade: 3, Score: 1, HasScore: true},
			{ID: "B", Grade: 0, Score: 0.75, HasScore: true},
			{ID: "C", Grade: 2, Score: 0.5, HasScore: true},
			{ID: "D", Grade: 1, Score: 0.5, HasScore: true},
		},
		Pool: []ndcg.Judged{{ID: "X", Grade: 2}},
	}}, ndcg.DefaultSettings())
}

// unscored is A..C in rank order, without scores.
func unscored() *Workspace {
	return New(&listio.Document{Name: "t", List: &ndcg.List{
		Items: []ndcg.Item{{ID: "A", Grade: 1}, {ID: "B", Grade: 2}, {ID: "C", Grade: 0}},
	}}, ndcg.DefaultSettings())
}

// state is everything an edit may change.
type state struct {
	Items    []ndcg.Item
	Pool     []ndcg.Judged
	Settings string
	NDCG     float64
}

func snapshot(w *Workspace) state {
	s := state{
		Items:    append([]ndcg.Item(nil), w.List().Items...),
		Pool:     append([]ndcg.Judged(nil), w.List().Pool...),
		Settings: w.Settings.String(),
	}
	if w.Result != nil {
		s.NDCG = w.Result.NDCG()
	}
	return s
}

// Every kind of edit, made through the function a key calls, changes
// what it says, and undo then redo bring back exactly the states before
// and after it.
func TestEveryEditUndoesAndRedoesExactly(t *testing.T) {
	cases := []struct {
		name  string
		ws    func() *Workspace
		make  func(w *Workspace) (Edit, string)
		what  string
		focus int
		check func(t *testing.T, w *Workspace)
	}{
		{"grade (setItems)", scored, func(w *Workspace) (Edit, string) { return w.SetGrade(1, 2) },
			"grade of B 0 → 2", 1, func(t *testing.T, w *Workspace) { assert.Equal(t, 2.0, w.List().Items[1].Grade) }},
		{"title", scored, func(w *Workspace) (Edit, string) { return w.SetTitle(0, "first") },
			"title of A set", 0, func(t *testing.T, w *Workspace) { assert.Equal(t, "first", w.List().Items[0].Title) }},
		{"score", scored, func(w *Workspace) (Edit, string) { return w.SetScore(3, 2) },
			"score of D 0.5 → 2", 3, func(t *testing.T, w *Workspace) { assert.Equal(t, 0, w.RankOf(3)) }},
		{"score on an unscored list (replaceList)", unscored, func(w *Workspace) (Edit, string) { return w.SetScore(2, 10) },
			"no item had a score: the others get 3 … 2 in rank order, C's is 10", 2, func(t *testing.T, w *Workspace) {
				assert.Equal(t, []float64{3, 2, 10}, []float64{w.List().Items[0].Score, w.List().Items[1].Score, w.List().Items[2].Score})
			}},
		{"first score between 0 and 1", unscored, func(w *Workspace) (Edit, string) { return w.SetScore(2, 0.5) },
			"no item had a score: the others get 1 … 0.7 in rank order, C's is 0.5", 2, func(t *testing.T, w *Workspace) {
				// n = 3: 3/3, 2/3, 1/3 to one decimal are 1, 0.7, 0.3; C's typed 0.5 replaces its 0.3.
				assert.Equal(t, []float64{1, 0.7, 0.5}, []float64{w.List().Items[0].Score, w.List().Items[1].Score, w.List().Items[2].Score})
			}},
		{"id (setItems)", unscored, func(w *Workspace) (Edit, string) { return w.SetID(1, "doc-7") },
			"id B → doc-7", 1, func(t *testing.T, w *Workspace) { assert.Equal(t, "doc-7", w.List().Items[1].ID) }},
		{"add (insertItem)", unscored, func(w *Workspace) (Edit, string) { return w.Add(0) },
			"added D", 1, func(t *testing.T, w *Workspace) { assert.Equal(t, "D", w.List().Items[1].ID) }},
		{"add with scores", scored, func(w *Workspace) (Edit, string) { return w.Add(0) },
			"added E with score 0.9", 4, func(t *testing.T, w *Workspace) { assert.Equal(t, 1, w.RankOf(4)) }},
		{"duplicate", scored, func(w *Workspace) (Edit, string) { return w.Duplicate(0) },
			"duplicated A as A.2 (same score: tied)", 1, func(t *testing.T, w *Workspace) { assert.Equal(t, "A.2", w.List().Items[1].ID) }},
		{"delete (removeItem)", scored, func(w *Workspace) (Edit, string) { return w.Delete(1) },
			"deleted B", -1, func(t *testing.T, w *Workspace) { assert.Equal(t, 3, w.N()) }},
		{"move down, scores swap", scored, func(w *Workspace) (Edit, string) { return w.Move(0, 1) },
			"moved A down (swapped scores with B)", 0, func(t *testing.T, w *Workspace) { assert.Equal(t, 1, w.RankOf(0)) }},
		{"move within a tie", scored, func(w *Workspace) (Edit, string) { return w.Move(2, 1) },
			"moved C down (tied with D: swapped input order)", 3, func(t *testing.T, w *Workspace) { assert.Equal(t, "D", w.List().Items[2].ID) }},
		{"move without scores", unscored, func(w *Workspace) (Edit, string) { return w.Move(1, -1) },
			"moved B up", 0, func(t *testing.T, w *Workspace) { assert.Equal(t, "B", w.List().Items[0].ID) }},
		{"tie", scored, func(w *Workspace) (Edit, string) { return w.Tie(0) },
			"tied A with B (score 0.75)", 0, func(t *testing.T, w *Workspace) { assert.Equal(t, 0.75, w.List().Items[0].Score) }},
		{"tie without scores", unscored, func(w *Workspace) (Edit, string) { return w.Tie(0) },
			"tied A with B (score 2); every item got a score keeping its rank", 0, func(t *testing.T, w *Workspace) {
				assert.Equal(t, 2.0, w.List().Items[0].Score)
				assert.True(t, w.List().Scored())
			}},
		{"untie", scored, func(w *Workspace) (Edit, string) { return w.Untie(2) },
			"untied C (score 0.5 → -0.5)", 2, func(t *testing.T, w *Workspace) { assert.Equal(t, -0.5, w.List().Items[2].Score) }},
		{"swap ranks", scored, func(w *Workspace) (Edit, string) { return w.SwapRanks(0, 2) },
			"swapped ranks 1 and 3: A and C exchanged scores", 0, func(t *testing.T, w *Workspace) { assert.Equal(t, 0.5, w.List().Items[0].Score) }},
		{"settings", scored, func(w *Workspace) (Edit, string) { return w.NextGain(nil), "" },
			"gain exp → linear", -1, func(t *testing.T, w *Workspace) { assert.Equal(t, ndcg.GainLinear, w.Settings.Gain.Kind) }},
		{"k down", scored, func(w *Workspace) (Edit, string) { return w.KDown(), "" },
			"k all → 3", -1, func(t *testing.T, w *Workspace) { assert.Equal(t, 3, w.Settings.K) }},
		{"add judged (insertJudged)", scored, func(w *Workspace) (Edit, string) { return w.AddJudged(1) },
			"added P1 to the pool (grade 1, not retrieved)", -1, func(t *testing.T, w *Workspace) { assert.Equal(t, "P1", w.List().Pool[1].ID) }},
		{"grade judged (setJudged)", scored, func(w *Workspace) (Edit, string) { return w.StepJudgedGrade(0, 1) },
			"grade of pool item X 2 → 3", -1, func(t *testing.T, w *Workspace) { assert.Equal(t, 3.0, w.List().Pool[0].Grade) }},
		{"remove judged (removeJudged)", scored, func(w *Workspace) (Edit, string) { return w.RemoveJudged(0) },
			"removed X from the pool", -1, func(t *testing.T, w *Workspace) { assert.Empty(t, w.List().Pool) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := c.ws()
			before := snapshot(w)
			e, why := c.make(w)
			require.Empty(t, why)
			require.NotNil(t, e)
			ed := w.Apply(e)
			assert.Equal(t, Edited{Focus: c.focus, What: c.what}, ed)
			c.check(t, w)
			after := snapshot(w)
			require.NotEqual(t, before, after)
			assert.True(t, w.Dirty())

			u, ok := w.Undo()
			require.True(t, ok)
			assert.Equal(t, "undid: "+c.what, u.What)
			assert.Equal(t, before, snapshot(w), "undo restores the state before")
			assert.False(t, w.Dirty(), "undoing back to the loaded state is clean")

			r, ok := w.Redo()
			require.True(t, ok)
			assert.Equal(t, "redid: "+c.what, r.What)
			assert.Equal(t, after, snapshot(w), "redo makes the same edit again")
		})
	}
}

// Nothing to undo or redo is said, not done.
func TestUndoRedoAtTheEnds(t *testing.T) {
	w := scored()
	_, ok := w.Undo()
	assert.False(t, ok)
	_, ok = w.Redo()
	assert.False(t, ok)
	assert.Equal(t, 0, w.Version())
}

// Undoing an added item puts the cursor back on the one it was added after.
func TestUndoAddFocusesTheItemAbove(t *testing.T) {
	w := unscored()
	e, _ := w.Add(1)
	w.Apply(e)
	u, _ := w.Undo()
	assert.Equal(t, 1, u.Focus)
}

// A save hands back the version it wrote: edits made while it ran stay
// unsaved, and a state undone and replaced can never be clean again.
func TestVersionAndMarkSaved(t *testing.T) {
	w := scored()
	e, _ := w.SetGrade(0, 1)
	w.Apply(e)
	at := w.Version()
	e, _ = w.SetGrade(0, 2)
	w.Apply(e)
	w.MarkSaved(at)
	assert.True(t, w.Dirty(), "the second edit came after the save began")
	w.Undo()
	assert.False(t, w.Dirty(), "back at the saved version")
	w.Undo()
	e, _ = w.SetGrade(0, 0)
	w.Apply(e)
	assert.True(t, w.Dirty(), "same depth, another history: not the saved state")
}

// Edits that cannot be made say why, in the explorer's keys.
func TestEditsThatCannotBeMade(t *testing.T) {
	empty := New(&listio.Document{Name: "t"}, ndcg.DefaultSettings())
	_, why := empty.SetGrade(0, 1)
	assert.Equal(t, "the list is empty: press a to add an item", why)
	w := scored()
	_, why = w.Move(0, -1)
	assert.Equal(t, "already at the top", why)
	_, why = w.Untie(0)
	assert.Equal(t, "this item is not tied", why)
	_, why = w.SwapRanks(2, 3)
	assert.Equal(t, "C and D share the score 0.5: exchanging scores changes nothing", why)
	e, why := w.SetGrade(0, 3)
	assert.Nil(t, e, "the same grade is no edit")
	assert.Empty(t, why)
}

// An item leaving a tie gets a score with as few decimals as rank it
// just below its group: 0.6765 between 0.677 and 0.676, not the binary
// halfway 0.6765000000000001.
func TestBetweenIsShort(t *testing.T) {
	for _, c := range []struct{ lo, hi, want float64 }{
		{0.676, 0.677, 0.6765},
		{1, 3, 2},
		{2, 3, 2.5},
		{-1, 0, -0.5},
		{0.1, 0.2, 0.15},
	} {
		got := between(c.lo, c.hi)
		if c.lo < c.want && c.want < c.hi {
			assert.Equal(t, c.want, got, "%v %v", c.lo, c.hi)
		}
		assert.True(t, c.lo < got && got < c.hi, "%v %v: %v", c.lo, c.hi, got)
	}
}

// The first score typed on a list without scores gives the others
// scores on its scale that keep their ranks: for 0.5 on a list of five,
// 1, 0.8, 0.6, 0.4, 0.2 (k/5 to one decimal), the typed one then placed
// among them. A later score on the same scale lands where it says,
// where the scores 5, 4, 3, 2, 1 put any score below 1 last.
func TestFirstScoreKeepsTheTypedScale(t *testing.T) {
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: []ndcg.Item{
		{ID: "A", Grade: 3}, {ID: "B", Grade: 2}, {ID: "C", Grade: 3}, {ID: "D", Grade: 0}, {ID: "E", Grade: 1},
	}}}, ndcg.DefaultSettings())
	ed, why := w.SetScore(4, 0.5)
	require.Empty(t, why)
	got := w.Apply(ed)
	assert.Equal(t, "no item had a score: the others get 1 … 0.4 in rank order, E's is 0.5", got.What)
	var scores []float64
	for _, it := range w.List().Items {
		scores = append(scores, it.Score)
	}
	assert.Equal(t, []float64{1, 0.8, 0.6, 0.4, 0.5}, scores)
	assert.Equal(t, 3, w.RankOf(4), "E's 0.5 ranks it fourth, above D's 0.4")

	ed, why = w.SetScore(w.RankOf(3), 0.7) // D, now fifth
	require.Empty(t, why)
	w.Apply(ed)
	assert.Equal(t, 2, w.RankOf(3), "D's 0.7 ranks it third, between B's 0.8 and C's 0.6")

	// One undo each: the second score, then every score the first gave.
	w.Undo()
	w.Undo()
	assert.False(t, w.List().Scored(), "one undo takes back the scores the first score gave")

	// A score above 1 keeps the scale n, n−1, …, 1.
	ed, _ = w.SetScore(0, 7)
	w.Apply(ed)
	assert.Equal(t, []float64{7, 4, 3, 2, 1}, []float64{w.List().Items[0].Score, w.List().Items[1].Score,
		w.List().Items[2].Score, w.List().Items[3].Score, w.List().Items[4].Score})
}

// An id is typed whole, trimmed, and no two items (nor an item and an
// unretrieved judged one) share one.
func TestSetIDRefusesATakenOrEmptyID(t *testing.T) {
	w := scored()
	_, why := w.SetID(0, "B")
	assert.Equal(t, "another item is already called B: type another id", why)
	_, why = w.SetID(0, "X")
	assert.Equal(t, "another item is already called X: type another id", why, "the pool's ids are taken too")
	_, why = w.SetID(0, "  ")
	assert.Equal(t, "an item needs an id: type one, such as A", why)
	ed, why := w.SetID(0, "  q1-doc ")
	require.Empty(t, why)
	w.Apply(ed)
	assert.Equal(t, "q1-doc", w.List().Items[0].ID)
	require.NotNil(t, w.Result)
	assert.Equal(t, 0, w.IndexOf("q1-doc"))
	assert.Equal(t, -1, w.IndexOf("A"))
}

// Past MaxHistory edits the oldest are forgotten: undo takes back the
// last MaxHistory, no more; the history holds no more than that; and a
// version still names one state (a view's cache keyed on it must not
// take the state after 10 edits for the one after 11).
func TestMaxHistoryDropsTheOldest(t *testing.T) {
	doc, err := listio.Inline("3,2,1", "")
	require.NoError(t, err)
	w := New(doc, ndcg.DefaultSettings())
	w.MaxHistory = 5
	seen := map[int]bool{w.Version(): true}
	for i := range 12 {
		e, why := w.SetGrade(0, float64(i%4))
		require.NotNil(t, e, why)
		w.Apply(e)
		assert.False(t, seen[w.Version()], "version %d twice", w.Version())
		seen[w.Version()] = true
	}
	assert.Len(t, w.hist.done, 5)
	// 12 edits set rank 1's grade to 0,1,2,3,0,1,2,3,0,1,2,3; the last
	// five are 3,0,1,2,3: undone, the grade goes 2,1,0,3, then the one
	// before the five, 2.
	var grades []float64
	for {
		if _, ok := w.Undo(); !ok {
			break
		}
		grades = append(grades, w.Doc.List.Items[0].Grade)
	}
	assert.Equal(t, []float64{2, 1, 0, 3, 2}, grades)
	assert.True(t, w.Dirty(), "the list as loaded (grade 3) is out of reach")
}

// An item added below the lowest score gets one less, written as typed:
// 0.7 − 1 was -0.30000000000000004 on the status line.
func TestAddBelowTheLowestScoreReadsAsTyped(t *testing.T) {
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: []ndcg.Item{
		{ID: "A", Grade: 1, Score: 0.9, HasScore: true},
		{ID: "B", Grade: 2, Score: 0.7, HasScore: true},
	}}}, ndcg.DefaultSettings())
	e, why := w.Add(1)
	require.Empty(t, why)
	w.Apply(e)
	assert.Equal(t, "added C with score -0.3", e.String())
	assert.Equal(t, -0.3, w.List().Items[2].Score)
}
