package explain

import (
	"math/rand/v2"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Question is one quiz round: a small list and the cutoff at which the
// learner computes NDCG.
type Question struct {
	List *ndcg.List
	K    int
	// Tied says the list has a tie group, which the learner has to treat
	// by the tie policy in force.
	Tied bool
}

// Quiz limits: lists short enough to work out by hand, grades as most
// judgement scales give them.
const (
	QuizMinItems = 5
	QuizMaxItems = 8
	QuizMaxGrade = 3
)

// NewQuestion draws round's question of the quiz seeded with seed. The
// same seed and round give the same question on every machine, so a
// workshop can share one seed and compare answers.
//
// A question is instructive by construction: at least two relevant items
// with different grades, not already in the ideal order within k (so the
// answer is not simply 1), and in about two rounds of five a tie group
// of items with different grades (so the tie policy matters).
func NewQuestion(seed int64, round int) Question {
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(round)))
	for {
		if q, ok := drawQuestion(rng); ok {
			return q
		}
	}
}

func drawQuestion(rng *rand.Rand) (Question, bool) {
	n := QuizMinItems + rng.IntN(QuizMaxItems-QuizMinItems+1)
	grades := make([]float64, n)
	for i := range grades {
		// Zeros and ones are the commonest judgements.
		switch x := rng.IntN(20); {
		case x < 6:
			grades[i] = 0
		case x < 12:
			grades[i] = 1
		case x < 17:
			grades[i] = 2
		default:
			grades[i] = 3
		}
	}
	k := 3 + rng.IntN(n-2)
	var scores []float64
	tied := rng.IntN(5) < 2
	if tied {
		scores = make([]float64, n)
		for i := range scores {
			scores[i] = float64(n-i) / 10
		}
		size := 2 + rng.IntN(2)
		start := rng.IntN(n - size + 1)
		for i := start + 1; i < start+size; i++ {
			scores[i] = scores[start]
		}
		if !mixed(grades[start : start+size]) {
			return Question{}, false
		}
	}
	relevant := 0
	for _, g := range grades {
		if g > 0 {
			relevant++
		}
	}
	if relevant < 2 || !mixed(grades) {
		return Question{}, false
	}
	ideal := slices.Clone(grades)
	slices.Sort(ideal)
	slices.Reverse(ideal)
	if slices.Equal(ideal[:k], grades[:k]) {
		return Question{}, false
	}
	list, _ := ndcg.FromGrades(grades, scores)
	return Question{List: list, K: k, Tied: tied}, true
}

// mixed reports whether the grades are not all equal.
func mixed(gs []float64) bool {
	for _, g := range gs[1:] {
		if g != gs[0] {
			return true
		}
	}
	return false
}
