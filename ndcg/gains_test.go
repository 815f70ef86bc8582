package ndcg

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// NamedGains are the gains a GainKind constant names, those before
// GainMap: a new gain is a constant there (CONTRIBUTING, A gain).
func namedGains() []Gain {
	var gs []Gain
	for k := GainKind(0); k < GainMap; k++ {
		gs = append(gs, Gain{Kind: k})
	}
	return gs
}

// Every named gain has each of its places in settings.go: ParseGain
// reads its String back, its Formula and its values for grades 0 to 3
// are its own (a kind without its own case would fall to exp's), Check
// takes those grades, and Settings.Validate takes it. A gain added
// without one of them fails here.
func TestEveryNamedGainIsEverywhere(t *testing.T) {
	names, formulas, values := map[string]GainKind{}, map[string]GainKind{}, map[string]GainKind{}
	for _, g := range namedGains() {
		name := g.String()
		back, err := ParseGain(name)
		require.NoError(t, err, "ParseGain(%q)", name)
		assert.Equal(t, g.Kind, back.Kind, "ParseGain reads %q back", name)
		of := fmt.Sprint(g.Of(0), g.Of(1), g.Of(2), g.Of(3))
		for what, seen := range map[string]map[string]GainKind{"name": names, "formula": formulas, "values": values} {
			key := map[string]string{"name": name, "formula": g.Formula(), "values": of}[what]
			if k, dup := seen[key]; dup {
				t.Errorf("gains %d and %d have the same %s %q: one lacks its case", k, g.Kind, what, key)
			}
			seen[key] = g.Kind
		}
		for grade := range 4 {
			assert.NoError(t, g.Check(float64(grade)), "%s takes grade %d", name, grade)
		}
		assert.NoError(t, Settings{Gain: g, Discount: Log2}.Validate(), "Validate takes %s", name)
	}
	assert.GreaterOrEqual(t, len(names), 2, "exp and linear at least")
}
