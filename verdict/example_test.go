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

// The tutorial's grades 3,2,3,0,1 at k=5 under exponential gain: NDCG@5
// = 12.7796/13.3472 = 0.9575. An answer above 1 is the ratio upside
// down, 13.3472/12.7796 = 1.0444; 95.75 is a percentage. Grades 2,3,0,1
// scored 0.829,0.651,0.136,0.123 at k=3: IDCG@2 and the ideal of the top
// 3 retrieved are both 7 + 3/log2 3 = 8.8928, and DCG@2 = DCG@3 = 3 +
// 7/log2 3 + 0 = 7.4165, so 7.4165/8.8928 = 0.8340 fits k−1 and the
// ideal from the top k alike.
func ExampleFindingOf() {
	tutorial, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 5
	for _, answer := range []string{"1.04", "95.75"} {
		w, _ := verify.ParseWritten(answer)
		f := verdict.FindingOf(tutorial, s, w)
		fmt.Printf("%s: %v %s\n", answer, f.Diagnosis.Mistakes, f.Summary())
	}
	list, _ := ndcg.FromGrades([]float64{2, 3, 0, 1}, []float64{0.829, 0.651, 0.136, 0.123})
	s.K = 3
	w, _ := verify.ParseWritten("0.8340")
	d := verdict.FindingOf(list, s, w).Diagnosis
	fmt.Println(d.Mistakes, d.Ambiguous, d.Key())
	// Output:
	// 1.04: [ratio_inverted] NDCG cannot exceed 1; used IDCG / DCG
	// 95.75: [percent] NDCG cannot exceed 1; used 100 × NDCG
	// [k_minus_1 ideal_top_k] true k_minus_1 | ideal_top_k
}
