package verify

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// variant is one change of conventions to try.
type variant struct {
	change Change
	apply  func(*ndcg.Settings)
	reading
	// only lists the quantities the change applies to; nil for all.
	only []Quantity
	// learner says the change is a learner's own rule (learnerRules),
	// not a setting the search varies.
	learner bool
	// alone says the change is tried only by itself, never in a pair
	// (see rule.alone).
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
		add(variant{change: Change{IDCGCutoff, "k=" + strconv.Itoa(r.IdealK), "the whole ideal ranking"}, reading: reading{idcgAll: true}})
	}
	if math.Abs(topKIDCG(r, s.K, nil)-r.IDCG()) > 1e-12 {
		all := "the whole list"
		if s.IDCG == ndcg.FromJudged && len(list.Pool) > 0 {
			all = "the list and the pool"
		}
		add(variant{change: Change{IDCGItems, all, "the top " + strconv.Itoa(r.K) + " retrieved"}, reading: reading{idcgTopK: true}})
	}
	// What learners do that no tool's setting does, after every setting.
	for _, l := range learnerRules {
		if l.applies == nil || l.applies(r) {
			add(l.variant())
		}
	}
	return sr
}

// dimensions lists the settings the search varies, singly and in
// pairs; a learner's own rules (tried alone, or for what quantity is
// given) are not settings.
func (sr *search) dimensions() []ndcg.Setting {
	var out []ndcg.Setting
	for _, v := range sr.variants {
		if v.learner {
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
		v.reading = v.and(x.reading)
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
