package verify

import (
	"math"
	"slices"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// SquaredLog2 is a throw-away mistake, made known to check only by
// AddSquaredLog2: dividing by log2(i+1) squared.
const SquaredLog2 MistakeID = "discount_log2_squared"

// AddSquaredLog2 adds SquaredLog2 as docs/CONTRIBUTING.md's recipe "A
// check mistake" says: its entry in the catalogue (after the learners'
// mistakes, before the tools' conventions, as an entry of mistakes is)
// and its rule at the end of learnerRules. Both are as they were when t
// ends; t must not be parallel.
func AddSquaredLog2(t testing.TB) {
	catalogue, rules := Catalogue, learnerRules
	t.Cleanup(func() { Catalogue, learnerRules = catalogue, rules })
	Catalogue = slices.Insert(slices.Clone(Catalogue), len(mistakes), Mistake{SquaredLog2, "the discount log2(i+1) squared",
		"divided by log2(i+1) squared, not log2(i+1)", "1/log2(i+1)² at rank i"})
	learnerRules = append(slices.Clone(learnerRules), rule{
		id:      SquaredLog2,
		change:  Change{ndcg.SettingDiscount, "log2", "log2(i+1)²"},
		applies: log2Asked,
		reading: reading{discount: func(i int) float64 { return 1 / math.Pow(math.Log2(float64(i)+1), 2) }},
		alone:   true, forTerms: true, exotic: true,
	})
}
