package ndcg

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompanionsByHand(t *testing.T) {
	list, err := FromGrades([]float64{3, 0, 2, 0, 1}, nil)
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2, K: 5})
	require.NoError(t, err)

	// Relevant (grade ≥ 1) at ranks 1, 3, 5 of 3 relevant items.
	c := r.Companions(1)
	assert.Equal(t, 3, c.Retrieved)
	assert.Equal(t, 3, c.Relevant)
	assert.InDelta(t, 3.0/5, c.Precision, 1e-15)
	assert.InDelta(t, 1.0, c.Recall, 1e-15)
	assert.InDelta(t, 1.0, c.RR, 1e-15)
	assert.InDelta(t, (1.0/1+2.0/3+3.0/5)/3, c.AP, 1e-15)

	// Relevant (grade ≥ 2) at ranks 1 and 3.
	c = r.Companions(2)
	assert.InDelta(t, 2.0/5, c.Precision, 1e-15)
	assert.InDelta(t, (1.0/1+2.0/3)/2, c.AP, 1e-15)
}

func TestCompanionsCountThePoolWhenJudged(t *testing.T) {
	list, err := FromGrades([]float64{0, 2, 0}, nil)
	require.NoError(t, err)
	list.Pool = []Judged{{ID: "X", Grade: 3}}
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2, K: 10, IDCG: FromJudged})
	require.NoError(t, err)
	c := r.Companions(1)
	// One of two relevant items found, at rank 2; P@10 divides by 10.
	assert.InDelta(t, 1.0/10, c.Precision, 1e-15)
	assert.InDelta(t, 1.0/2, c.Recall, 1e-15)
	assert.InDelta(t, 1.0/2, c.RR, 1e-15)
	assert.InDelta(t, (1.0/2)/2, c.AP, 1e-15)
}

// Without k, precision divides by the list's length; an empty list has
// every companion 0.
func TestCompanionsWholeList(t *testing.T) {
	list, err := FromGrades([]float64{3, 0, 2, 0, 1}, nil)
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Linear, Discount: Log2})
	require.NoError(t, err)
	assert.InDelta(t, 3.0/5, r.Companions(1).Precision, 1e-15)

	r, err = Compute(&List{}, Settings{Gain: Linear, Discount: Log2})
	require.NoError(t, err)
	assert.Equal(t, Companions{Threshold: 1}, r.Companions(1))
}
