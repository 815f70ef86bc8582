package ltr

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// practitionerRecord is testdata/practitioner.json, written by
// practitioner_gen.py from a real XGBoost 1.7.4 training run, with
// scikit-learn 1.2.1's ndcg_score of each query.
type practitionerRecord struct {
	XGBoostVersion string             `json:"xgboost_version"`
	SklearnVersion string             `json:"sklearn_version"`
	XGBoost        map[string]float64 `json:"xgboost"`
	Queries        []struct {
		QID          string    `json:"qid"`
		Labels       []float64 `json:"labels"`
		Predictions  []float64 `json:"predictions"`
		Sklearn5     *float64  `json:"sklearn@5"`
		Sklearn10    *float64  `json:"sklearn@10"`
		SklearnError string    `json:"sklearn_error"`
	} `json:"queries"`
	SklearnMeanScored map[string]float64 `json:"sklearn_mean_scored"`
}

// A model's own predictions on its training set: XGBoost's evaluation
// is what training logs print, and scikit-learn's ndcg_score, called
// query by query, refuses the two queries of one document. ltr gives
// XGBoost's means, scikit-learn's value of every query it scores, names
// the queries it refuses, and the mean over the others, which is what
// that loop reports.
func TestPractitionerRecorded(t *testing.T) {
	data, err := os.ReadFile("testdata/practitioner.json")
	require.NoError(t, err)
	var rec practitionerRecord
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, "1.7.4", rec.XGBoostVersion)
	require.Equal(t, "1.2.1", rec.SklearnVersion)

	ds := &DataSet{Name: "practitioner.svm"}
	for _, q := range rec.Queries {
		ds.Queries = append(ds.Queries, Query{QID: q.QID, Labels: q.Labels, Predictions: q.Predictions})
	}
	for _, minus := range []bool{false, true} {
		res, err := Evaluate(ds, XGBoost(minus), []int{5, 10})
		require.NoError(t, err)
		for c, m := range res.Measures {
			if want, ok := rec.XGBoost[m]; ok {
				assert.InDelta(t, want, res.All[c], 1e-12, m)
			}
		}
		assert.Empty(t, res.Refused, "XGBoost scores a query of one document")
	}

	sk, err := FindRules("sklearn")
	require.NoError(t, err)
	res, err := Evaluate(ds, sk, []int{5, 10})
	require.NoError(t, err)
	var refused []string
	for i, q := range rec.Queries {
		if q.SklearnError != "" {
			refused = append(refused, q.QID)
			assert.Len(t, q.Labels, 1, q.SklearnError)
			assert.Error(t, sk.Refusal(ds.Name, &ds.Queries[i]))
			continue
		}
		assert.NoError(t, sk.Refusal(ds.Name, &ds.Queries[i]))
		assert.InDelta(t, *q.Sklearn5, res.Queries[i].Values[0], 1e-12, "query %s @5", q.QID)
		assert.InDelta(t, *q.Sklearn10, res.Queries[i].Values[1], 1e-12, "query %s @10", q.QID)
	}
	assert.Equal(t, []string{"2", "8"}, refused)
	assert.Equal(t, refused, res.Refused)
	assert.InDelta(t, rec.SklearnMeanScored["ndcg@5"], res.AllScored[0], 1e-12)
	assert.InDelta(t, rec.SklearnMeanScored["ndcg@10"], res.AllScored[1], 1e-12)

	// The comparison names each refused query once, as refused.
	ds2, err := Disagreements(ds, XGBoost(false), []Rules{sk}, []int{5})
	require.NoError(t, err)
	var named []string
	for _, d := range ds2 {
		if d.Refused != nil {
			named = append(named, d.QID)
			assert.Contains(t, d.Refused.Error(), "has 1 document: scikit-learn's ndcg_score raises ValueError on it")
		}
	}
	assert.Equal(t, refused, named)
}
