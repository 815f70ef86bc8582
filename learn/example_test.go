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
