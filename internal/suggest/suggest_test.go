package suggest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Distances counted by hand: each case names its edits.
func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"gain", "gain", 0},
		{"gian", "gain", 1},          // i and a swapped
		{"cutof", "cutoff", 1},       // f dropped
		{"tie-at-k", "ties-at-k", 1}, // s dropped
		{"idgc", "idcg", 1},          // swap
		{"zero", "ties", 4},          // every letter replaced
		{"", "abc", 3},               // three inserted
		{"kitten", "sitting", 3},     // k→s, e→i, g inserted
	} {
		assert.Equal(t, c.want, Distance(c.a, c.b), "%s → %s", c.a, c.b)
		assert.Equal(t, c.want, Distance(c.b, c.a), "%s → %s", c.b, c.a)
	}
}

func TestClosest(t *testing.T) {
	flags := []string{"gain", "discount", "cutoff", "ties", "idcg", "zero", "preset", "grades", "scores"}
	assert.Equal(t, []string{"gain"}, Closest("gian", flags))
	assert.Equal(t, []string{"cutoff"}, Closest("cutof", flags))
	assert.Equal(t, []string{"cutoff"}, Closest("CUTOFF", flags), "case is ignored")
	assert.Equal(t, []string{"discount"}, Closest("disc", flags), "a prefix of three or more")
	assert.Empty(t, Closest("qrels", flags))
	assert.Empty(t, Closest("gain", flags), "the word itself is no suggestion")
	// Nearest first.
	assert.Equal(t, []string{"grades", "trades"}, Closest("grade", []string{"trades", "grades"}))
}

func ExampleClosest() {
	fmt.Println(Closest("tie-at-k", []string{"ties-at-k", "idcg-slip", "all-tied"}))
	// Output: [ties-at-k]
}
