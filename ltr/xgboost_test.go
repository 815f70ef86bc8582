package ltr

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// xgboostRecord is testdata/xgboost.json, written by xgboost_gen.py with
// Debian's python3-xgboost 1.7.4.
type xgboostRecord struct {
	Version string   `json:"xgboost_version"`
	Cutoffs []int    `json:"cutoffs"`
	Metrics []string `json:"metrics"`
	Queries []struct {
		QID         string             `json:"qid"`
		Labels      []float64          `json:"labels"`
		Predictions []float64          `json:"predictions"`
		XGBoost     map[string]float64 `json:"xgboost"`
	} `json:"queries"`
	All map[string]float64 `json:"all"`
}

// TestXGBoostRecorded checks every query and the mean at every cutoff,
// for ndcg@k and ndcg@k-, against the values XGBoost itself computed.
// XGBoost sums in float64 but its predictions are float32, so 1e-6 is
// the tolerance; a wrong tie order or label rule is off by far more.
func TestXGBoostRecorded(t *testing.T) {
	data, err := os.ReadFile("testdata/xgboost.json")
	require.NoError(t, err)
	var rec xgboostRecord
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, "1.7.4", rec.Version)
	require.GreaterOrEqual(t, len(rec.Queries), 300)

	ds := &DataSet{Name: "xgboost.json"}
	for _, q := range rec.Queries {
		ds.Queries = append(ds.Queries, Query{QID: q.QID, Labels: q.Labels, Predictions: q.Predictions})
	}
	ks := append([]int{0}, rec.Cutoffs...)
	checked := 0
	for _, minus := range []bool{false, true} {
		r := XGBoost(minus)
		res, err := Evaluate(ds, r, ks)
		require.NoError(t, err)
		for c, name := range res.Measures {
			for qi, q := range rec.Queries {
				want, ok := q.XGBoost[name]
				require.True(t, ok, "no recorded %s", name)
				if math.Abs(want-res.Queries[qi].Values[c]) > 1e-6 {
					t.Errorf("query %s %s: XGBoost %v, ltr %v (labels %v, predictions %v)", q.QID, name, want, res.Queries[qi].Values[c], q.Labels, q.Predictions)
				}
				checked++
			}
			assert.InDelta(t, rec.All[name], res.All[c], 1e-6, "mean %s", name)
		}
	}
	assert.Equal(t, 2*len(ks)*len(rec.Queries), checked)
}

// The recorded queries exercise what makes XGBoost differ: fractional
// labels, ties (some only in float32), queries without a relevant
// document. If the generator lost one of them, the test above would
// prove less than it says.
func TestXGBoostRecordedCoversTheRules(t *testing.T) {
	data, err := os.ReadFile("testdata/xgboost.json")
	require.NoError(t, err)
	var rec xgboostRecord
	require.NoError(t, json.Unmarshal(data, &rec))
	var fractional, float32Ties, allZero, sizes = 0, 0, 0, map[int]bool{}
	for _, q := range rec.Queries {
		sizes[len(q.Labels)] = true
		zero := true
		for i, l := range q.Labels {
			if l != math.Trunc(l) {
				fractional++
			}
			zero = zero && l < 1
			for j := 0; j < i; j++ {
				a, b := q.Predictions[i], q.Predictions[j]
				if a != b && float32(a) == float32(b) {
					float32Ties++
				}
			}
		}
		if zero {
			allZero++
		}
	}
	assert.Len(t, sizes, 50, "sizes 1 to 50")
	assert.Greater(t, fractional, 100)
	assert.Greater(t, float32Ties, 100)
	assert.Greater(t, allZero, 20)
}

// XGBoost 1.7 computes the gain (1 << label) − 1 in an int, right up to
// label 31 (2^31 − 1) and overflowing past it. Labels 1 and 31, the 1
// ranked first: (1 + (2^31−1)/log2(3)) / ((2^31−1) + 1/log2(3)); XGBoost
// 1.7.4 prints 0.63092975385175187 (testdata/xgboost_label31.py).
func TestXGBoostLabel31(t *testing.T) {
	got := evalOne(t, XGBoost(false), []float64{1, 31}, []float64{0.9, 0.1}, 0)
	g := math.Pow(2, 31) - 1
	assert.InDelta(t, (1+g/math.Log2(3))/(g+1/math.Log2(3)), got[0], 1e-15)
	assert.InDelta(t, 0.63092975385175187, got[0], 1e-12)

	_, err := Evaluate(&DataSet{Queries: []Query{{QID: "7", Labels: []float64{32}, Predictions: []float64{0}}}}, XGBoost(false), []int{5})
	assert.ErrorContains(t, err, "label 32 is above 31: xgboost's gain 2^label−1 overflows; use labels 0 to 31")
}
