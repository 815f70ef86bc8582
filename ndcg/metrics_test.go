package ndcg

import (
	"fmt"
	"math/rand/v2"
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
	assert.InDelta(t, 3.0, c.Retrieved, 1e-15)
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

// Under Expected ties the companions are means over every order of the
// ties, as NDCG is. Six items all tied (sample:all-tied), A, C and E
// relevant, k = 3, by hand:
//   - a rank holds a relevant item with chance 3/6, so the top 3 hold 1.5
//     on average: P@3 = 1.5/3 = 0.5, recall 1.5/3 = 0.5;
//   - the first relevant item is at rank j with chance C(6−j, 2)/C(6, 3):
//     10/20, 6/20, 3/20 for j = 1, 2, 3, so RR = 0.5/1 + 0.3/2 + 0.15/3 = 0.7;
//   - two ranks both hold a relevant item with chance (3·2)/(6·5) = 0.2, so
//     AP@3 = (0.5/1 + (0.5 + 0.2)/2 + (0.5 + 2·0.2)/3)/3 = 1.15/3 = 0.38333.
//
// In input order (A B C) they were 0.6667, 1 and 0.5556, beside an
// expected NDCG@3 of 0.4159: a learner read NDCG as the harsher metric,
// where the gap was the tie rule.
func TestCompanionsUnderExpectedTiesByHand(t *testing.T) {
	list, err := FromGrades([]float64{3, 0, 2, 0, 1, 0}, []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5})
	require.NoError(t, err)
	r, err := Compute(list, Settings{Gain: Exp, Discount: Log2, K: 3, Ties: Expected})
	require.NoError(t, err)
	c := r.Companions(1)
	assert.True(t, c.Expected)
	assert.InDelta(t, 1.5, c.Retrieved, 1e-15)
	assert.InDelta(t, 0.5, c.Precision, 1e-15)
	assert.InDelta(t, 0.5, c.Recall, 1e-15)
	assert.InDelta(t, 0.7, c.RR, 1e-15)
	assert.InDelta(t, 1.15/3, c.AP, 1e-15)

	// Input order keeps the ranking as typed: A (3), B (0), C (2).
	r, err = Compute(list, Settings{Gain: Exp, Discount: Log2, K: 3, Ties: Input})
	require.NoError(t, err)
	c = r.Companions(1)
	assert.False(t, c.Expected)
	assert.InDelta(t, 2.0/3, c.Precision, 1e-15)
	assert.InDelta(t, 1.0, c.RR, 1e-15)
	assert.InDelta(t, (1.0+2.0/3)/3, c.AP, 1e-15)
}

// The expected companions equal the mean over every order of the ties,
// enumerated by brute force, on random small lists with ties anywhere,
// cutoffs inside and past them, and every threshold.
func TestCompanionsUnderExpectedTiesMatchEveryOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		n := 1 + rng.IntN(7)
		grades, scores := make([]float64, n), make([]float64, n)
		for i := range n {
			grades[i] = float64(rng.IntN(4))
			scores[i] = float64(rng.IntN(3)) // few scores: many ties
		}
		list, err := FromGrades(grades, scores)
		require.NoError(t, err)
		k := 1 + rng.IntN(n+1)
		r, err := Compute(list, Settings{Gain: Linear, Discount: Log2, K: k, Ties: Expected})
		require.NoError(t, err)
		order := bruteStable(list)
		groups := bruteGroups(list, order)
		for threshold := 1.0; threshold <= 3; threshold++ {
			var p, rr, ap, orders float64
			relevant := 0
			for _, g := range grades {
				if g >= threshold {
					relevant++
				}
			}
			eachTieOrder(order, groups, func(o []int) {
				orders++
				found, sum, first := 0, 0.0, 0.0
				for i := 0; i < k && i < n; i++ {
					if grades[o[i]] < threshold {
						continue
					}
					found++
					sum += float64(found) / float64(i+1)
					if first == 0 {
						first = 1 / float64(i+1)
					}
				}
				p += float64(found) / float64(k)
				rr += first
				if relevant > 0 {
					ap += sum / float64(relevant)
				}
			})
			c := r.Companions(threshold)
			where := fmt.Sprintf("trial %d: grades %v scores %v k=%d threshold %v", trial, grades, scores, k, threshold)
			assert.InDelta(t, p/orders, c.Precision, 1e-12, where)
			assert.InDelta(t, rr/orders, c.RR, 1e-12, where)
			assert.InDelta(t, ap/orders, c.AP, 1e-12, where)
		}
	}
}
