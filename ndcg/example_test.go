package ndcg_test

import (
	"fmt"
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The worked examples of the tutorials the project started from, with
// their correct values: every number printed below equals scikit-learn's
// (ndcg_score and dcg_score; see testdata/sklearn, where these lists are
// cases of their own). Where a tutorial printed something else, the
// comment says so.

// Grades 3, 2, 3, 0, 1 in ranking order with exponential gain, as seed
// 000 computes them. Its DCG@5 of 12.78 is right; its IDCG@5 of 13.65 and
// NDCG@5 of 0.94 are not: the ideal order 3, 3, 2, 1, 0 gives
// 7 + 7/log2(3) + 3/2 + 1/log2(5) = 13.3472.
func Example_seed000ExponentialGain() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 5})
	if err != nil {
		panic(err)
	}
	for i := 0; i < r.K; i++ {
		row := r.Row(i)
		fmt.Printf("rank %d: gain %2.0f × %.4f = %.4f   ideal %2.0f × %.4f = %.4f\n",
			row.Rank, row.Gain, row.Discount, row.Contribution, row.IdealGain, row.Discount, row.IdealContribution)
	}
	fmt.Printf("DCG@5 = %.4f\nIDCG@5 = %.4f\nNDCG@5 = %.4f\n", r.DCG(), r.IDCG(), r.NDCG())
	// Output:
	// rank 1: gain  7 × 1.0000 = 7.0000   ideal  7 × 1.0000 = 7.0000
	// rank 2: gain  3 × 0.6309 = 1.8928   ideal  7 × 0.6309 = 4.4165
	// rank 3: gain  7 × 0.5000 = 3.5000   ideal  3 × 0.5000 = 1.5000
	// rank 4: gain  0 × 0.4307 = 0.0000   ideal  1 × 0.4307 = 0.4307
	// rank 5: gain  1 × 0.3869 = 0.3869   ideal  0 × 0.3869 = 0.0000
	// DCG@5 = 12.7796
	// IDCG@5 = 13.3472
	// NDCG@5 = 0.9575
}

// Seed 000's scikit-learn snippet passes the grades themselves as y_true,
// so scikit-learn uses linear gain and prints 0.9724, not the 0.94 the
// seed shows. The sklearn preset reproduces it.
func Example_seed000Sklearn() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, []float64{0.9, 0.8, 0.3, 0.2, 0.1})
	p, _ := ndcg.FindPreset("sklearn")
	r, err := ndcg.Compute(list, p.Apply(ndcg.Settings{K: 5}))
	if err != nil {
		panic(err)
	}
	fmt.Printf("NDCG@5: %.4f (%s)\n", r.NDCG(), r.Settings)
	// Output:
	// NDCG@5: 0.9724 (gain=linear discount=log2 k=5 ties=expected idcg=list zero=0)
}

// The same grades with linear gain, as seed 002 computes them (its
// 6.149, 6.324 and 0.972 are right).
func Example_seed002LinearGain() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Linear, K: 5})
	if err != nil {
		panic(err)
	}
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		fmt.Printf("%.0f/log2(%d) = %.4f\n", row.Grade, row.Rank+1, row.Contribution)
	}
	fmt.Printf("DCG@5 = %.4f, IDCG@5 = %.4f, NDCG@5 = %.4f\n", r.DCG(), r.IDCG(), r.NDCG())
	// Output:
	// 3/log2(2) = 3.0000
	// 2/log2(3) = 1.2619
	// 3/log2(4) = 1.5000
	// 0/log2(5) = 0.0000
	// 1/log2(6) = 0.3869
	// DCG@5 = 6.1487, IDCG@5 = 6.3235, NDCG@5 = 0.9724
}

// Seed 004's movies A..E with relevance 4, 2, 5, 3, 5 and linear gain:
// the running DCG, IDCG and NDCG at every rank. The seed's table rounds
// these to two decimals.
func Example_seed004Movies() {
	list, _ := ndcg.FromGrades([]float64{4, 2, 5, 3, 5}, nil)
	r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Linear})
	if err != nil {
		panic(err)
	}
	fmt.Println("k  movie  rel  DCG@k    IDCG@k   NDCG@k")
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		fmt.Printf("%d  %-5s  %.0f    %-7.4f  %-7.4f  %.4f\n", row.Rank, row.Item.ID, row.Grade, row.DCG, row.IDCG, row.NDCG)
	}
	// Output:
	// k  movie  rel  DCG@k    IDCG@k   NDCG@k
	// 1  A      4    4.0000   5.0000   0.8000
	// 2  B      2    5.2619   8.1546   0.6453
	// 3  C      5    7.7619   10.1546  0.7644
	// 4  D      3    9.0539   11.4467  0.7910
	// 5  E      5    10.9882  12.2204  0.8992
}

// Seed 004's scikit-learn snippet ranks the relevances 5, 5, 4, 3, 2 by
// the scores 3, 1, 5, 2, 4: the order is 4, 2, 5, …, the movies again,
// and NDCG@3 is 0.7644 (the seed's 0.76).
func Example_seed004Sklearn() {
	list, _ := ndcg.FromGrades([]float64{5, 5, 4, 3, 2}, []float64{3, 1, 5, 2, 4})
	p, _ := ndcg.FindPreset("sklearn")
	r, err := ndcg.Compute(list, p.Apply(ndcg.Settings{K: 3}))
	if err != nil {
		panic(err)
	}
	fmt.Printf("NDCG@3: %.4f\n", r.NDCG())
	// Output:
	// NDCG@3: 0.7644
}

// Seed 001's eight documents A..H ranked by score, exponential gain, k=5.
func Example_seed001EightItems() {
	grades := []float64{3, 2, 3, 0, 1, 2, 0, 1}
	scores := []float64{0.60, 0.20, 0.80, 0.40, 0.10, 0.30, 0.05, 0.70}
	list, _ := ndcg.FromGrades(grades, scores)
	r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Exp, K: 5})
	if err != nil {
		panic(err)
	}
	predicted, ideal := "", ""
	for i := 0; i < r.N; i++ {
		predicted += r.Row(i).Item.ID
		ideal += r.IdealID(i)
	}
	fmt.Println("Predicted order:", predicted)
	fmt.Println("Ideal order:    ", ideal)
	fmt.Printf("DCG@5:  %.4f\nIDCG@5: %.4f\nNDCG@5: %.4f\n", r.DCG(), r.IDCG(), r.NDCG())
	// Output:
	// Predicted order: CHADFBEG
	// Ideal order:     ACBFEHDG
	// DCG@5:  12.2915
	// IDCG@5: 14.5954
	// NDCG@5: 0.8421
}

// Seed 001's tie example: three documents share the score 0.8, so
// NDCG@5 depends on how the tie is broken. Expected is the mean over the
// six orders of the tie (scikit-learn's ndcg_score); input order happens
// to be the best order here.
func Example_seed001Ties() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 1, 0, 0}, []float64{0.9, 0.8, 0.8, 0.8, 0.1})
	r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Exp, K: 5})
	if err != nil {
		panic(err)
	}
	b := r.NDCGBand(5)
	fmt.Printf("worst    %.4f\nexpected %.4f\nbest     %.4f\ninput    %.4f\n", b.Worst, b.Expected, b.Best, b.Input)
	fmt.Printf("tie group: ranks %d..%d\n", r.Ties[0].Start+1, r.Ties[0].End)
	// Output:
	// worst    0.9360
	// expected 0.9669
	// best     1.0000
	// input    1.0000
	// tie group: ranks 2..4
}

// The base of the standard discount's logarithm scales every DCG and IDCG
// by the same factor ln(B)/ln(2), so it cancels out of NDCG (scikit-learn's
// dcg_score(log_base=10) gives the DCG below).
func Example_logBase() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	for _, d := range []ndcg.Discount{ndcg.Log2, {Kind: ndcg.DiscountLog, Base: 10}, {Kind: ndcg.DiscountLog, Base: math.E}} {
		r, err := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Exp, Discount: d, K: 5})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s DCG@5 %8.4f  NDCG@5 %.4f\n", d.String()+":", r.DCG(), r.NDCG())
	}
	// Output:
	// log2:                  DCG@5  12.7796  NDCG@5 0.9575
	// log:10:                DCG@5  42.4531  NDCG@5 0.9575
	// log:2.718281828459045: DCG@5  18.4371  NDCG@5 0.9575
}

// Derive tries other conventions on a list keeping the first result's
// ranking, as check does for a claim that does not hold: here the
// tutorial's grades 3,2,3,0,1 under exponential, then linear gain.
func ExampleDerive() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	exp, _ := ndcg.Compute(list, ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 5})
	linear, _ := ndcg.Derive(exp, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 5})
	fmt.Printf("exp NDCG@5 = %.4f, linear NDCG@5 = %.4f\n", exp.NDCG(), linear.NDCG())
	// Output: exp NDCG@5 = 0.9575, linear NDCG@5 = 0.9724
}

// XGBoost and LightGBM share every convention but one: XGBoost cuts a
// grade to its integer part, where LightGBM stops on a grade that is not
// whole. A grade of 2.5 at rank 1 counts as 2 under the xgboost preset:
// DCG@3 = 3/1 + 0 + 3/2 = 4.5 over IDCG@3 = 3 + 3/log2(3) = 4.8928 is
// 0.9197, as XGBoost 1.7.4 prints it (eval_metric ndcg@3, labels
// 2.5, 0, 2, predictions 0.9, 0.8, 0.1: 0.91972078914818756). Taken as
// given (the lightgbm preset, which LightGBM itself would refuse), the
// 2.5 gains 2^2.5 − 1 = 4.6569.
func ExampleFindPreset_xgboost() {
	list, _ := ndcg.FromGrades([]float64{2.5, 0, 2}, []float64{0.9, 0.8, 0.1})
	for _, name := range []string{"xgboost", "lightgbm"} {
		p, _ := ndcg.FindPreset(name)
		r, err := ndcg.Compute(list, p.Apply(ndcg.Settings{K: 3}))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-8s NDCG@3 = %.4f (%s)\n", name, r.NDCG(), r.Settings)
	}
	// Output:
	// xgboost  NDCG@3 = 0.9197 (gain=exp discount=log2 k=3 ties=input idcg=list zero=1 grades=integer)
	// lightgbm NDCG@3 = 0.9400 (gain=exp discount=log2 k=3 ties=input idcg=list zero=1)
}
