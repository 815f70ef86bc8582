package explain

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func TestDiscountCurve(t *testing.T) {
	// 1/log2(i+1) for i = 1..4, and jk:2 (1 below rank 2, then 1/log2(i)).
	assert.InDeltaSlice(t, []float64{1, 1 / math.Log2(3), 0.5, 1 / math.Log2(5)}, DiscountCurve(ndcg.Log2, 4), 1e-15)
	assert.InDeltaSlice(t, []float64{1, 1, 1 / math.Log2(3), 0.5}, DiscountCurve(ndcg.JK2, 4), 1e-15)
	assert.Empty(t, DiscountCurve(ndcg.Log2, 0))
}

func TestGainCurve(t *testing.T) {
	s := ndcg.DefaultSettings()
	got := GainCurve(tiedList(t), s, 10)
	// 2^g − 1 for g = 0..3; two items of grade 0 and two of grade 3.
	assert.Equal(t, []GradeGain{{0, 0, 2, 0}, {1, 1, 1, 0}, {2, 3, 1, 0}, {3, 7, 2, 0}}, got)

	l, err := ndcg.FromGrades([]float64{2.5, 0, 4}, nil)
	require.NoError(t, err)
	l.Pool = []ndcg.Judged{{ID: "P", Grade: 1}}
	s.Gain, s.IDCG = ndcg.Linear, ndcg.FromJudged
	got = GainCurve(l, s, 10)
	var grades []float64
	for _, g := range got {
		grades = append(grades, g.Grade)
		assert.Equal(t, g.Grade, g.Gain, "linear gain is the grade")
	}
	assert.Equal(t, []float64{0, 1, 2, 2.5, 3, 4}, grades)
	assert.Equal(t, 1, got[1].Pool)
	// Past the limit only the grades in use are kept, the highest last.
	got = GainCurve(l, s, 3)
	assert.Len(t, got, 3)
	assert.Equal(t, 4.0, got[2].Grade)
	// trec_eval's integer grades read 2.5 as 2.
	s.TruncateGrades = true
	for _, g := range GainCurve(l, s, 10) {
		assert.NotEqual(t, 2.5, g.Grade)
	}
}

// scikit-learn: dcg_score([[7,1,0,7,3,0]], [[.92,.85,.71,.71,.4,.12]], k=3)
// = 9.380929753571458, with log_base=10 = 31.162774104553804, and
// ndcg_score = 0.7262744353075801 whatever the base.
func TestLogBase(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	s.Discount = ndcg.JK2 // the lesson replaces whatever discount is in force
	b, err := LogBase(tiedList(t), s)
	require.NoError(t, err)
	assert.InDelta(t, 9.380929753571458, b.DCG2, 1e-12)
	assert.InDelta(t, 31.162774104553804, b.DCG10, 1e-12)
	assert.InDelta(t, 0.7262744353075801, b.NDCG2, 1e-12)
	assert.InDelta(t, b.NDCG2, b.NDCG10, 1e-12)
	assert.InDelta(t, b.DCG10/b.DCG2, b.Factor, 1e-12)
}
