package learn

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// l2 is log2, as the hand working below writes it.
func l2(x float64) float64 { return math.Log2(x) }

// TestTruthIsHandArithmetic: every step's true answer is the arithmetic
// a learner writes out, term by term.
func TestTruthIsHandArithmetic(t *testing.T) {
	// idcg-slip: grades 3,2,3,0,1, exponential gain, log2 discount.
	dcg5 := 7 + 3/l2(3) + 7/l2(4) + 0/l2(5) + 1/l2(6)
	idcg5 := 7 + 7/l2(3) + 3/l2(4) + 1/l2(5) + 0/l2(6) // ideal 3,3,2,1,0
	want := []float64{
		// 1: rank 2, grade 2: (2^2 − 1) / log2(2+1).
		3 / l2(3), // 1.8928
		// 2: DCG@3 = 7/1 + 3/log2 3 + 7/log2 4.
		7 + 3/l2(3) + 7/l2(4), // 12.3928
		// 3: IDCG@5 over the ideal order 3,3,2,1,0.
		idcg5, // 13.3472
		// 4: NDCG@5.
		dcg5 / idcg5, // 0.9575
		// 5: all-claims-hold, grades 4,2,5,3,5, linear gain, k=3: the
		// ideal's top 3 are 5, 5, 4.
		(4 + 2/l2(3) + 5/l2(4)) / (5 + 5/l2(3) + 4/l2(4)), // 7.7619/10.1546 = 0.7644
		// 6: ties-at-k, grades 3,1,[0,3],2,0, exp, k=3, worst ties: the
		// grade 0 takes rank 3; the ideal's top 3 are 3, 3, 2.
		(7 + 1/l2(3) + 0/l2(4)) / (7 + 7/l2(3) + 3/l2(4)), // 7.6309/12.9165 = 0.5908
		// 7: linear-vs-exp, grades 1,1,1,1,3, exp, k=5; ideal 3,1,1,1,1.
		(1 + 1/l2(3) + 1/l2(4) + 1/l2(5) + 7/l2(6)) / (7 + 1/l2(3) + 1/l2(4) + 1/l2(5) + 1/l2(6)), // 5.2696/8.9485 = 0.5889
		// 8: rounded-terms, grades 3,2,3,0,1, linear, IDCG@5 over 3,3,2,1,0.
		3 + 3/l2(3) + 2/l2(4) + 1/l2(5) + 0/l2(6), // 6.3235
	}
	require.Len(t, Steps, len(want))
	for i, s := range Steps {
		got, err := s.Truth()
		require.NoError(t, err, "step %d", i+1)
		assert.InDelta(t, want[i], got, 1e-12, "step %d (%s)", i+1, s.Title)
	}
	// The figures in the comments above, as a learner rounds them.
	for i, text := range []string{"1.8928", "12.3928", "13.3472", "0.9575", "0.7644", "0.5908", "0.5889", "6.3235"} {
		w, err := verify.ParseWritten(text)
		require.NoError(t, err)
		assert.True(t, w.Holds(want[i]), "step %d: %s", i+1, text)
	}
}

// TestSlipsAreNamed: each step's typical wrong answer is wrong, and the
// diagnosis names the mistake behind it; the true value rounded to the
// decimals asked for gets no diagnosis.
func TestSlipsAreNamed(t *testing.T) {
	for i, s := range Steps {
		w, err := verify.ParseWritten(s.Slip)
		require.NoError(t, err)
		truth, err := s.Truth()
		require.NoError(t, err)
		assert.False(t, w.Holds(truth), "step %d: the slip %s holds", i+1, s.Slip)
		why := s.Diagnose(w)
		assert.Contains(t, why, s.SlipIs, "step %d: %s", i+1, s.Slip)
		right, err := verify.ParseWritten(strconv.FormatFloat(truth, 'f', s.MinDecimals(), 64))
		require.NoError(t, err)
		assert.True(t, right.Holds(truth))
		assert.Empty(t, s.Diagnose(right), "step %d", i+1)
	}
}

// TestStepsAreComplete: every step opens a sample, names the keys its
// instruction uses, and asks a question at the conventions it states.
func TestStepsAreComplete(t *testing.T) {
	for i, s := range Steps {
		d, err := s.Doc()
		require.NoError(t, err, "step %d", i+1)
		assert.NotEmpty(t, d.List.Items)
		text := s.Instructions(func(k Key) string { return "<" + string(k) + ">" })
		assert.NotContains(t, text, "{", "step %d: a key in braces not replaced", i+1)
		for _, k := range s.Keys {
			if k != KeyBack && k != KeyKUp {
				assert.Contains(t, text, "<"+string(k)+">", "step %d: key %s listed, not in the instruction", i+1, k)
			}
		}
		assert.NotEmpty(t, s.Question)
		assert.True(t, s.Asked.K > 0, "step %d asks at a cutoff", i+1)
	}
	_, err := At(0)
	assert.ErrorContains(t, err, "steps 1 to 8")
	_, err = At(9)
	assert.Error(t, err)
}
