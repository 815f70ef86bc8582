package verify

import (
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// rule is one of a learner's own mistakes: a way of going wrong that no
// tool's setting gives, so that no recomputation reproduces it, only
// another reading of the result (its reading). The search tries every
// rule that applies for every claim of its quantities: none is left out
// by a bound.
type rule struct {
	// id is its entry in the Catalogue; Change.ID finds it by change.
	id MistakeID
	// change is how a match shows it (Change.String words it); no
	// setting's change is ever equal to it.
	change Change
	// applies says whether it can be made on r (under r.Settings); nil
	// for always.
	applies func(r *ndcg.Result) bool
	// reading is how a claim reads the result under it.
	reading
	// only lists the quantities it gives a value for; nil for all.
	only []Quantity
	// alone says it is tried only by itself, never in a pair with a
	// setting: its pairs would add dozens of values that hit a claim by
	// chance. Another quantity given for the one asked is paired, its
	// values weighed against their own family (see search.matches).
	alone bool
	// forTerms says it can move a single rank's contribution.
	forTerms bool
	// exotic marks one few people make: see Match.Exotic.
	exotic bool
}

// learnerRules are the learner's own mistakes the search tries, after
// every setting, in this order: discounts shifted the other way, the
// ideal left unsorted, and another quantity given than the one asked.
// A new one is an entry here and one in the catalogue (catalogue.go);
// docs/CONTRIBUTING.md says the rest.
var learnerRules = []rule{
	{id: DiscountShift2, change: Change{ndcg.SettingDiscount, "log2", shift2}, applies: log2Asked,
		reading: reading{discount: shiftedDiscount}, alone: true, forTerms: true, exotic: true},
	{id: DiscountRank1Left, change: Change{ndcg.SettingDiscount, "log2", rank1Left}, applies: log2Asked,
		reading: reading{discount: rank1LeftDiscount}, alone: true, forTerms: true, exotic: true},
	{id: IdealUnsorted, change: Change{IdealOrder, "best first", "the list's own order"},
		reading: reading{unsorted: true}, only: []Quantity{IDCG, NDCG}, alone: true},
	{id: RatioInverted, change: Change{Misread, "NDCG", readInverted}, reading: reading{read: readInverted}, only: []Quantity{NDCG}},
	{id: DCGForNDCG, change: Change{Misread, "NDCG", readDCG}, reading: reading{read: readDCG}, only: []Quantity{NDCG}},
	{id: Percent, change: Change{Misread, "NDCG", readPercent}, reading: reading{read: readPercent}, only: []Quantity{NDCG}},
	{id: IDCGForDCG, change: Change{Misread, "DCG", readIDCG}, reading: reading{read: readIDCG}, only: []Quantity{DCG}},
}

// What a Misread change gives instead (its To, and the reading's read),
// and the discounts no setting has (a discount rule's To).
const (
	readInverted = "IDCG/DCG"
	readDCG      = "DCG"
	readIDCG     = "IDCG"
	readPercent  = "100 × NDCG"
	shift2       = "log2(i+2)"
	rank1Left    = "log2(i), rank 1 left out"
)

// ruleOf is the learner's rule shown as c.
func ruleOf(c Change) (rule, bool) {
	for _, r := range learnerRules {
		if r.change == c {
			return r, true
		}
	}
	return rule{}, false
}

// variant is the rule as the search tries it.
func (r rule) variant() variant {
	return variant{change: r.change, reading: r.reading, only: r.only, learner: true, alone: r.alone,
		forTerms: r.forTerms, exotic: r.exotic}
}

// log2Asked says the discount in force is 1/log2(i+1), the one the
// discounts shifted from it are slips of.
func log2Asked(r *ndcg.Result) bool { return r.Settings.Discount.String() == ndcg.Log2.String() }

// shiftedDiscount is 1/log2(i+2): ranks counted from 2.
func shiftedDiscount(i int) float64 { return 1 / math.Log2(float64(i)+2) }

// rank1LeftDiscount is 1/log2(i) from rank 2 on, 0 at rank 1, where
// log2(1) = 0 leaves nothing to divide by.
func rank1LeftDiscount(i int) float64 {
	if i == 1 {
		return 0
	}
	return 1 / math.Log2(float64(i))
}
