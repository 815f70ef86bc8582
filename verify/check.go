package verify

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

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

// What a Misread change gives instead (its To), and the discounts no
// setting has (a discount change's To).
const (
	readInverted = "IDCG/DCG"
	readDCG      = "DCG"
	readIDCG     = "IDCG"
	readPercent  = "100 × NDCG"
	shift2       = "log2(i+2)"
	rank1Left    = "log2(i), rank 1 left out"
)

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
		if c.To == shift2 || c.To == rank1Left {
			return fmt.Sprintf("discount 1/%s (not 1/log2(i+1))", c.To)
		}
	}
	return fmt.Sprintf("%s %s (not %s)", c.Setting, c.To, c.From)
}

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

// Check verifies the claims about list under s (whose K and Gain are the
// cutoff and gain the claims were made at).
func Check(list *ndcg.List, s ndcg.Settings, c Claims) (*Report, error) {
	r, err := ndcg.Compute(list, s)
	if err != nil {
		return nil, err
	}
	if len(c.Contributions) > r.N {
		return nil, fmt.Errorf("%d contributions claimed but the list has %d items; give one per rank, from rank 1", len(c.Contributions), r.N)
	}
	rep := &Report{Settings: s, Result: r}
	var claims []Claim
	for _, q := range []struct {
		q Quantity
		w *Written
	}{{DCG, c.DCG}, {IDCG, c.IDCG}, {NDCG, c.NDCG}} {
		if q.w != nil {
			claims = append(claims, Claim{Quantity: q.q, Written: *q.w})
		}
	}
	for i, w := range c.Contributions {
		claims = append(claims, Claim{Quantity: Contribution, Rank: i + 1, Written: w})
	}

	search := newSearch(list, r)
	rep.Tried = search.dimensions()
	var wrong []Claim
	for _, cl := range claims {
		if !cl.Holds(valueOf(r, cl, viewOf(s))) {
			wrong = append(wrong, cl)
		}
	}
	search.prefetch(wrong)
	tot := newTotals(r)
	for _, cl := range claims {
		v := Verdict{Claim: cl, True: valueOf(r, cl, viewOf(s))}
		v.Holds = cl.Holds(v.True)
		if !v.Holds {
			v.Truncated = cl.TruncatedFrom(v.True)
			var tried []float64
			v.Matches, v.Odds, tried = search.matches(cl)
			if cl.Quantity == NDCG && c.DCG != nil && c.IDCG != nil && c.IDCG.Value != 0 {
				q := &Quotient{DCG: *c.DCG, IDCG: *c.IDCG, Value: c.DCG.Value / c.IDCG.Value}
				q.Holds = cl.Holds(q.Value)
				v.Quotient = q
			}
			v.Rounded = roundedSum(tot, cl)
			if !v.Explained() {
				v.Departure = depart(r, tot, cl, c, tried)
			}
		}
		rep.Verdicts = append(rep.Verdicts, v)
	}
	return rep, nil
}

// view is how a claim reads a result: the conventions that need no
// recomputation (every cutoff and tie order is in one result).
type view struct {
	ties ndcg.TiePolicy
	k    int
	zero float64
	// idcgAll normalises by the whole ideal ranking instead of its top k.
	idcgAll bool
	// idcgTopK builds the ideal ranking from the top k retrieved items only.
	idcgTopK bool
	// unsorted leaves the ideal ranking in the list's order.
	unsorted bool
	// read is what a Misread change gives instead; "" for the quantity.
	read string
	// discount, when set, weighs rank i (1-based) in place of the
	// result's discount: one no setting has.
	discount func(i int) float64
}

func viewOf(s ndcg.Settings) view { return view{ties: s.Ties, k: s.K, zero: s.Zero} }

// valueOf is the claimed quantity in r read through v; NaN where the
// reading has no value (IDCG/DCG with DCG 0).
func valueOf(r *ndcg.Result, c Claim, v view) float64 {
	dcg := func() float64 {
		if v.discount != nil {
			return rediscounted(r, v.ties, v.k, v.discount)
		}
		return r.DCGAt(v.ties, v.k)
	}
	idcg := func() float64 {
		switch {
		case v.unsorted:
			return dcg()
		case v.idcgTopK:
			return topKIDCG(r, v.k, v.discount)
		}
		k := v.k
		if v.idcgAll {
			k = 0
		}
		if v.discount != nil {
			return rediscountedIdeal(r, k, v.discount)
		}
		return r.IDCGAt(k)
	}
	switch c.Quantity {
	case DCG:
		if v.read == readIDCG {
			return idcg()
		}
		return dcg()
	case IDCG:
		return idcg()
	case NDCG:
		d, i := dcg(), idcg()
		switch v.read {
		case readDCG:
			return d
		case readInverted:
			if d == 0 {
				return math.NaN()
			}
			return i / d
		}
		n := v.zero
		if i != 0 {
			n = d / i
		}
		if v.read == readPercent {
			return 100 * n
		}
		return n
	default:
		if v.discount != nil {
			prev := 0.0
			if c.Rank > 1 {
				prev = r.DCGAt(v.ties, c.Rank-1)
			}
			return (r.DCGAt(v.ties, c.Rank) - prev) / r.Discounts[c.Rank-1] * v.discount(c.Rank)
		}
		if v.ties == r.Settings.Ties {
			return r.Row(c.Rank - 1).Contribution
		}
		// The rank's term under another tie order: the step in DCG.
		prev := 0.0
		if c.Rank > 1 {
			prev = r.DCGAt(v.ties, c.Rank-1)
		}
		return r.DCGAt(v.ties, c.Rank) - prev
	}
}

// rediscounted is DCG@k with ties ordered by p, each rank's gain weighed
// by d in place of the result's discount: the gain at a rank is its
// step in DCG over its discount.
func rediscounted(r *ndcg.Result, p ndcg.TiePolicy, k int, d func(int) float64) float64 {
	if k <= 0 || k > r.N {
		k = r.N
	}
	sum, prev := 0.0, 0.0
	for i := range k {
		at := r.DCGAt(p, i+1)
		sum += (at - prev) / r.Discounts[i] * d(i+1)
		prev = at
	}
	return sum
}

// rediscountedIdeal is IDCG@k with each rank weighed by d.
func rediscountedIdeal(r *ndcg.Result, k int, d func(int) float64) float64 {
	n := len(r.IdealOrder)
	if k > 0 && k < n {
		n = k
	}
	sum := 0.0
	for i := range n {
		sum += r.IdealGain(i) * d(i+1)
	}
	return sum
}

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

// variant is one change of conventions to try.
type variant struct {
	change   Change
	apply    func(*ndcg.Settings)
	idcgAll  bool
	idcgTopK bool
	unsorted bool
	read     string
	discount func(int) float64
	// only lists the quantities the change applies to; nil for all.
	only []Quantity
	// alone says the change is tried only by itself, never in a pair:
	// a learner's own rule, whose pairs would add dozens of values
	// that hit a claim by chance.
	alone bool
	// forTerms says the change can move a single rank's contribution.
	forTerms bool
	// exotic marks a change few people make: see Match.Exotic.
	exotic bool
}

type search struct {
	list     *ndcg.List
	base     *ndcg.Result
	variants []variant
	// spare is the memory of the last trial's result: a trial's result
	// is read at once and dropped, so one list of a million items does
	// not hold a result per convention tried.
	spare *ndcg.Result
	// tried holds the values prefetch worked out.
	tried map[trial]triedValue
}

// trial is one claim under one variant (b < 0) or a pair of them: indices
// into search.variants.
type trial struct {
	claim Claim
	a, b  int
}

type triedValue struct {
	x  float64
	ok bool
}

// discountChoices are the discounts people use or slip into: the log base
// of numpy's log and log10, and the original Järvelin–Kekäläinen form.
var discountChoices = []ndcg.Discount{
	ndcg.Log2,
	{Kind: ndcg.DiscountLog, Base: math.E},
	{Kind: ndcg.DiscountLog, Base: 10},
	ndcg.JK2,
}

// discountName names a discount for people: log2, ln, log10, jk:2.
func discountName(d ndcg.Discount) string {
	b := d.Base
	if b == 0 {
		b = 2
	}
	switch {
	case d.Kind == ndcg.DiscountLog && b == math.E:
		return "ln"
	case d.Kind == ndcg.DiscountLog && b == 10:
		return "log10"
	case d.Kind == ndcg.DiscountJK && b == math.E:
		return "jk:e"
	}
	return d.String()
}

func newSearch(list *ndcg.List, r *ndcg.Result) *search {
	s := r.Settings
	sr := &search{list: list, base: r}
	add := func(v variant) { sr.variants = append(sr.variants, v) }
	for _, g := range []ndcg.Gain{ndcg.Exp, ndcg.Linear} {
		if g.String() != s.Gain.String() {
			add(variant{change: Change{ndcg.SettingGain, s.Gain.String(), g.String()}, forTerms: true,
				apply: func(t *ndcg.Settings) { t.Gain = g }})
		}
	}
	for _, d := range discountChoices {
		if d.String() != s.Discount.String() {
			// log2 is the discount of every library; a whiteboard may slip
			// into another base, and Järvelin–Kekäläinen's is rare today.
			add(variant{change: Change{ndcg.SettingDiscount, discountName(s.Discount), discountName(d)}, forTerms: true,
				exotic: d.String() != ndcg.Log2.String(), apply: func(t *ndcg.Settings) { t.Discount = d }})
		}
	}
	if len(r.Ties) > 0 {
		for _, p := range ndcg.TiePolicies {
			if p != s.Ties {
				// Best and worst bound the value; no tool orders ties so.
				add(variant{change: Change{ndcg.SettingTies, s.Ties.String(), p.String()}, forTerms: true,
					exotic: p == ndcg.Best || p == ndcg.Worst, apply: func(t *ndcg.Settings) { t.Ties = p }})
			}
		}
	}
	if len(list.Pool) > 0 {
		other := ndcg.FromJudged
		if s.IDCG == ndcg.FromJudged {
			other = ndcg.FromList
		}
		add(variant{change: Change{ndcg.SettingIDCG, s.IDCG.String(), other.String()},
			apply: func(t *ndcg.Settings) { t.IDCG = other }})
	}
	if r.IDCG() == 0 {
		z := 1 - s.Zero
		add(variant{change: Change{ndcg.SettingZero, ndcg.FormatNumber(s.Zero), ndcg.FormatNumber(z)},
			apply: func(t *ndcg.Settings) { t.Zero = z }})
	}
	// k off by one, from the cutoff actually used.
	k := r.K
	from := strconv.Itoa(k)
	if s.K == 0 {
		from = fmt.Sprintf("all (%d)", k)
	}
	if k >= 2 {
		add(variant{change: Change{ndcg.SettingK, from, strconv.Itoa(k - 1)},
			apply: func(t *ndcg.Settings) { t.K = k - 1 }})
	}
	if k+1 <= r.Ranks() && s.K != 0 {
		add(variant{change: Change{ndcg.SettingK, from, strconv.Itoa(k + 1)},
			apply: func(t *ndcg.Settings) { t.K = k + 1 }})
	}
	if k+1 < r.Ranks() && s.K != 0 {
		// Every rank added, the cutoff forgotten: a learner's first
		// DCG@3 of a five-item list is often its DCG@5.
		add(variant{change: Change{ndcg.SettingK, from, "all"},
			apply: func(t *ndcg.Settings) { t.K = 0 }})
	}
	if r.IdealK < len(r.IdealOrder) {
		add(variant{change: Change{IDCGCutoff, "k=" + strconv.Itoa(r.IdealK), "the whole ideal ranking"}, idcgAll: true})
	}
	if math.Abs(topKIDCG(r, s.K, nil)-r.IDCG()) > 1e-12 {
		all := "the whole list"
		if s.IDCG == ndcg.FromJudged && len(list.Pool) > 0 {
			all = "the list and the pool"
		}
		add(variant{change: Change{IDCGItems, all, "the top " + strconv.Itoa(r.K) + " retrieved"}, idcgTopK: true})
	}
	// What learners do that no tool's setting does: discounts shifted
	// the other way, the ideal left unsorted, and another quantity
	// given than the one asked.
	if s.Discount.String() == ndcg.Log2.String() {
		add(variant{change: Change{ndcg.SettingDiscount, "log2", shift2}, forTerms: true, exotic: true, discount: shiftedDiscount, alone: true})
		add(variant{change: Change{ndcg.SettingDiscount, "log2", rank1Left}, forTerms: true, exotic: true, discount: rank1LeftDiscount, alone: true})
	}
	add(variant{change: Change{IdealOrder, "best first", "the list's own order"}, unsorted: true, only: []Quantity{IDCG, NDCG}, alone: true})
	for _, read := range []string{readInverted, readDCG, readPercent} {
		add(variant{change: Change{Misread, "NDCG", read}, read: read, only: []Quantity{NDCG}})
	}
	add(variant{change: Change{Misread, "DCG", readIDCG}, read: readIDCG, only: []Quantity{DCG}})
	return sr
}

// dimensions lists the settings the search varies, singly and in
// pairs; a learner's own rules (tried alone, or for what quantity is
// given) are not settings.
func (sr *search) dimensions() []ndcg.Setting {
	var out []ndcg.Setting
	for _, v := range sr.variants {
		if v.alone || v.read != "" {
			continue
		}
		if !slices.Contains(out, v.change.Setting) {
			out = append(out, v.change.Setting)
		}
	}
	return out
}

// result is the list under s, valid until the next call: every variant
// keeps the scores, so it is derived from the base's ranking (no sort),
// into the memory of the previous trial.
func (sr *search) result(s ndcg.Settings) *ndcg.Result {
	if s.Equal(sr.base.Settings) {
		return sr.base
	}
	r, err := ndcg.DeriveInto(sr.spare, sr.base, s)
	sr.spare = r
	if err != nil {
		return nil // e.g. a grade too large for exp gain: this variant cannot apply
	}
	return r
}

// eval is the claim's quantity under the variants vs applied together.
func (sr *search) eval(c Claim, vs ...variant) (float64, bool) {
	s, v := sr.trialOf(vs...)
	r := sr.result(s)
	if r == nil {
		return 0, false
	}
	return valueOf(r, c, v), true
}

// trialOf is the computation the variants vs need, and how the claim
// reads it. The cutoff, tie order and IDCG=0 rule are read from one
// result; only gain, discount and IDCG source need another computation.
func (sr *search) trialOf(vs ...variant) (ndcg.Settings, view) {
	s := sr.settings(vs...)
	v := viewOf(s)
	for _, x := range vs {
		v.idcgAll = v.idcgAll || x.idcgAll
		v.idcgTopK = v.idcgTopK || x.idcgTopK
		v.unsorted = v.unsorted || x.unsorted
		if x.read != "" {
			v.read = x.read
		}
		if x.discount != nil {
			v.discount = x.discount
		}
	}
	base := sr.base.Settings
	s.K, s.Ties, s.Zero = base.K, base.Ties, base.Zero
	return s, v
}

// usable are the variants (indices into sr.variants) that can move the
// claim c.
func (sr *search) usable(c Claim) []int {
	var out []int
	for i, v := range sr.variants {
		if c.Quantity == Contribution && !v.forTerms {
			continue
		}
		if c.Quantity == DCG && (v.idcgAll || v.idcgTopK) {
			continue
		}
		if v.only != nil && !slices.Contains(v.only, c.Quantity) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// trials lists what matches tries for claim c, in its order: each usable
// variant alone, then each pair of variants of different settings.
func (sr *search) trials(c Claim) []trial {
	u := sr.usable(c)
	var out []trial
	for _, a := range u {
		out = append(out, trial{c, a, -1})
	}
	for i, a := range u {
		for _, b := range u[i+1:] {
			va, vb := sr.variants[a], sr.variants[b]
			if va.change.Setting != vb.change.Setting && !va.alone && !vb.alone {
				out = append(out, trial{c, a, b})
			}
		}
	}
	return out
}

func (sr *search) variantsOf(t trial) []variant {
	if t.b < 0 {
		return []variant{sr.variants[t.a]}
	}
	return []variant{sr.variants[t.a], sr.variants[t.b]}
}

// prefetch works out every trial of the claims, grouped by the
// computation they need: the dozens of trials of a few claims need only
// the few results of the gains and discounts tried, and on a list of a
// million items each result takes tens of milliseconds to derive.
func (sr *search) prefetch(claims []Claim) {
	type group struct {
		s      ndcg.Settings
		trials []trial
	}
	// The base's trials first: a derived result shares the base's docno
	// order once the base has sorted it, instead of sorting its own.
	groups := []group{{s: sr.base.Settings}}
	for _, c := range claims {
		for _, t := range sr.trials(c) {
			s, _ := sr.trialOf(sr.variantsOf(t)...)
			i := slices.IndexFunc(groups, func(g group) bool { return g.s.Equal(s) })
			if i < 0 {
				i = len(groups)
				groups = append(groups, group{s: s})
			}
			groups[i].trials = append(groups[i].trials, t)
		}
	}
	sr.tried = map[trial]triedValue{}
	for _, g := range groups {
		r := sr.result(g.s)
		for _, t := range g.trials {
			if r == nil {
				sr.tried[t] = triedValue{}
				continue
			}
			_, v := sr.trialOf(sr.variantsOf(t)...)
			sr.tried[t] = triedValue{valueOf(r, t.claim, v), true}
		}
	}
}

// value is trial t's value: prefetched, or worked out now.
func (sr *search) value(t trial) (float64, bool) {
	if tv, ok := sr.tried[t]; ok {
		return tv.x, tv.ok
	}
	return sr.eval(t.claim, sr.variantsOf(t)...)
}

// settings are the base settings with the variants applied.
func (sr *search) settings(vs ...variant) ndcg.Settings {
	s := sr.base.Settings
	for _, v := range vs {
		if v.apply != nil {
			v.apply(&s)
		}
	}
	return s
}

// maxMatches keeps the list of explanations readable.
const maxMatches = 8

// matches are the matches of claim c, the odds of a chance match, and
// every value the settings tried give c.
//
// The values are weighed by family: another quantity given (IDCG/DCG, a
// percentage, DCG for NDCG, IDCG for DCG) is a family of its own, its
// values those of the others read through it, on their own scale: a
// percentage is weighed against the percentages the settings tried
// give, not against fractions.
func (sr *search) matches(c Claim) ([]Match, *Odds, []float64) {
	var out []Match
	var read []string // each match's family
	// Every value tried, matching or not, by family and plausibility
	// class, for the odds of a chance match; the value of each family's
	// reading alone stands for its truth.
	values := map[string]*[3][]float64{"": {}}
	truths := map[string]float64{"": valueOf(sr.base, c, viewOf(sr.base.Settings))}
	single := make([]bool, len(sr.variants))
	for _, t := range sr.trials(c) {
		x, ok := sr.value(t)
		if !ok || math.IsNaN(x) {
			continue
		}
		_, tv := sr.trialOf(sr.variantsOf(t)...)
		fam := values[tv.read]
		if fam == nil {
			fam = &[3][]float64{}
			values[tv.read] = fam
			truths[tv.read] = x
		}
		if t.b < 0 {
			v := sr.variants[t.a]
			m := Match{Changes: []Change{v.change}, Value: x, Presets: sr.presetOf(v), Exotic: v.exotic}
			fam[plausibility(m)] = append(fam[plausibility(m)], x)
			if c.Holds(x) {
				single[t.a] = true
				out, read = append(out, m), append(read, tv.read)
			}
			continue
		}
		a, b := sr.variants[t.a], sr.variants[t.b]
		fam[2] = append(fam[2], x)
		if !single[t.a] && !single[t.b] && c.Holds(x) {
			out = append(out, Match{Changes: []Change{a.change, b.change}, Value: x, Presets: sr.presetOf(a, b),
				Exotic: a.exotic || b.exotic})
			read = append(read, tv.read)
		}
	}
	main := values[""]
	odds := chanceOdds(slices.Concat(main[0], main[1], main[2]), truths[""], c.Tolerance())
	for i, m := range out {
		// A match is weighed against the settings at least as plausible as
		// its own (a common change of convention against the common ones;
		// a mistake, which is one of many ways to go wrong, and a pair
		// against everything tried), at its own distance from the claim
		// (at least a tenth of the tolerance): 1.0000 for a claim of 1.0
		// is less likely chance than a value at the edge of the tolerance.
		class := plausibility(m)
		if m.Mistake() {
			class = 2
		}
		var rivals []float64
		for p := 0; p <= class; p++ {
			rivals = append(rivals, values[read[i]][p]...)
		}
		near := max(math.Abs(m.Value-c.Value), c.Tolerance()/10)
		out[i].Chance = MayBeChance(rivals, truths[read[i]], near)
		if c.Impossible() && read[i] != "" && len(m.Changes) == 1 {
			// No order of the list gives an impossible claim: only the
			// few readings of another quantity reach it, and one alone
			// that does is what happened, not chance.
			out[i].Chance = false
		}
	}
	// The most plausible first: one common change, one exotic change,
	// then pairs (in the order tried within each).
	slices.SortStableFunc(out, func(a, b Match) int { return cmp.Compare(plausibility(a), plausibility(b)) })
	if len(out) > maxMatches {
		out = out[:maxMatches]
	}
	return out, odds, slices.Concat(main[0], main[1], main[2])
}

// MayBeChance is the one rule that says a value found near a claim may
// be chance: the values tried (and the truth), each widened by near,
// cover a third of their range or more, so that a claim written
// anywhere there would often be "reproduced" by one of them. Matches
// and slips alike are marked by it, and every interface says "may be
// chance" where it holds.
func MayBeChance(tried []float64, truth, near float64) bool {
	return chanceOdds(tried, truth, near).Covered >= chanceLevel
}

// plausibility orders matches: 0 a single common change, 1 a single
// exotic one, 2 a pair.
func plausibility(m Match) int {
	switch {
	case len(m.Changes) > 1:
		return 2
	case m.Exotic:
		return 1
	}
	return 0
}

// chanceOdds measures how much of the range of the values tried (and the
// true value) lies within tol of one of them: the chance that a claim
// picked anywhere in that range is "reproduced" by some setting.
func chanceOdds(values []float64, truth, tol float64) *Odds {
	o := &Odds{Settings: len(values), Lo: truth, Hi: truth}
	for _, x := range values {
		o.Lo, o.Hi = min(o.Lo, x), max(o.Hi, x)
	}
	if o.Hi-o.Lo <= 2*tol {
		o.Covered = 1
		return o
	}
	xs := slices.Sorted(slices.Values(values))
	covered, end := 0.0, math.Inf(-1)
	for _, x := range xs {
		lo, hi := max(x-tol, o.Lo, end), min(x+tol, o.Hi)
		if hi > lo {
			covered += hi - lo
		}
		end = max(end, hi)
	}
	o.Covered = covered / (o.Hi - o.Lo)
	return o
}

func (sr *search) presetOf(vs ...variant) []string {
	for _, v := range vs {
		// No preset sets these: a preset keeps k, and every one cuts the
		// ideal ranking at k from the whole list.
		if v.idcgAll || v.idcgTopK || v.unsorted || v.read != "" || v.discount != nil || v.change.Setting == ndcg.SettingK {
			return nil
		}
	}
	s := sr.settings(vs...)
	r := sr.base
	var out []string
	for _, p := range ndcg.Presets {
		ps := p.Apply(s)
		// Conventions that cannot change a number on this list do not
		// tell the presets apart.
		if len(r.Ties) == 0 {
			ps.Ties = s.Ties
		}
		if len(r.List.Pool) == 0 {
			ps.IDCG = s.IDCG
		}
		if r.IDCG() != 0 {
			ps.Zero = s.Zero
		}
		if ps.TruncateGrades && !s.TruncateGrades && integral(r.List) {
			ps.TruncateGrades = false
		}
		// With grades 0 and 1 only, 2^g−1 = g: binary relevance, as
		// click data and most learning-to-rank sets have, where
		// scikit-learn's linear gain and the others' exponential one
		// give the same numbers.
		if plainGain(ps.Gain) && plainGain(s.Gain) && binary(r.List) {
			ps.Gain = s.Gain
		}
		if ps.Equal(s) {
			out = append(out, p.Name)
		}
	}
	return out
}

// plainGain reports whether g is the exponential or the linear gain,
// which agree on grades 0 and 1.
func plainGain(g ndcg.Gain) bool { return g.Kind == ndcg.GainExp || g.Kind == ndcg.GainLinear }

// binary reports whether every grade is 0 or 1.
func binary(l *ndcg.List) bool {
	for _, it := range l.Items {
		if it.Grade != 0 && it.Grade != 1 {
			return false
		}
	}
	for _, p := range l.Pool {
		if p.Grade != 0 && p.Grade != 1 {
			return false
		}
	}
	return true
}

// integral reports whether every grade is a whole number, so that
// trec_eval's truncation changes nothing.
func integral(l *ndcg.List) bool {
	for _, it := range l.Items {
		if it.Grade != math.Trunc(it.Grade) {
			return false
		}
	}
	for _, p := range l.Pool {
		if p.Grade != math.Trunc(p.Grade) {
			return false
		}
	}
	return true
}

// topKIDCG is IDCG@k of the ideal ranking of the top k retrieved items
// alone (input order within ties).
func topKIDCG(r *ndcg.Result, k int, d func(int) float64) float64 {
	n := r.N
	if k > 0 && k < n {
		n = k
	}
	gains := make([]float64, n)
	for i := range gains {
		gains[i] = r.Gain(i)
	}
	slices.SortFunc(gains, func(a, b float64) int { return cmp.Compare(b, a) })
	sum := 0.0
	for i, g := range gains {
		if d != nil {
			sum += g * d(i+1)
			continue
		}
		sum += g * r.Discounts[i]
	}
	return sum
}
