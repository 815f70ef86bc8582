package explain_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The worked example of a tutorial: grades 3,2,3,0,1 in ranking order,
// exponential gain, k=5. scikit-learn gives DCG@5 12.7796, IDCG@5
// 13.3472 and NDCG@5 0.9575 (verify/testdata/reference.json).
func ExampleNew() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 5
	r, _ := ndcg.Compute(list, s)
	fmt.Print(explain.New(r).Text())
	// Output:
	// Working (gain 2^g−1, discount 1/log2(i+1), k=5: each term is gain / log2(i+1))
	//
	// ranking: A(3) B(2) C(3) D(0) E(1)
	// DCG@5 = 7/1.000 + 3/1.585 + 7/2.000 + 0/2.322 + 1/2.585
	//       = 7.000 + 1.893 + 3.500 + 0.000 + 0.387 = 12.780
	//
	// ideal order (the list's grades, highest first): A(3) C(3) B(2) E(1) D(0)
	// IDCG@5 = 7/1.000 + 7/1.585 + 3/2.000 + 1/2.322 + 0/2.585
	//        = 7.000 + 4.417 + 1.500 + 0.431 + 0.000 = 13.347
	// The terms as written add up to 13.348: each is rounded to 3 decimals, and 13.347 is the exact sum, rounded once.
	//
	// NDCG@5 = DCG@5 / IDCG@5 = 12.780 / 13.347 = 0.9575
}

// Under expected ties, every rank of a tie group gets the group's mean
// gain. scikit-learn's ndcg_score (ignore_ties=False) gives 0.9579 here.
func ExampleWorking_Text_ties() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 1, 0, 0}, []float64{0.9, 0.8, 0.8, 0.8, 0.1})
	s := ndcg.DefaultSettings()
	s.Gain = ndcg.Linear
	r, _ := ndcg.Compute(list, s)
	fmt.Print(explain.New(r).Text())
	// Output:
	// Working (gain g, discount 1/log2(i+1), k=all: each term is gain / log2(i+1))
	//
	// ranking: A(3) [B(2) C(1) D(0)] E(0)
	// DCG@all = 3/1.000 + 1*/1.585 + 1*/2.000 + 1*/2.322 + 0/2.585
	//         = 3.000 + 0.631 + 0.500 + 0.431 + 0.000 = 4.562
	// * ranks 2–4 tie (score 0.8): under expected ties every rank of the group gets its mean gain (2 + 1 + 0)/3 = 1.
	//
	// ideal order (the list's grades, highest first): A(3) B(2) C(1) D(0) E(0)
	// IDCG@all = 3/1.000 + 2/1.585 + 1/2.000 + 0/2.322 + 0/2.585
	//          = 3.000 + 1.262 + 0.500 + 0.000 + 0.000 = 4.762
	//
	// NDCG@all = DCG@all / IDCG@all = 4.562 / 4.762 = 0.9579
}

// The Järvelin–Kekäläinen discount is 1 at ranks 1 and 2, so each term
// is written gain × discount: 4 + 2 + 5/log2(3) = 9.155.
func ExampleSum_Line() {
	list, _ := ndcg.FromGrades([]float64{4, 2, 5, 3, 5}, nil)
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.JK2, K: 3}
	r, _ := ndcg.Compute(list, s)
	w := explain.New(r)
	fmt.Println(w.DCG.Line())
	fmt.Println(w.IDCG.Line())
	// Output:
	// DCG@3 = 4×1.000 + 2×1.000 + 5×0.631 = 4.000 + 2.000 + 3.155 = 9.155
	// IDCG@3 = 5×1.000 + 5×1.000 + 4×0.631 = 5.000 + 5.000 + 2.524 = 12.524
}

// The same list at k=3, for slides. By hand: DCG@3 = 7 + 3/log2(3) + 7/2
// = 12.3928, IDCG@3 = 7 + 7/log2(3) + 3/2 = 12.9165, NDCG@3 = 0.9595
// (scikit-learn: verify/testdata/reference.json, seed000-exp, k=3).
func ExampleWorking_Markdown() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 3
	r, _ := ndcg.Compute(list, s)
	fmt.Print(explain.New(r).Markdown())
	// Output:
	// ### Working
	//
	// Gain 2^g−1, discount 1/log2(i+1), k=3: each term is gain / log2(i+1).
	//
	// Ranking: `A(3) B(2) C(3) | D(0) E(1)`
	//
	// ```text
	// DCG@3 = 7/1.000 + 3/1.585 + 7/2.000
	//       = 7.000 + 1.893 + 3.500 = 12.393
	// ```
	//
	// Ideal order (the list's grades, highest first): `A(3) C(3) B(2)` (+2 more past k)
	//
	// ```text
	// IDCG@3 = 7/1.000 + 7/1.585 + 3/2.000
	//        = 7.000 + 4.417 + 1.500 = 12.917
	// ```
	//
	// `NDCG@3 = DCG@3 / IDCG@3 = 12.393 / 12.917 = 0.9595`
}

// A chart has one scale for all its bars and prints every value.
func ExampleChart_Text() {
	c := explain.Chart{Title: "NDCG@5 by tie order", Scale: 1, Width: 20, Bars: []explain.Bar{
		{Label: "worst", Value: 0.75},
		{Label: "best", Value: 1},
	}}
	fmt.Print(c.Text())
	// Output:
	// NDCG@5 by tie order
	// worst |###############      0.750
	// best  |#################### 1.000
}

// Each rank's contribution beside the ideal ranking's.
func ExampleContributionChart() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 3
	r, _ := ndcg.Compute(list, s)
	c := explain.ContributionChart(r)
	c.Width = 28
	fmt.Print(c.Text())
	// Output:
	// Contribution per rank, actual vs ideal (DCG@3 vs IDCG@3)
	// 1 actual |############################ 7.000
	//   ideal  |############################ 7.000
	//
	// 2 actual |########                     1.893
	//   ideal  |##################           4.417
	//
	// 3 actual |##############               3.500
	//   ideal  |######                       1.500
}
