package workspace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// requireFresh checks the workspace's result against a computation from
// scratch of its list and settings: a grade or settings edit keeps the
// ranking (ndcg.Regrade) and must give the same numbers.
func requireFresh(t *testing.T, w *Workspace, what string) {
	t.Helper()
	want, err := ndcg.Compute(w.List(), w.Settings)
	if err != nil {
		require.Nil(t, w.Result, what)
		require.Equal(t, err, w.Err, what)
		return
	}
	require.NotNil(t, w.Result, what)
	got := w.Result
	require.Equal(t, want.Order, got.Order, what)
	require.Equal(t, want.IdealOrder, got.IdealOrder, what)
	for i := range want.N {
		require.Equal(t, [3]float64{want.Grade(i), want.Gain(i), want.ExpectedGain(i)},
			[3]float64{got.Grade(i), got.Gain(i), got.ExpectedGain(i)}, "%s: rank %d", what, i+1)
	}
	for i := range want.IdealOrder {
		require.Equal(t, want.IdealGain(i), got.IdealGain(i), "%s: ideal rank %d", what, i+1)
	}
	for k := 0; k <= want.Ranks(); k++ {
		require.Equal(t, want.DCGBand(k), got.DCGBand(k), "%s: DCG@%d", what, k)
		require.Equal(t, want.IDCGAt(k), got.IDCGAt(k), "%s: IDCG@%d", what, k)
	}
	for i, idx := range want.Order {
		require.Equal(t, i, w.RankOf(int(idx)), what)
	}
	// The tie groups, their recorded scores bit for bit: −0 and +0 compare
	// equal, so a group headed by a −0 must not keep a +0.
	require.Len(t, got.Ties, len(want.Ties), what)
	for g := range want.Ties {
		wt, gt := want.Ties[g], got.Ties[g]
		require.Equal(t, [3]uint64{uint64(wt.Start), uint64(wt.End), math.Float64bits(wt.Score)},
			[3]uint64{uint64(gt.Start), uint64(gt.End), math.Float64bits(gt.Score)}, "%s: tie group %d", what, g+1)
	}
	// The scales, by their definition rank by rank.
	sc := Scales{NDCG: 1}
	for i := 0; i < want.Ranks(); i++ {
		act, ideal := explain.ContributionsAt(want, i)
		sc.Contribution = math.Max(sc.Contribution, math.Max(math.Abs(act), math.Abs(ideal)))
		if i < want.N {
			sc.NDCG = math.Max(sc.NDCG, math.Abs(want.NDCGAt(w.Settings.Ties, i+1)))
		}
	}
	if sc.Contribution == 0 {
		sc.Contribution = 1
	}
	require.Equal(t, sc, w.Scale, what)
}

// TestGradeEditsKeepTheRanking: random grade, score and settings edits,
// undone and redone, leave the result as a fresh computation has it.
func TestGradeEditsKeepTheRanking(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 4))
	items := make([]ndcg.Item, 300)
	for i := range items {
		items[i] = ndcg.Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(4)), Score: float64(rng.IntN(40)), HasScore: true}
	}
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items, Pool: []ndcg.Judged{{ID: "p", Grade: 3}}}}, ndcg.DefaultSettings())
	walk(w, rng, 400, []step{
		edit(func(w *Workspace, r int) (Edit, string) { return w.SetScore(r, float64(rng.IntN(40))) }),
		nextTies,
		{1, func(w *Workspace, _ int) Edit { return w.NextGain(nil) }},
		{1, func(w *Workspace, _ int) Edit { return w.ToggleIDCG() }},
		{1, func(w *Workspace, _ int) Edit { return w.KUp() }},
		undo, redo,
		weighted(3, grades(rng, 5)),
	}, func(i int) { requireFresh(t, w, fmt.Sprintf("step %d", i)) })
}

// TestAddDeleteInPlace: items added, duplicated and deleted, undone and
// redone, between grade and settings edits, on lists with and without
// scores, leave the result and the ranks as a fresh computation has
// them (ndcg.InsertAt and DeleteAt in place, or from scratch where they
// fall back).
func TestAddDeleteInPlace(t *testing.T) {
	for _, scored := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(17, 4))
		items := make([]ndcg.Item, 200)
		for i := range items {
			items[i] = ndcg.Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(4)), Score: float64(rng.IntN(30)), HasScore: scored}
		}
		w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items, Pool: []ndcg.Judged{{ID: "p", Grade: 3}}}}, ndcg.DefaultSettings())
		walk(w, rng, 400, []step{
			weighted(2, edit((*Workspace).Add)),
			edit((*Workspace).Duplicate),
			weighted(2, edit((*Workspace).Delete)),
			nextTies,
			{1, func(w *Workspace, _ int) Edit { return w.ToggleIDCG() }},
			weighted(2, undo), redo,
			weighted(2, grades(rng, 5)),
		}, func(i int) { requireFresh(t, w, fmt.Sprintf("scored %v step %d", scored, i)) })
	}
}

// TestFreshIDs: a new item takes the first spreadsheet name from the
// list's length on that no item or pool item has, a copy the first
// free id.N from 2.
func TestFreshIDs(t *testing.T) {
	items := []ndcg.Item{{ID: "A"}, {ID: "x"}, {ID: "D"}, {ID: "x.2"}, {ID: "x.03"}, {ID: "x.3"}, {ID: "x.y.4"}}
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items, Pool: []ndcg.Judged{{ID: "H"}, {ID: "x.4"}}}}, ndcg.DefaultSettings())
	require.Equal(t, "I", w.freshID(), "7 items: from H on, and the pool has H")
	require.Equal(t, "x.5", w.copyID("x"))
	require.Equal(t, "x.y.2", w.copyID("x.y"))
	for i := range 1000 {
		id := ndcg.DefaultID(i)
		got, ok := defaultIndex(id)
		require.True(t, ok, id)
		require.Equal(t, i, got, id)
	}
	_, ok := defaultIndex("a1")
	require.False(t, ok)
	// A list named A, B, … with some items deleted and some added.
	big := make([]ndcg.Item, 3000)
	for i := range big {
		big[i] = ndcg.Item{ID: ndcg.DefaultID(i)}
	}
	big = append(big[:10], big[20:]...) // 2,990 items, the last named for position 2,999
	big = append(big, ndcg.Item{ID: ndcg.DefaultID(3000)})
	w = New(&listio.Document{Name: "t", List: &ndcg.List{Items: big}}, ndcg.DefaultSettings())
	require.Equal(t, ndcg.DefaultID(3001), w.freshID(), "2,991 items: the names of positions 2,991 to 3,000 are taken")
}

// TestUndoDeleteOfADuplicate: deleting one of two items with the same
// id makes the list compute; undoing it brings the error back (the item
// put back is checked against every id, the list before did not compute).
func TestUndoDeleteOfADuplicate(t *testing.T) {
	items := []ndcg.Item{{ID: "a", Grade: 1, Score: 3, HasScore: true}, {ID: "x", Grade: 2, Score: 2, HasScore: true}, {ID: "x", Grade: 0, Score: 1, HasScore: true}}
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items}}, ndcg.DefaultSettings())
	require.Error(t, w.Err)
	e, _ := w.Delete(2)
	w.Apply(e)
	requireFresh(t, w, "one x deleted")
	require.NoError(t, w.Err)
	w.Undo()
	requireFresh(t, w, "the deletion undone")
	require.Error(t, w.Err)
	w.Redo()
	requireFresh(t, w, "redone")
}
