package verify

import (
	"fmt"
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// term is one addend of DCG or IDCG as the engine computed it.
type term struct {
	rank int // 1-based
	// grade is unset (NaN) for a term whose gain is its tie group's
	// mean (averagedGain): no slip of such a term reads it.
	grade, gain  float64
	discount     float64
	averagedGain bool // the gain is a tie group's mean
}

func (t term) value() float64 { return t.gain * t.discount }

// terms are the addends of DCG@k or IDCG@k as the engine computed them,
// read one at a time from the result's arrays: a list may have a
// million, and a slice of them would take 48 MB.
type terms struct {
	r     *ndcg.Result
	ideal bool
	n     int
}

// dcgTerms are the addends of DCG@k under the settings' tie policy, as
// Result.Row has them.
func dcgTerms(r *ndcg.Result) terms { return terms{r: r, n: r.K} }

// idcgTerms are the addends of IDCG@k.
func idcgTerms(r *ndcg.Result) terms { return terms{r: r, ideal: true, n: r.IdealK} }

// at is the addend at 0-based rank i.
func (ts terms) at(i int) term {
	r := ts.r
	if ts.ideal {
		return term{rank: i + 1, grade: r.IdealGrade(i), gain: r.IdealGain(i), discount: r.Discounts[i]}
	}
	t := term{rank: i + 1, grade: r.Grade(i), gain: r.Gain(i), discount: r.Discounts[i]}
	if r.Settings.Ties == ndcg.Expected {
		t.gain, t.averagedGain = r.ExpectedGain(i), r.TieAt(i) >= 0
	}
	return t
}

// each calls fn with every term in rank order, as at gives them, until fn
// returns false. It walks the tie groups alongside the ranks: a group's
// mean gain is looked up once, and the grade of a rank that counts the
// mean is not read at all. At a million items that is a million fewer
// reads from anywhere in the list, and as many searches for a rank's
// tie group.
func (ts terms) each(fn func(t term) bool) {
	r := ts.r
	if ts.ideal || r.Settings.Ties != ndcg.Expected {
		for i := range ts.n {
			if !fn(ts.at(i)) {
				return
			}
		}
		return
	}
	ties, g, meanOf, mean := r.Ties, 0, -1, 0.0
	for i := range ts.n {
		for g < len(ties) && ties[g].End <= i {
			g++
		}
		if g < len(ties) && ties[g].Start <= i {
			if meanOf != g {
				meanOf, mean = g, r.ExpectedGain(i)
			}
			if !fn(term{rank: i + 1, grade: math.NaN(), gain: mean, discount: r.Discounts[i], averagedGain: true}) {
				return
			}
			continue
		}
		if !fn(ts.at(i)) {
			return
		}
	}
}

// maxRounded is the most decimals roundedSum rounds terms to.
const maxRounded = 8

// totals are the sums of DCG's and IDCG's terms, exact and with each term
// rounded to 0 … maxRounded decimals, which depart and roundedSum read.
// Each sum's are added up in one pass over its terms, when first needed:
// a term of a list of a million items is a read from anywhere in it, and
// the wrong claims of one check would otherwise read every term a dozen
// times over.
type totals struct {
	r       *ndcg.Result
	done    [2]bool
	exact   [2]float64
	rounded [2][maxRounded + 1]float64
}

func newTotals(r *ndcg.Result) *totals { return &totals{r: r} }

// of adds up the terms of IDCG (ideal) or DCG, once.
func (t *totals) of(ideal bool) int {
	s := 0
	if ideal {
		s = 1
	}
	if t.done[s] {
		return s
	}
	ts := dcgTerms(t.r)
	if ideal {
		ts = idcgTerms(t.r)
	}
	var units [maxRounded + 1]float64
	for d := range units {
		units[d] = math.Pow(10, float64(d))
	}
	exact, rounded := 0.0, &t.rounded[s]
	ts.each(func(tm term) bool {
		v := tm.value()
		exact += v
		for d, unit := range units {
			rounded[d] += math.Round(v*unit) / unit
		}
		return true
	})
	t.exact[s], t.done[s] = exact, true
	return s
}

// sum is the exact sum of IDCG's (ideal) or DCG's terms.
func (t *totals) sum(ideal bool) float64 { return t.exact[t.of(ideal)] }

// roundedSum is the sum of the terms each rounded to d decimals.
func (t *totals) roundedSum(ideal bool, d int) float64 { return t.rounded[t.of(ideal)][d] }

// maxSlips keeps the list of single-term explanations readable.
const maxSlips = 6

// alternatives lists what a term might have been written as by mistake,
// of those whose change of the term (instead − term) keep accepts; a
// slip is put in words only when kept, since depart tries every term of
// lists of up to millions.
func alternatives(r *ndcg.Result, t term, grades []gradeGains, keep func(delta float64) bool) []Slip {
	s := r.Settings
	var out []Slip
	add := func(v float64, what func() string) {
		if math.Abs(v-t.value()) > 1e-12 && keep(v-t.value()) {
			out = append(out, Slip{Rank: t.rank, What: what(), Term: t.value(), Instead: v})
		}
	}
	if !t.averagedGain {
		for _, g := range grades {
			if g.grade != t.grade && g.ok {
				add(g.gain*t.discount, func() string {
					return fmt.Sprintf("grade %s instead of %s", ndcg.FormatNumber(g.grade), ndcg.FormatNumber(t.grade))
				})
			}
		}
		other := otherGain(s.Gain)
		otherOK, otherOf := other.Check(t.grade) == nil, 0.0
		if i := slices.IndexFunc(grades, func(g gradeGains) bool { return g.grade == t.grade }); i >= 0 {
			otherOK, otherOf = grades[i].otherOK, grades[i].other
		} else if otherOK {
			otherOf = other.Of(t.grade)
		}
		if otherOK {
			add(otherOf*t.discount, func() string {
				return fmt.Sprintf("gain %s = %s instead of %s = %s", other.Formula(), ndcg.FormatNumber(otherOf), s.Gain.Formula(), ndcg.FormatNumber(t.gain))
			})
		}
	}
	for _, j := range []int{t.rank - 1, t.rank + 1} {
		if j >= 1 {
			// The result holds the discount of every rank it has (as
			// Discount.At gives it); the logarithm is taken only past them.
			d := 0.0
			if j <= len(r.Discounts) {
				d = r.Discounts[j-1]
			} else {
				d = s.Discount.At(j)
			}
			add(t.gain*d, func() string { return fmt.Sprintf("the discount of rank %d (%.3f instead of %.3f)", j, d, t.discount) })
		}
	}
	add(t.gain, func() string { return "the gain not discounted" })
	if t.discount != 0 {
		add(t.gain/t.discount, func() string { return "the gain multiplied by the denominator instead of divided" })
	}
	add(0, func() string { return "the term left out" })
	add(2*t.value(), func() string { return "the term counted twice" })
	return out
}

// otherGain is the gain a slip of gain swaps g for: exponential for
// linear, linear for any other.
func otherGain(g ndcg.Gain) ndcg.Gain {
	if g.Kind == ndcg.GainLinear {
		return ndcg.Exp
	}
	return ndcg.Linear
}

// reach bounds how far a single slipped term can move DCG or IDCG over n
// ranks: every value alternatives tries for a term (another grade's or
// the other gain's gain over the discount, a neighbour's discount, the
// gain undiscounted or divided, the term left out or doubled) is at most
// twice G × max(1, largest discount, 1 / smallest non-zero discount) in
// size, G the largest gain, and the term itself at most that once; a
// tie group's mean gain is no larger than its largest. It is +Inf when
// the bound cannot be told.
func reach(r *ndcg.Result, n int, grades []gradeGains) float64 {
	g := 0.0
	for _, x := range grades {
		if x.ok {
			g = max(g, math.Abs(x.gain))
		}
		if x.otherOK {
			g = max(g, math.Abs(x.other))
		}
	}
	scale := 1.0
	for j := 1; j <= n+1; j++ {
		d := 0.0
		if j <= len(r.Discounts) {
			d = r.Discounts[j-1]
		} else {
			d = r.Settings.Discount.At(j)
		}
		if d = math.Abs(d); d != 0 {
			scale = max(scale, d, 1/d)
		}
	}
	w := 3 * g * scale
	if math.IsNaN(w) {
		return math.Inf(1)
	}
	return w
}

// pruneSlips lets depart skip the terms when reach says no single slip
// can explain the claim; a test turns it off to compare.
var pruneSlips = true

// overlaps reports whether some change in [-w, w] falls within [lo, hi],
// with a margin for the rounding of the bounds.
func overlaps(lo, hi, w float64) bool {
	m := w*1.001 + 1e-9*(math.Abs(lo)+math.Abs(hi)) + 1e-9
	return !(lo > m || hi < -m) || math.IsNaN(lo) || math.IsNaN(hi)
}

func minMax(a, b float64) (float64, float64) { return min(a, b), max(a, b) }

// gradeGains is a grade with its gain under the settings (ok when
// defined) and under the other gain (otherOK when defined), worked out
// once: depart tries them at every term of lists of up to millions.
type gradeGains struct {
	grade, gain, other float64
	ok, otherOK        bool
}

// gradesIn are the distinct grades the terms may have been taken from.
func gradesIn(r *ndcg.Result) []gradeGains {
	var gs []float64 // the ideal grades run highest first
	for i := range r.IdealOrder {
		if g := r.IdealGrade(i); len(gs) == 0 || gs[len(gs)-1] != g {
			gs = append(gs, g)
		}
	}
	slices.Sort(gs)
	gs = slices.Compact(gs)
	g, other := r.Settings.Gain, otherGain(r.Settings.Gain)
	out := make([]gradeGains, len(gs))
	for i, x := range gs {
		out[i] = gradeGains{grade: x, ok: g.Check(x) == nil, otherOK: other.Check(x) == nil}
		if out[i].ok {
			out[i].gain = g.Of(x)
		}
		if out[i].otherOK {
			out[i].other = other.Of(x)
		}
	}
	return out
}

// depart finds where claim cl departs from the true working; tried are
// the values the settings tried give cl, which a slip is weighed against
// as well as the other slips.
func depart(r *ndcg.Result, tot *totals, cl Claim, c Claims, tried []float64) *Departure {
	d := &Departure{}
	dcg, idcg := dcgTerms(r), idcgTerms(r)
	grades := gradesIn(r)

	// The first claimed contribution that does not hold. Contributions are
	// DCG's terms: they say nothing of how IDCG was summed.
	for i, w := range c.Contributions {
		if cl.Quantity == IDCG {
			break
		}
		if i >= r.N {
			break
		}
		if cl.Quantity == Contribution && i+1 != cl.Rank {
			continue
		}
		if t := r.Row(i).Contribution; !w.Holds(t) {
			d.Rank, d.Claimed, d.True = i+1, w, t
			break
		}
	}
	if (cl.Quantity == DCG || cl.Quantity == NDCG) && len(c.Contributions) >= r.K && r.K > 0 {
		for _, w := range c.Contributions[:r.K] {
			d.ClaimedSum += w.Value
		}
		d.Summed = true
	}

	var slips []Slip
	// Only the first maxSlips are kept: the terms past them need no trying.
	try := func(ts terms, ideal bool, holds func(delta float64) bool) {
		add := func(t term) bool {
			for _, sl := range alternatives(r, t, grades, holds) {
				sl.Ideal = ideal
				slips = append(slips, sl)
			}
			return len(slips) < maxSlips
		}
		switch {
		case len(slips) >= maxSlips:
		case cl.Quantity == Contribution:
			if cl.Rank <= ts.n {
				add(ts.at(cl.Rank - 1))
			}
		default:
			ts.each(add)
		}
	}
	var D, I float64
	if cl.Quantity != Contribution {
		D, I = tot.sum(false), tot.sum(true)
	}
	claimHolds := cl.holder()
	// A claim further from the true sum than one term can move it needs
	// no trying, term by term, of a list of up to millions.
	clo, chi := cl.within()
	w := math.Inf(1)
	if pruneSlips {
		w = reach(r, max(dcg.n, idcg.n), grades)
	}
	switch cl.Quantity {
	case Contribution:
		try(dcg, false, func(delta float64) bool { return claimHolds(d.True + delta) })
		d.Sums = []Quantity{DCG}
	case DCG:
		if overlaps(clo-D, chi-D, w) {
			try(dcg, false, func(delta float64) bool { return claimHolds(D + delta) })
		}
		d.Sums = []Quantity{DCG}
	case IDCG:
		if overlaps(clo-I, chi-I, w) {
			try(idcg, true, func(delta float64) bool { return claimHolds(I + delta) })
		}
		d.Sums = []Quantity{IDCG}
	case NDCG:
		if I != 0 {
			// (D+delta)/I within [clo, chi]
			if lo, hi := minMax(clo*I, chi*I); overlaps(lo-D, hi-D, w) {
				try(dcg, false, func(delta float64) bool { return claimHolds((D + delta) / I) })
			}
			// D/(I+delta) within [clo, chi]: I+delta between D/chi and
			// D/clo, unless the claim's interval holds 0.
			if lo, hi := minMax(D/clo, D/chi); (clo <= 0 && chi >= 0) || overlaps(lo-I, hi-I, w) {
				try(idcg, true, func(delta float64) bool { return I+delta != 0 && claimHolds(D/(I+delta)) })
			}
		}
		d.Sums = []Quantity{DCG, IDCG}
	}
	if len(slips) > maxSlips {
		slips = slips[:maxSlips]
	}
	d.Slips = slips
	slipChance(r, cl, d, grades, tried, valueOf(r, cl, viewOf(r.Settings)), D, I)
	return d
}

// roundedSum finds whether a DCG or IDCG claim is the sum of its terms
// each rounded to a few decimals, as a hand computation that writes the
// terms down first does.
func roundedSum(tot *totals, cl Claim) *Rounded {
	var ideal bool
	switch cl.Quantity {
	case DCG:
	case IDCG:
		ideal = true
	default:
		return nil
	}
	for _, d := range []int{cl.Decimals(), 1, 2, 3, 4} {
		if d < 0 || d > maxRounded {
			continue
		}
		if sum := tot.roundedSum(ideal, d); cl.Holds(sum) {
			return &Rounded{Decimals: d, Value: sum}
		}
	}
	return nil
}
