package verify

import (
	"fmt"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Quantity is what a claim is about.
type Quantity int

const (
	DCG Quantity = iota
	IDCG
	NDCG
	// Contribution is gain × discount at one rank.
	Contribution
)

func (q Quantity) String() string {
	switch q {
	case IDCG:
		return "IDCG"
	case NDCG:
		return "NDCG"
	case Contribution:
		return "contribution"
	default:
		return "DCG"
	}
}

// Claims are the numbers to check; nil or empty means not claimed.
type Claims struct {
	DCG, IDCG, NDCG *Written
	// Contributions are the claimed gain × discount at ranks 1, 2, …
	Contributions []Written
}

// Empty reports whether there is nothing to check.
func (c Claims) Empty() bool {
	return c.DCG == nil && c.IDCG == nil && c.NDCG == nil && len(c.Contributions) == 0
}

// Claim is one claimed number.
type Claim struct {
	Quantity Quantity
	// Rank is the 1-based rank of a Contribution claim.
	Rank int
	Written
}

// Impossible reports whether the claim is a value its quantity never
// takes: an NDCG above 1 (the ideal order is the best there is) or below
// 0 (no gain or discount is negative).
func (c Claim) Impossible() bool {
	return c.Quantity == NDCG && (c.Value > 1 || c.Value < 0)
}

// Label names the claim at cutoff k as a reader would write it: "DCG@5",
// "contribution at rank 2".
func (c Claim) Label(k string) string {
	if c.Quantity == Contribution {
		return "contribution at rank " + strconv.Itoa(c.Rank)
	}
	return c.Quantity.String() + "@" + k
}

// Change is one convention switched away from the settings in force.
type Change struct {
	// Setting is one of ndcg's settings, or IDCGCutoff.
	Setting  ndcg.Setting
	From, To string
}

// IDCGCutoff is the slip of normalising by the IDCG of the whole ideal
// ranking instead of its top k.
const IDCGCutoff ndcg.Setting = "idcg cutoff"

// IDCGItems is the slip of building the ideal ranking from the top k
// retrieved items only, which hides the relevant items ranked below k.
const IDCGItems ndcg.Setting = "idcg items"

// IdealOrder is the mistake of leaving the ideal ranking in the list's
// own order: IDCG comes out as DCG, NDCG as 1.
const IdealOrder ndcg.Setting = "ideal order"

// Misread is the mistake of giving another quantity than the one asked:
// IDCG/DCG, DCG or a percentage for NDCG, IDCG for DCG.
const Misread ndcg.Setting = "quantity"

// TriedName says in words what the search varies along setting s, as a
// report lists its Tried: "gain", "IDCG source", "k±1", "IDCG over the
// whole ideal ranking".
func TriedName(s ndcg.Setting) string {
	switch s {
	case ndcg.SettingIDCG:
		return "IDCG source"
	case ndcg.SettingZero:
		return "IDCG=0 rule"
	case ndcg.SettingK:
		return "k±1 or all"
	case IDCGCutoff:
		return "IDCG over the whole ideal ranking"
	case IDCGItems:
		return "ideal ranking from the top k"
	case IdealOrder:
		return "the ideal left unsorted"
	case Misread:
		return "another quantity given"
	}
	return string(s)
}

// String says the change in words: "gain linear (not exp)",
// "NDCG=1 when IDCG=0 (not 0)", "k=4 (not 5)".
func (c Change) String() string {
	switch c.Setting {
	case ndcg.SettingIDCG:
		return fmt.Sprintf("IDCG from %s (not %s)", c.To, c.From)
	case ndcg.SettingZero:
		return fmt.Sprintf("NDCG=%s when IDCG=0 (not %s)", c.To, c.From)
	case ndcg.SettingK:
		return fmt.Sprintf("k=%s (not %s)", c.To, c.From)
	case IDCGCutoff:
		return fmt.Sprintf("IDCG over %s (not %s)", c.To, c.From)
	case IDCGItems:
		return fmt.Sprintf("ideal ranking from %s (not %s)", c.To, c.From)
	case IdealOrder:
		return fmt.Sprintf("ideal ranking in %s (not %s)", c.To, c.From)
	case Misread:
		return fmt.Sprintf("%s given for %s", c.To, c.From)
	case ndcg.SettingDiscount:
		if _, ok := ruleOf(c); ok {
			// A discount no setting has, shown as its formula.
			return fmt.Sprintf("discount 1/%s (not 1/log2(i+1))", c.To)
		}
	}
	return fmt.Sprintf("%s %s (not %s)", c.Setting, c.To, c.From)
}
