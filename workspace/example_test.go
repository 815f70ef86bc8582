package workspace_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// An edit is made from the rank a cursor is on, applied, and taken back.
// By hand, with linear gain: grades 1, 3 give DCG 1 + 3/log2(3) = 2.8928
// and IDCG 3 + 1/log2(3) = 3.6309, so NDCG 0.7967; moving B up gives the
// ideal order, NDCG 1.
func Example() {
	list, _ := ndcg.FromGrades([]float64{1, 3}, nil)
	s := ndcg.DefaultSettings()
	s.Gain = ndcg.Linear
	w := workspace.New(&listio.Document{Name: "example", List: list}, s)
	fmt.Printf("NDCG %.4f\n", w.Result.NDCG())

	e, why := w.Move(1, -1) // the item at rank 2, one rank up
	if why != "" {
		fmt.Println(why)
		return
	}
	ed := w.Apply(e)
	fmt.Printf("%s: NDCG %.4f, unsaved %v\n", ed.What, w.Result.NDCG(), w.Dirty())

	ed, _ = w.Undo()
	fmt.Printf("%s: NDCG %.4f, unsaved %v\n", ed.What, w.Result.NDCG(), w.Dirty())
	// Output:
	// NDCG 0.7967
	// moved B up: NDCG 1.0000, unsaved true
	// undid: moved B up: NDCG 0.7967, unsaved false
}
