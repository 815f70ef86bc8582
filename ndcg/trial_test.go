package ndcg

import "math/rand/v2"

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
