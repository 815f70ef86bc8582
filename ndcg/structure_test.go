package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameStructure is requireSame with what a deletion or insertion
// also changes: the counts, the cutoffs and the tie groups.
func requireSameStructure(t *testing.T, want, got *Result, what string) {
	t.Helper()
	require.Equal(t, [3]int{want.N, want.K, want.IdealK}, [3]int{got.N, got.K, got.IdealK}, what)
	require.Equal(t, want.Ties, got.Ties, what)
	require.Equal(t, want.tieMean, got.tieMean, what)
	require.Equal(t, want.tieFold, got.tieFold, what)
	require.Equal(t, want.Discounts, got.Discounts, what)
	if want.N == 0 {
		// Recompute into an earlier result's memory gives an empty
		// ranking where Compute gives none: the same numbers.
		require.Equal(t, want.IDCG(), got.IDCG(), what)
		require.Equal(t, want.NDCG(), got.NDCG(), what)
		return
	}
	requireSame(t, want, got, what)
}

// TestDeleteInsertAtIsCompute: random deletions and insertions made in
// place give, bit for bit, what Compute gives from scratch on the edited
// list, under every tie policy, gain, IDCG source (with and without a
// pool) and grade rule, on lists with and without scores, many ties or
// none; with insertions that tie, that score −0 beside +0, and that
// leave the shortcut (a fractional grade, a grade of 64 or more, a grade
// the gain map lacks, a duplicate id, a missing score), interleaved with
// grade edits in place.
func TestDeleteInsertAtIsCompute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 2))
	fresh, inPlace, fromScratch := 0, 0, 0
	for trial := range 120 {
		n := 1 + rng.IntN(120)
		levels := 1 + rng.IntN(1+n/(1+trial%4))
		scored := trial%7 != 3
		newItem := func() Item {
			fresh++
			it := Item{ID: fmt.Sprintf("n%d", fresh), Grade: float64(rng.IntN(1 + trial%5)), HasScore: scored}
			if scored {
				it.Score = float64(rng.IntN(levels))
				if it.Score == 0 && rng.IntN(2) == 0 {
					it.Score = math.Copysign(0, -1)
				}
			}
			return it
		}
		items := make([]Item, n)
		for i := range items {
			items[i] = newItem()
		}
		list := &List{Items: items}
		if trial%3 != 0 {
			list.Pool = []Judged{{ID: "p1", Grade: 4}, {ID: "p2", Grade: 1}}
		}
		s := trialSettings(rng, trial, n)
		r, err := Compute(list, s)
		require.NoError(t, err, "trial %d", trial)
		for step := range 40 {
			what := fmt.Sprintf("trial %d step %d (%v, %d items)", trial, step, s.Ties, len(list.Items))
			var (
				got           *Result
				rank, idx     int
				gotErr        error
				deleted, edit bool
			)
			switch x := rng.IntN(10); {
			case x < 4 && len(list.Items) > 0:
				idx, deleted = rng.IntN(len(list.Items)), true
				want := slices.Index(r.Order, int32(idx))
				list.Items = slices.Delete(list.Items, idx, idx+1)
				got, rank, gotErr = DeleteAt(r, idx)
				if rank >= 0 {
					require.Equal(t, want, rank, what)
				}
			case x < 9:
				it := newItem()
				switch y := rng.IntN(30); {
				case y == 0:
					it.Grade = 2.5
				case y == 1:
					it.Grade = 70
				case y == 2:
					it.Grade = 9 // not in the map: an error there
				case y == 3 && len(list.Items) > 0:
					it.ID = list.Items[rng.IntN(len(list.Items))].ID // a duplicate: an error
				case y == 4:
					it.HasScore = !it.HasScore // an error unless the list is empty
				}
				idx = rng.IntN(len(list.Items) + 1)
				list.Items = slices.Insert(list.Items, idx, it)
				same := 0 // items with the new item's id, itself included
				for _, o := range list.Items {
					if o.ID == it.ID {
						same++
					}
				}
				if rng.IntN(2) == 0 && same == 1 {
					got, rank, gotErr = InsertUniqueAt(r, idx) // the id known to be new
				} else {
					got, rank, gotErr = InsertAt(r, idx)
				}
				if rank >= 0 {
					require.Equal(t, int32(idx), got.Order[rank], what)
				}
			default:
				if len(list.Items) == 0 {
					continue
				}
				at := rng.IntN(len(list.Items))
				list.Items[r.Order[at]].Grade = float64(rng.IntN(6))
				got, gotErr = RegradeAt(r, at)
				edit = true
			}
			want, wantErr := Compute(list, s)
			if wantErr != nil {
				require.Equal(t, wantErr, gotErr, what)
				require.False(t, edit, what)
				if deleted {
					t.Fatalf("%s: a deletion made the list invalid: %v", what, wantErr)
				}
				list.Items = slices.Delete(list.Items, idx, idx+1)
				r, err = Compute(list, s)
				require.NoError(t, err, what)
				continue
			}
			require.NoError(t, gotErr, what)
			requireSameStructure(t, want, got, what)
			r = got
			if !edit && rank >= 0 {
				inPlace++
			} else if !edit {
				fromScratch++
			}
		}
	}
	// The sweep is meant for the shortcut as much as for its fallback
	// (best, worst and docno ties on lists with ties are sorted).
	require.Greater(t, inPlace, 1000, "in place %d, from scratch %d", inPlace, fromScratch)
	t.Logf("in place %d, from scratch %d", inPlace, fromScratch)
}

// TestDeleteInsertAtInPlace: on a list the shortcut covers (small
// integer grades, scores with ties, expected ties) a deletion and an
// insertion are made in place, not recomputed.
func TestDeleteInsertAtInPlace(t *testing.T) {
	list, err := FromGrades([]float64{3, 2, 3, 0, 1, 2}, []float64{0.9, 0.5, 0.5, 0.5, 0.1, 0.1})
	require.NoError(t, err)
	r, err := Compute(list, DefaultSettings())
	require.NoError(t, err)
	list.Items = slices.Delete(list.Items, 2, 3) // the middle of the tie at 0.5
	got, rank, err := DeleteAt(r, 2)
	require.NoError(t, err)
	require.Equal(t, 2, rank)
	require.Same(t, r, got)
	list.Items = slices.Insert(list.Items, 0, Item{ID: "new", Grade: 1, Score: 0.1, HasScore: true})
	got, rank, err = InsertAt(r, 0)
	require.NoError(t, err)
	require.Equal(t, 3, rank, "after the three higher scores, first of the items of 0.1 by list order")
	require.Equal(t, []TieGroup{{Start: 1, End: 3, Score: 0.5}, {Start: 3, End: 6, Score: 0.1}}, got.Ties)
}
