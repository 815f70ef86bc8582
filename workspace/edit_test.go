package workspace

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// withGain adds a throw-away gain to g's cycle for the test's length, as
// the recipe for a new gain has it (CONTRIBUTING, A gain): one entry.
func withGain(t *testing.T, g ndcg.Gain) {
	if slices.ContainsFunc(gainCycle, func(c ndcg.Gain) bool { return c.String() == g.String() }) {
		return // the cycle has it already
	}
	was := gainCycle
	gainCycle = append(slices.Clone(gainCycle), g)
	t.Cleanup(func() { gainCycle = was })
}

// square is a throw-away gain, grade², as a map over grades 0 to 3.
var square = ndcg.Gain{Kind: ndcg.GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 4, 3: 9}}

// g cycles every gain of the cycle once, in order, however many there
// are, then the file's gain map, then the first again; a gain outside
// the cycle goes to the first.
func TestNextGainCyclesEveryGain(t *testing.T) {
	for name, extra := range map[string][]ndcg.Gain{"today's gains": nil, "a third": {square}} {
		t.Run(name, func(t *testing.T) {
			for _, g := range extra {
				withGain(t, g)
			}
			file := ndcg.Gain{Kind: ndcg.GainMap, Map: map[float64]float64{0: 0, 1: 2, 2: 5, 3: 10}}
			for _, fileMap := range []*ndcg.Gain{nil, &file} {
				w := unscored()
				want := slices.Clone(gainCycle)
				if fileMap != nil {
					want = append(want, *fileMap)
				}
				var seen []string
				for range want {
					seen = append(seen, w.Settings.Gain.String())
					w.Apply(w.NextGain(fileMap))
				}
				names := make([]string, len(want))
				for i, g := range want {
					names[i] = g.String()
				}
				assert.Equal(t, names, seen)
				assert.Equal(t, want[0].String(), w.Settings.Gain.String(), "round to the first")
			}
			w := unscored()
			s := w.Settings
			s.Gain = ndcg.Gain{Kind: ndcg.GainMap, Map: map[float64]float64{0: 0, 1: 3, 2: 3, 3: 3}}
			w.Apply(w.ChangeSettings(s))
			w.Apply(w.NextGain(nil))
			require.Equal(t, gainCycle[0].String(), w.Settings.Gain.String())
		})
	}
}

// Every named gain (a GainKind before GainMap) is in g's cycle, as the
// recipe for a gain says (CONTRIBUTING, A gain).
func TestEveryNamedGainIsCycled(t *testing.T) {
	for k := ndcg.GainKind(0); k < ndcg.GainMap; k++ {
		g := ndcg.Gain{Kind: k}
		assert.True(t, slices.ContainsFunc(gainCycle, func(c ndcg.Gain) bool { return c.String() == g.String() }),
			"g cycles %s", g)
	}
}
