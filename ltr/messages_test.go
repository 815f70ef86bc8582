package ltr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A prediction a float32 cannot hold is named as such, as a prediction,
// where the engine's check of the float32 +Inf it became read "score
// score +Inf is not a finite number".
func TestPredictionBeyondFloat32(t *testing.T) {
	r, err := FindRules("xgboost")
	require.NoError(t, err)
	_, err = r.List("t.txt", &Query{QID: "1", Labels: []float64{1, 0}, Predictions: []float64{1e308, 1}, Lines: []int{1, 2}})
	require.Error(t, err)
	assert.Equal(t, "t.txt:1: query 1, document 1: prediction 1e+308 is beyond the range of a float32 (±3.4e38), in which xgboost holds predictions; scale the predictions down", err.Error())
}

// A query with more rows than LightGBM takes is named once, where the
// message read "rows 20000 rows".
func TestTooManyRowsSaidOnce(t *testing.T) {
	r, err := LightGBM(nil)
	require.NoError(t, err)
	q := &Query{QID: "7", Labels: make([]float64, 20000), Predictions: make([]float64, 20000)}
	_, err = r.List("t.txt", q)
	require.Error(t, err)
	assert.Equal(t, "t.txt: query 7: 20000 rows: lightgbm stops on queries of more than 10000 rows", err.Error())
}
