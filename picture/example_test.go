package picture_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/picture"
)

// The charts a picture of a list shows: with a tie group, the band of
// tie orders and the distribution over its arrangements join the
// contribution and NDCG@k charts.
func ExampleCharts() {
	l := &ndcg.List{Items: []ndcg.Item{
		{ID: "A", Grade: 3, Score: 0.9, HasScore: true},
		{ID: "B", Grade: 0, Score: 0.7, HasScore: true},
		{ID: "C", Grade: 2, Score: 0.7, HasScore: true},
	}}
	s := ndcg.DefaultSettings()
	s.K = 2
	r, err := ndcg.Compute(l, s)
	if err != nil {
		panic(err)
	}
	for _, c := range picture.Charts(r) {
		fmt.Println(c.Title)
	}
	// Output:
	// Contribution per rank, actual vs ideal (DCG@2 vs IDCG@2)
	// NDCG@k for every k (ties expected)
	// NDCG@2 over the orders of the tie groups
	// Distribution of NDCG@2 over all 2 arrangements, exact
}
