package ltr_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ltr"
)

// One query, three libraries: the rows tied at 0.5 keep their input
// order under XGBoost and LightGBM; scikit-learn averages over the tie
// and uses the labels themselves as gains. The query without a relevant
// document scores 1 in XGBoost's ndcg@3 and 0 in its ndcg@3-.
// (scikit-learn's ndcg_score(k=3) on q1 gives 0.38383512579045026.)
func Example() {
	ds := &ltr.DataSet{Name: "example", Queries: []ltr.Query{
		{QID: "1", Labels: []float64{3, 2, 3, 0, 1}, Predictions: []float64{0.5, 0.5, 0.1, 0.9, 0.5}},
		{QID: "2", Labels: []float64{0, 0}, Predictions: []float64{0.2, 0.1}},
	}}
	for _, name := range []string{"xgboost", "xgboost-", "lightgbm", "sklearn"} {
		r, _ := ltr.FindRules(name)
		res, err := ltr.Evaluate(ds, r, []int{3})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-9s %-7s q1 %.4f  q2 %.4f  mean %.4f\n", name, res.Measures[0],
			res.Queries[0].Values[0], res.Queries[1].Values[0], res.All[0])
	}
	// Output:
	// xgboost   ndcg@3  q1 0.4581  q2 1.0000  mean 0.7290
	// xgboost-  ndcg@3- q1 0.4581  q2 0.0000  mean 0.2290
	// lightgbm  ndcg@3  q1 0.4581  q2 1.0000  mean 0.7290
	// sklearn   ndcg@3  q1 0.3838  q2 0.0000  mean 0.1919
}
