package workspace

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// SwapRanks exchanges the items at 0-based ranks i and j the way
// ndcg.Result.SwapDelta assumes, so that the change applied is the
// change the swap map showed: on a scored list the two items exchange
// scores (each joins the other's tie group, where the tie policy orders
// it again); on a list without scores they exchange places.
func (w *Workspace) SwapRanks(i, j int) (Edit, string) {
	if w.Result == nil {
		return nil, "fix the error first (or undo): a swap needs a list that computes"
	}
	if i == j || i < 0 || j < 0 || i >= w.N() || j >= w.N() {
		return nil, "a swap needs two different ranks"
	}
	a, b := w.ItemAt(i), w.ItemAt(j)
	items := w.List().Items
	x, y := items[a], items[b]
	if w.List().Scored() {
		if x.Score == y.Score {
			return nil, fmt.Sprintf("%s and %s share the score %s: exchanging scores changes nothing", x.ID, y.ID, fmtNum(x.Score))
		}
		x2, y2 := x, y
		x2.Score, y2.Score = y.Score, x.Score
		return &setItems{what: fmt.Sprintf("swapped ranks %d and %d: %s and %s exchanged scores", i+1, j+1, x.ID, y.ID),
			idx: []int{a, b}, before: []ndcg.Item{x, y}, after: []ndcg.Item{x2, y2}, at: a}, ""
	}
	return &setItems{what: fmt.Sprintf("swapped ranks %d and %d: %s and %s changed places", i+1, j+1, x.ID, y.ID),
		idx: []int{a, b}, before: []ndcg.Item{x, y}, after: []ndcg.Item{y, x}, at: a}, ""
}
