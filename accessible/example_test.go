package accessible_test

import (
	"os"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The grades 3, 2, 1 under linear gain: rank 2 adds 2 × 1/log2(3) =
// 1.262; set to 3, it adds 3 × 0.631 = 1.893, and the ideal order is
// 3, 3, 1.
func ExampleExplore() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 1}, nil)
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2}
	_ = accessible.Explore(strings.NewReader("rank 2\ngrade 2 3\nquit\n"), os.Stdout, "three grades", list, s)
	// Output:
	// three grades.
	// 3 items, ranked in the list's order.
	// Rank 1: A, grade 3.
	// Rank 2: B, grade 2.
	// Rank 3: C, grade 1.
	// Gain linear (g), discount log2, k=all, ties expected.
	// DCG@all is 4.76, IDCG@all 4.76, NDCG@all 1.000.
	// Type a command and press enter; help lists them, quit ends.
	// Rank 2, B, grade 2: gain 2, discount 0.631, adds 1.262.
	// Rank 2, B, grade 3: gain 3, discount 0.631, adds 1.893. DCG@all is 5.39, IDCG@all 5.39, NDCG@all 1.000.
	// Goodbye.
}
