package verdict_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// The quiz question of seed 7, round 1: grades 2,0,0,1,0,0 at k=3, whose
// NDCG@3 is 3 / (3 + 1/log2 3) = 0.8262 under exponential gain. Each
// wrong answer is explained as check explains it.
func ExampleDiagnose() {
	q := explain.NewQuestion(7, 1)
	s := ndcg.DefaultSettings()
	s.K = q.K
	for _, answer := range []string{"0.76", "0.82", "0.70", "0.31"} {
		w, _ := verify.ParseWritten(answer)
		fmt.Printf("%s: %s\n", answer, verdict.Diagnose(q.List, s, w))
	}
	// Output:
	// 0.76: used gain linear (not exp)
	// 0.82: cut the digits off instead of rounding
	// 0.70: IDCG at rank 2: the term counted twice
	// 0.31: unexplained
}
