package ltr

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// LightGBM cannot run here, so its rules are worked out by hand from its
// source. Line numbers refer to microsoft/LightGBM at commit bae0b7ba9
// (src/metric/rank_metric.hpp, src/metric/dcg_calculator.cpp,
// src/io/config.cpp); the rules have not changed there since v3.

func lgbm(t *testing.T, labelGain []float64) Rules {
	t.Helper()
	r, err := LightGBM(labelGain)
	require.NoError(t, err)
	return r
}

func evalOne(t *testing.T, r Rules, labels, preds []float64, ks ...int) []float64 {
	t.Helper()
	res, err := Evaluate(&DataSet{Name: "t", Queries: []Query{{QID: "1", Labels: labels, Predictions: preds}}}, r, ks)
	require.NoError(t, err)
	return res.Queries[0].Values
}

// dcg_calculator.cpp 115-140 (CalDCG): std::stable_sort by score
// descending, so tied documents keep their input order; gain
// label_gain[label] (default 2^label−1, lines 33-43) times discount
// 1/log2(2+j) (line 52). CalMaxDCG (82-113) takes labels from the
// highest down.
func TestLightGBMStableSortAndExpGain(t *testing.T) {
	labels := []float64{3, 2, 3, 0, 1}
	preds := []float64{0.5, 0.5, 0.1, 0.9, 0.5}
	// Ranked: row 4 (0.9, label 0), then the tie at 0.5 in input order:
	// rows 1 (3), 2 (2), 5 (1); then row 3 (0.1, label 3).
	// DCG@3  = 0 + 7/log2(3) + 3/log2(4)      = 4.416508 + 1.5 = 5.916508
	// IDCG@3 = 7 + 7/log2(3) + 3/log2(4)      = 12.916508
	// NDCG@3 = 5.916508 / 12.916508           = 0.458058
	got := evalOne(t, lgbm(t, nil), labels, preds, 3)
	assert.InDelta(t, 0.458058, got[0], 1e-6)
	assert.InDelta(t, (7/math.Log2(3)+1.5)/(7+7/math.Log2(3)+1.5), got[0], 1e-15)

	// The same rows with the tie written in another order: rows 5 (1)
	// and 2 (2) first. DCG@3 = 0 + 1/log2(3) + 3/2 = 2.130930;
	// NDCG@3 = 2.130930 / 12.916508 = 0.164977: the row order decides.
	got = evalOne(t, lgbm(t, nil), []float64{1, 2, 3, 0, 3}, []float64{0.5, 0.5, 0.5, 0.9, 0.1}, 3)
	assert.InDelta(t, 0.164977, got[0], 1e-6)
}

// rank_metric.hpp 66-73: a query whose max DCG is 0 is marked with −1,
// and 98-102: such a query adds 1 at every cutoff. The test is on the
// first eval_at (inverse_max_dcgs_[i][0]), the smallest since config.cpp
// 293-294 sorts eval_at.
func TestLightGBMAllIrrelevantScoresOne(t *testing.T) {
	got := evalOne(t, lgbm(t, nil), []float64{0, 0, 0}, []float64{0.3, 0.2, 0.1}, 5, 1, 3)
	assert.Equal(t, []float64{1, 1, 1}, got)
}

// config.cpp 293-294: eval_at is sorted, so the metrics come out as
// ndcg@1, ndcg@3, ndcg@5 whatever order they were asked in.
func TestLightGBMSortsEvalAt(t *testing.T) {
	res, err := Evaluate(&DataSet{Queries: []Query{{QID: "1", Labels: []float64{1}, Predictions: []float64{0}}}}, lgbm(t, nil), []int{5, 1, 3})
	require.NoError(t, err)
	assert.Equal(t, []string{"ndcg@1", "ndcg@3", "ndcg@5"}, res.Measures)
}

// dcg_calculator.cpp 97-99 and 130-132: a cutoff beyond the query is
// the query's length, so NDCG@10 of two rows is NDCG@2.
// Labels 1, 3 ranked in that order: DCG = 1 + 7/log2(3) = 5.416508;
// IDCG = 7 + 1/log2(3) = 7.630930; NDCG = 0.709809.
func TestLightGBMCutoffBeyondQuery(t *testing.T) {
	got := evalOne(t, lgbm(t, nil), []float64{1, 3}, []float64{0.9, 0.1}, 2, 10)
	assert.InDelta(t, 0.709809, got[0], 1e-6)
	assert.Equal(t, got[0], got[1])
}

// label_gain replaces 2^i−1 (rank_metric.hpp 24-28). With 0,1,2,3 the
// gain is linear: DCG = 1 + 3/log2(3) = 2.892789; IDCG = 3 + 1/log2(3) =
// 3.630930; NDCG = 0.796708.
func TestLightGBMLabelGain(t *testing.T) {
	gains, err := ParseLabelGain("0,1,2,3")
	require.NoError(t, err)
	got := evalOne(t, lgbm(t, gains), []float64{1, 3}, []float64{0.9, 0.1}, 2)
	assert.InDelta(t, 0.796708, got[0], 1e-6)
}

// dcg_calculator.cpp 155-171 (CheckLabel): a label that is not whole,
// a negative label, or one without a label_gain entry stops LightGBM.
// 142-151 (CheckMetadata): a query of more than 10000 rows too.
func TestLightGBMRefusals(t *testing.T) {
	_, err := Evaluate(&DataSet{Name: "d.txt", Queries: []Query{{QID: "7", Labels: []float64{1, 1.5}, Predictions: []float64{0, 0}, Lines: []int{3, 4}}}}, lgbm(t, nil), []int{5})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "d.txt:4: query 7, document 2: label 1.5 is not a whole number")
	assert.Contains(t, err.Error(), "label should be int type")

	_, err = Evaluate(&DataSet{Queries: []Query{{QID: "7", Labels: []float64{-1}, Predictions: []float64{0}}}}, lgbm(t, nil), []int{5})
	assert.ErrorContains(t, err, "Label should be non-negative")

	_, err = Evaluate(&DataSet{Queries: []Query{{QID: "7", Labels: []float64{3}, Predictions: []float64{0}}}}, lgbm(t, []float64{0, 1, 3}), []int{5})
	assert.ErrorContains(t, err, "label 3 has no gain: label_gain gives gains to labels 0 to 2 only, and lightgbm stops; give a gain for every label")
	// LightGBM's default label_gain has 31 entries, 2^i − 1 for i < 31
	// (config.cpp, GetDefaultLabelGain): label 31 has none.
	_, err = Evaluate(&DataSet{Queries: []Query{{QID: "7", Labels: []float64{31}, Predictions: []float64{0}}}}, lgbm(t, nil), []int{5})
	assert.ErrorContains(t, err, "label 31 has no gain: the default label_gain (2^label−1) gives gains to labels 0 to 30 only, and lightgbm stops; give a gain for every label with label_gain")

	big := Query{QID: "8", Labels: make([]float64, 10001), Predictions: make([]float64, 10001)}
	_, err = Evaluate(&DataSet{Queries: []Query{big}}, lgbm(t, nil), []int{5})
	assert.ErrorContains(t, err, "more than 10000 rows")

	_, err = LightGBM([]float64{0, 3, 1})
	assert.ErrorContains(t, err, "must not fall")
}

// The presets disagree on this query for two reasons: scikit-learn's
// linear gain and its expected value over the tie.
func TestDisagreementsNameTheSetting(t *testing.T) {
	ds := &DataSet{Queries: []Query{{QID: "1", Labels: []float64{3, 2, 3, 0, 1}, Predictions: []float64{0.5, 0.5, 0.1, 0.9, 0.5}}}}
	sk, err := FindRules("sklearn")
	require.NoError(t, err)
	ds2, err := Disagreements(ds, lgbm(t, nil), []Rules{XGBoost(false), sk}, []int{3})
	require.NoError(t, err)
	require.Len(t, ds2, 1, "xgboost agrees with lightgbm on whole labels")
	assert.Equal(t, "sklearn", ds2[0].B)
	assert.Equal(t, []string{"gain exp → linear", "ties input → expected"}, ds2[0].Because)

	frac := &DataSet{Queries: []Query{{QID: "2", Labels: []float64{2.5, 1}, Predictions: []float64{0, 1}}}}
	ds3, err := Disagreements(frac, XGBoost(false), []Rules{lgbm(t, nil)}, []int{3})
	require.NoError(t, err)
	require.Len(t, ds3, 1)
	assert.ErrorContains(t, ds3[0].Refused, "not a whole number")
}
