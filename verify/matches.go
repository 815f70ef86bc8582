package verify

import (
	"cmp"
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

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
		// No preset makes a learner's mistake, changes k, or cuts the
		// ideal ranking but at k from the whole list.
		if v.learner || v.idcgAll || v.idcgTopK || v.change.Setting == ndcg.SettingK {
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
