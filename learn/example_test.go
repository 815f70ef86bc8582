package learn_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// A step's question, its true answer and what check finds behind a
// wrong one.
func Example() {
	s, _ := learn.At(8)
	fmt.Println(s.Title)
	fmt.Println(s.Question)
	truth, _ := s.Truth()
	fmt.Printf("%s = %.4f\n", s.Label(), truth)
	w, _ := verify.ParseWritten("0.73")
	fmt.Println(s.Diagnose(w).Slip)
	// Output:
	// ties at the cutoff
	// What is NDCG@3 under worst ties, to two decimals?
	// NDCG@3 = 0.5908
	// you ordered the tied items as expected ties do, not worst
}

// A lesson file of one step, read and answered: the step's list, its
// conventions, what it asks and its question, then the instruction.
// By hand: DCG@2 = 3 + 0 = 3, IDCG@2 over 3,2 = 3 + 2/log2 3 = 4.2619,
// NDCG@2 = 0.7039.
func ExampleParse() {
	p, err := learn.Parse("lesson.md", []byte(`# A lesson

## the top two
list: 3,0,2
settings: gain=linear k=2
ask: ndcg
question: What is NDCG@2, to two decimals?

Rank 1 counts whole, rank 2 by 1/log2 3.
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := p.Steps[0]
	truth, _ := s.Truth()
	fmt.Printf("%s: %s = %.4f\n", s.Title, s.Label(), truth)
	_, err = learn.Parse("lesson.md", []byte("# A lesson\n\n## a step\nlist: 3,0,2\nask: ndgc\n"))
	fmt.Println(err)
	// Output:
	// the top two: NDCG@2 = 0.7039
	// lesson.md:5: ask: "ndgc" is not a quantity; write dcg, idcg, ndcg, term N (what rank N adds), k below X (the smallest k at which NDCG@k falls below X) or rank most (the rank that adds most)
}
