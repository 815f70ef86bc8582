package verify

import (
	"fmt"
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// term is one addend of DCG or IDCG as the engine computed it.
type term struct {
	rank         int // 1-based
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

func (ts terms) sum() float64 {
	s := 0.0
	for i := range ts.n {
		s += ts.at(i).value()
	}
	return s
}

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

func depart(r *ndcg.Result, cl Claim, c Claims) *Departure {
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
	try := func(ts terms, ideal bool, holds func(delta float64) bool) {
		for i := range ts.n {
			if cl.Quantity == Contribution && i+1 != cl.Rank {
				continue
			}
			t := ts.at(i)
			for _, sl := range alternatives(r, t, grades, holds) {
				sl.Ideal = ideal
				slips = append(slips, sl)
			}
		}
	}
	D, I := dcg.sum(), idcg.sum()
	claimHolds := cl.holder()
	switch cl.Quantity {
	case Contribution:
		try(dcg, false, func(delta float64) bool { return claimHolds(d.True + delta) })
		d.Sums = []Quantity{DCG}
	case DCG:
		try(dcg, false, func(delta float64) bool { return claimHolds(D + delta) })
		d.Sums = []Quantity{DCG}
	case IDCG:
		try(idcg, true, func(delta float64) bool { return claimHolds(I + delta) })
		d.Sums = []Quantity{IDCG}
	case NDCG:
		if I != 0 {
			try(dcg, false, func(delta float64) bool { return claimHolds((D + delta) / I) })
			try(idcg, true, func(delta float64) bool { return I+delta != 0 && claimHolds(D/(I+delta)) })
		}
		d.Sums = []Quantity{DCG, IDCG}
	}
	if len(slips) > maxSlips {
		slips = slips[:maxSlips]
	}
	d.Slips = slips
	return d
}

// roundedSum finds whether a DCG or IDCG claim is the sum of its terms
// each rounded to a few decimals, as a hand computation that writes the
// terms down first does.
func roundedSum(r *ndcg.Result, cl Claim) *Rounded {
	var ts terms
	switch cl.Quantity {
	case DCG:
		ts = dcgTerms(r)
	case IDCG:
		ts = idcgTerms(r)
	default:
		return nil
	}
	for _, d := range []int{cl.Decimals(), 1, 2, 3, 4} {
		if d < 0 || d > 8 {
			continue
		}
		unit := math.Pow(10, float64(d))
		sum := 0.0
		for i := range ts.n {
			sum += math.Round(ts.at(i).value()*unit) / unit
		}
		if cl.Holds(sum) {
			return &Rounded{Decimals: d, Value: sum}
		}
	}
	return nil
}
