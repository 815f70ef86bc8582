package workspace

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestRescoreInPlace: random new scores and ties (s and t in the
// explorer), with moves, grade edits and changes of tie policy between,
// undone and redone, leave the result, the ranks and the scales as a
// fresh computation has them.
func TestRescoreInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	items := make([]ndcg.Item, 150)
	for i := range items {
		items[i] = ndcg.Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(4)), Score: float64(rng.IntN(40)), HasScore: true}
	}
	w := New(&listio.Document{Name: "t", List: &ndcg.List{Items: items, Pool: []ndcg.Judged{{ID: "p", Grade: 3}}}}, ndcg.DefaultSettings())
	for step := range 500 {
		r := rng.IntN(w.N())
		var e Edit
		switch rng.IntN(12) {
		case 0, 1, 2:
			e, _ = w.SetScore(r, float64(rng.IntN(45))-2.5)
		case 3, 4:
			e, _ = w.Tie(r)
		case 5:
			e, _ = w.Move(r, 1-2*rng.IntN(2))
		case 6:
			e = w.NextTies()
		case 7, 8:
			w.Undo()
		case 9:
			w.Redo()
		default:
			e, _ = w.SetGrade(r, float64(rng.IntN(5)))
		}
		if e != nil {
			w.Apply(e)
		}
		requireFresh(t, w, fmt.Sprintf("step %d", step))
	}
}
