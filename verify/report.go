package verify

import (
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Match is a set of convention changes under which the claim holds.
type Match struct {
	Changes []Change
	// Value is the claimed quantity under those conventions.
	Value float64
	// Presets name the tools whose conventions these are, as far as they
	// matter for this list (tie order only with ties, and so on).
	Presets []string
	// Exotic says a change is one few people make (a discount other than
	// log2, a best or worst tie order), so a common one is more likely
	// what the claim was computed with.
	Exotic bool
	// Chance says the claim's tolerance is wide enough against the spread
	// of the values the tried settings give that a match says little:
	// many settings would hit a claim anywhere near this one.
	Chance bool
}

// String says the changes in words, joined: "gain linear (not exp) and
// k=4 (not 5)". Each interface adds the presets in its own words.
func (m Match) String() string {
	parts := make([]string, len(m.Changes))
	for i, c := range m.Changes {
		parts[i] = c.String()
	}
	return strings.Join(parts, " and ")
}

// Odds measures how easily the settings tried hit a claim by chance:
// Settings values (single changes and pairs) spread over Lo..Hi, and the
// claim's tolerance around each covers Covered of that range, the chance
// that a claim picked anywhere in it matches some setting.
type Odds struct {
	Settings int
	Lo, Hi   float64
	Covered  float64
}

// chanceLevel is the coverage above which a match may be chance: past a
// third of the range, a claim written anywhere there would often be
// "reproduced" by some setting.
const chanceLevel = 1.0 / 3

// Quotient is an NDCG claim read as the claimed DCG over the claimed
// IDCG: a wrong NDCG often only inherits a slip made upstream.
type Quotient struct {
	DCG, IDCG Written
	Value     float64
	// Holds says whether the NDCG claim is this quotient, rounded.
	Holds bool
}

// Slip is one term which, written differently, gives the claimed sum.
type Slip struct {
	// Rank is the 1-based rank of the term; Ideal says it is a term of IDCG.
	Rank  int
	Ideal bool
	// What the term would have been: "grade 2 instead of 3", …
	What string
	// Term is the true term, Instead the slipped one.
	Term, Instead float64
	// Chance says that the slips of every term tried hit a claim near
	// this one so often that finding one says little (see Leads).
	Chance bool
}

// Departure locates where the arithmetic of a wrong claim leaves the
// true working, when no convention explains it.
type Departure struct {
	// Rank is the first rank whose claimed contribution does not hold;
	// 0 when no claimed contribution departs.
	Rank    int
	Claimed Written
	True    float64
	// ClaimedSum is the sum of the claimed contributions to k, when one is
	// claimed for every rank that counts; Summed says it is set.
	ClaimedSum float64
	Summed     bool
	// Slips are single terms that, written differently, give the claim.
	Slips []Slip
	// Sums names the sums whose true terms show the slip: DCG, IDCG or both.
	Sums []Quantity
}

// Verdict is the outcome of checking one claim.
type Verdict struct {
	Claim Claim
	// True is the value under the settings in force.
	True  float64
	Holds bool
	// Truncated says the claim is the true value cut off, not rounded.
	Truncated bool
	// Matches are the conventions that reproduce a wrong claim, most
	// plausible first: a single common change, then a single exotic one,
	// then pairs whose parts do not reproduce it alone.
	Matches []Match
	// Odds says how easily the settings tried reproduce a claim like this
	// one by chance (set with Matches).
	Odds *Odds
	// Quotient is set for an NDCG claim when DCG and IDCG are claimed too.
	Quotient *Quotient
	// Rounded is set for a wrong DCG or IDCG claim that is the sum of
	// its terms each rounded first: a slip of precision, not of method.
	Rounded *Rounded
	// Departure is set for a wrong claim that no single convention
	// change reproduces.
	Departure *Departure
}

// Rounded is a sum whose terms were rounded before they were added.
type Rounded struct {
	// Decimals is how many decimals each term kept.
	Decimals int
	// Value is the sum of the rounded terms.
	Value float64
}

// Explained reports whether one convention alone reproduces the claim,
// not by chance; otherwise the working is shown too.
func (v Verdict) Explained() bool {
	return len(v.Matches) > 0 && len(v.Matches[0].Changes) == 1 && !v.Matches[0].Chance
}

// Report is every claim checked against one list under one set of settings.
type Report struct {
	Settings ndcg.Settings
	// Result is the computation the true values come from.
	Result   *ndcg.Result
	Verdicts []Verdict
	// Tried lists the conventions searched for wrong claims, singly
	// and in pairs; every mistake of the Catalogue is tried besides.
	Tried []ndcg.Setting
}

// Holds reports whether every claim holds.
func (r *Report) Holds() bool {
	for _, v := range r.Verdicts {
		if !v.Holds {
			return false
		}
	}
	return true
}

// Failed counts the claims that do not hold.
func (r *Report) Failed() int {
	n := 0
	for _, v := range r.Verdicts {
		if !v.Holds {
			n++
		}
	}
	return n
}
