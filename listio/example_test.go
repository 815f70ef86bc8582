package listio_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Seed 000's grades as a spreadsheet would export them. By hand, with
// exp gain: DCG@5 = 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 12.7796,
// IDCG@5 (ideal 3,3,2,1,0) = 7 + 7/log2(3) + 3/2 + 1/log2(5) = 13.3472.
func ExampleReadCSV() {
	doc, err := listio.ReadCSV("seed.csv", []byte("id,grade\nA,3\nB,2\nC,3\nD,0\nE,1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := ndcg.DefaultSettings()
	s.K = 5
	r, err := doc.Compute(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("DCG@5 %.4f  IDCG@5 %.4f  NDCG@5 %.4f\n", r.DCG(), r.IDCG(), r.NDCG())
	// Output: DCG@5 12.7796  IDCG@5 13.3472  NDCG@5 0.9575
}

// Errors name the file, the line and the field, and say what to do.
func ExampleReadJSON_error() {
	_, err := listio.ReadJSON("list.json", []byte(`{"items": [
  {"id": "A", "grade": 3, "score": 0.9},
  {"id": "B", "grade": 2}
]}`))
	fmt.Println(err)
	// Output: list.json:3: items[1].score: missing, but the first item has a score; give every item a score or none
}
