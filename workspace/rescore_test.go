package workspace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestRescoreInPlace: random new scores and ties (s and t in the
// explorer), with moves, grade edits and changes of tie policy between,
// undone and redone, leave the result, the ranks and the scales as a
// fresh computation has them. Some scores are −0 and +0, which tie.
func TestRescoreInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	score := func(n int, shift float64) float64 {
		if rng.IntN(6) == 0 {
			return math.Copysign(0, float64(1-2*rng.IntN(2)))
		}
		return float64(rng.IntN(n)) - shift
	}
	items := make([]ndcg.Item, 150)
	for i := range items {
		items[i] = ndcg.Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(4)), Score: score(40, 0), HasScore: true}
	}
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items, Pool: []ndcg.Judged{{ID: "p", Grade: 3}}}}, ndcg.DefaultSettings())
	walk(w, rng, 500, []step{
		weighted(3, edit(func(w *Workspace, r int) (Edit, string) { return w.SetScore(r, score(45, 2.5)) })),
		weighted(2, edit((*Workspace).Tie)),
		edit(func(w *Workspace, r int) (Edit, string) { return w.Move(r, 1-2*rng.IntN(2)) }),
		nextTies,
		weighted(2, undo), redo,
		weighted(2, grades(rng, 5)),
	}, func(i int) { requireFresh(t, w, fmt.Sprintf("step %d", i)) })
}

// Moves within ties under every tie policy: two items of one group swap
// list positions, which RegradeAt of their two ranks works out (but
// under docno ties, where ids order a group); each step is checked
// against a fresh computation. Some zeros are −0, which tie with +0.
func TestMoveWithinATieInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, ties := range []ndcg.TiePolicy{ndcg.Expected, ndcg.Input, ndcg.Best, ndcg.Worst, ndcg.Docno} {
		items := make([]ndcg.Item, 60)
		for i := range items {
			// Scores 0 to 3, zeros of either sign.
			sc := float64(rng.IntN(5) - 1)
			if sc < 0 {
				sc = math.Copysign(0, -1)
			}
			items[i] = ndcg.Item{ID: fmt.Sprintf("d%02d", i), Grade: float64(rng.IntN(4)), Score: sc, HasScore: true}
		}
		s := ndcg.DefaultSettings()
		s.Ties = ties
		w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items}}, s)
		moved := 0
		for step := range 200 {
			r := rng.IntN(w.N() - 1)
			e, _ := w.Move(r, 1)
			if e == nil {
				continue
			}
			if tieSwap(e, w.Result) != nil {
				moved++
			}
			w.Apply(e)
			if step%7 == 0 {
				w.Undo()
			}
			requireFresh(t, w, fmt.Sprintf("%s step %d", ties, step))
		}
		if ties != ndcg.Docno {
			assert.Greater(t, moved, 20, "%s: moves within a tie", ties)
		}
	}
}
