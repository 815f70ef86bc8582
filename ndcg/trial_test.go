package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// trialSettings are the conventions of trial number trial of the
// in-place edits' property tests (RegradeAt, DeleteAt, InsertAt,
// SwapScoresAt, RescoreAt) on a list of n items: the trials go round
// every tie policy, both IDCG sources, the exponential, linear and a
// mapped gain (one grade of which, 70, leaves the shortcut), with and
// without truncated grades, and a random k up to past the list.
func trialSettings(rng *rand.Rand, trial, n int) Settings {
	s := DefaultSettings()
	s.Ties = TiePolicies[trial%len(TiePolicies)]
	s.K = rng.IntN(n + 2)
	if trial%2 == 1 {
		s.IDCG = FromJudged
	}
	switch trial % 3 {
	case 1:
		s.Gain = Linear
	case 2:
		s.Gain = Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 3, 3: 7, 4: 15, 5: 31, 2.5: 5, 70: 80}}
	}
	s.TruncateGrades = trial%4 == 3
	return s
}

// trialScoredList is the list of trial number trial of the score edits'
// property tests (SwapScoresAt, RescoreAt): n scored items with few
// score levels or many (ties or none), −0 beside +0, a fractional grade
// now and then (the ideal ranking is then sorted: the edits fall back
// to Compute), and a pool in two trials of three; levels is the number
// of scores drawn from (0 to levels−1).
func trialScoredList(rng *rand.Rand, trial, n int) (list *List, levels int) {
	levels = 1 + rng.IntN(1+n/(1+trial%4))
	items := make([]Item, n)
	for i := range items {
		items[i] = Item{ID: fmt.Sprintf("d%d", i), Grade: float64(rng.IntN(1 + trial%5)), HasScore: true,
			Score: float64(rng.IntN(levels))}
		if items[i].Score == 0 && rng.IntN(2) == 0 {
			items[i].Score = math.Copysign(0, -1)
		}
	}
	if trial%11 == 5 {
		items[rng.IntN(n)].Grade = 2.5
	}
	list = &List{Items: items}
	if trial%3 != 0 {
		list.Pool = []Judged{{ID: "p1", Grade: 4}, {ID: "p2", Grade: 1}}
	}
	return list, levels
}
