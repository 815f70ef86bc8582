package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValidateFastPath: the one-pass check Validate starts with accepts
// exactly the lists the item-by-item check accepts, and the message is
// the item-by-item one, on lists with one random problem or none.
func TestValidateFastPath(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 3))
	gmap := Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 3, 3: 7}}
	for trial := range 2000 {
		n := rng.IntN(30)
		l := &List{Items: make([]Item, n)}
		for i := range l.Items {
			l.Items[i] = Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(4)), Score: float64(rng.IntN(5)), HasScore: trial%5 != 0}
		}
		if rng.IntN(2) == 0 {
			l.Pool = []Judged{{ID: "p", Grade: float64(rng.IntN(4))}}
		}
		if n > 0 {
			i := rng.IntN(n)
			switch rng.IntN(10) {
			case 0:
				l.Items[i].Grade = -1
			case 1:
				l.Items[i].Grade = math.NaN()
			case 2:
				l.Items[i].Score = math.Inf(1)
			case 3:
				l.Items[i].HasScore = !l.Items[i].HasScore
			case 4:
				l.Items[i].ID = l.Items[rng.IntN(n)].ID + map[bool]string{true: "", false: "x"}[rng.IntN(3) > 0]
			case 5:
				if len(l.Pool) > 0 {
					l.Pool[0].ID = l.Items[i].ID
				}
			case 6:
				l.Items[i].Grade = 2.5
			case 7:
				l.Items[i].Grade = 5000
			}
		}
		for _, s := range []Settings{{Gain: Linear}, DefaultSettings(), {Gain: gmap}, {Gain: gmap, TruncateGrades: true}} {
			require.Equal(t, l.validate(s), l.Validate(s), "trial %d, %v", trial, s.Gain)
		}
	}
}
