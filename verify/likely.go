package verify

import (
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Mistake reports whether the change is one a hand computation makes by
// mistake rather than a convention some tool or paper follows: a
// learner's own rule (learnerRules), the cutoff off by one or forgotten, IDCG over the whole ideal ranking or the ideal
// ranking from the top k retrieved, a discount other than 1/log2(i+1)
// (another log base; Järvelin and Kekäläinen's original form, which is
// also what 1/log2(i) with rank 1 left undiscounted gives), or a tie
// order no tool uses (best, worst). Gain, the IDCG source, the IDCG=0
// rule and the tie orders of tools are conventions: a claim computed
// with another library's gives them exactly.
func (c Change) Mistake() bool {
	if _, ok := ruleOf(c); ok {
		return true
	}
	switch c.Setting {
	case ndcg.SettingK, IDCGCutoff, IDCGItems:
		return true
	case ndcg.SettingDiscount:
		return c.To != "log2"
	case ndcg.SettingTies:
		return c.To == ndcg.Best.String() || c.To == ndcg.Worst.String()
	}
	return false
}

// Mistake reports whether one of the match's changes is a mistake.
func (m Match) Mistake() bool {
	return slices.ContainsFunc(m.Changes, Change.Mistake)
}

// sameChanges reports whether two matches make the same changes.
func sameChanges(a, b Match) bool {
	return slices.Equal(a.Changes, b.Changes)
}

// LeadKind is what a Lead explains a wrong claim by.
type LeadKind int

const (
	// LeadTruncated: the true value cut off after the digits written.
	LeadTruncated LeadKind = iota
	// LeadRounded: the sum of terms each rounded first.
	LeadRounded
	// LeadConvention: another convention, as some tool computes it.
	LeadConvention
	// LeadMistake: a known mistake (Change.Mistake), alone or with a
	// convention.
	LeadMistake
	// LeadSlip: one term written differently.
	LeadSlip
)

// Lead is one explanation of a wrong claim.
type Lead struct {
	Kind  LeadKind
	Match *Match // LeadConvention and LeadMistake
	Slip  *Slip  // LeadSlip
	// Likely says the explanation is what most likely happened; a lead
	// that is not likely is a guess, to be shown as one: the settings or
	// terms tried hit a claim like this one often enough by chance.
	Likely bool
	// Corroborated says another wrong claim of the report is explained
	// by the same changes, not by chance (DCG and IDCG both computed
	// with the same discount, say).
	Corroborated bool
}

// Leads are the explanations of the report's verdict i, most plausible
// first: the one ranking of explanations by plausibility that check, the
// explorer's check view and the quiz's diagnosis all follow.
//
// Likely leads come first, then guesses, each in this order: the digits
// cut off, terms rounded first (both exact: precision, not method), a
// convention, a mistake, a slipped term. What is likely:
//
//   - a cut-off or rounded-terms sum always;
//   - a single change (of convention, or a mistake) not marked Chance
//     (Match.Chance, where a mistake is weighed against every setting
//     tried: a cutoff off by one is one of many ways to go wrong);
//   - any match, two changes together too, corroborated by another
//     claim of the report; two changes together are otherwise a guess,
//     one of the many pairs tried;
//   - a slipped term not marked Chance (Slip.Chance), when no match
//     gives the claim.
func (r *Report) Leads(i int) []Lead {
	v := r.Verdicts[i]
	if v.Holds {
		return nil
	}
	var out []Lead
	if v.Truncated {
		out = append(out, Lead{Kind: LeadTruncated, Likely: true})
	}
	if v.Rounded != nil {
		out = append(out, Lead{Kind: LeadRounded, Likely: true})
	}
	for j := range v.Matches {
		m := &v.Matches[j]
		l := Lead{Kind: LeadConvention, Match: m, Corroborated: r.corroborated(i, *m)}
		if m.Mistake() {
			l.Kind = LeadMistake
		}
		l.Likely = l.Corroborated || (!m.Chance && len(m.Changes) == 1)
		out = append(out, l)
	}
	if d := v.Departure; d != nil {
		for j := range d.Slips {
			sl := &d.Slips[j]
			// A slipped term is a catch-all: where a mistake of the
			// catalogue gives the claim too, even by chance, the slip is
			// not the likely story.
			out = append(out, Lead{Kind: LeadSlip, Slip: sl, Likely: !sl.Chance && len(v.Matches) == 0})
		}
	}
	slices.SortStableFunc(out, func(a, b Lead) int {
		if a.Likely != b.Likely {
			if a.Likely {
				return -1
			}
			return 1
		}
		return int(a.Kind) - int(b.Kind)
	})
	return out
}

// corroborated reports whether a wrong claim of the report other than
// verdict i, of DCG, IDCG or NDCG, holds under the same changes as m,
// not by chance.
func (r *Report) corroborated(i int, m Match) bool {
	for j, o := range r.Verdicts {
		if j == i || o.Holds || o.Claim.Quantity == Contribution {
			continue
		}
		for _, om := range o.Matches {
			if !om.Chance && sameChanges(om, m) {
				return true
			}
		}
	}
	return false
}

// maxOddsTerms bounds the terms whose every slip is tried for the odds
// of a chance slip: a hand computation has a few dozen; past that, so
// many terms could slip that a single slip found says little.
const maxOddsTerms = 256

// slipChance marks the slips that may be chance. A slipped term is the
// least plausible explanation check looks for, so a slip is weighed, as
// a match is against the settings at least as plausible as its own,
// against everything tried: the values of every setting tried (tried)
// and of every other slip of a term the claim could come from, each
// widened by the claim's tolerance. When they cover a third of their
// range or more, the slip may be chance: with ten ways to slip each term
// and dozens of settings, a claim at two decimals is often within its
// tolerance of one of them. The tolerance, not the slip's distance from
// the claim, since a value anywhere within it is written as the claim.
func slipChance(r *ndcg.Result, cl Claim, d *Departure, grades []gradeGains, tried []float64, truth, dcgSum, idcgSum float64) {
	if len(d.Slips) == 0 {
		return
	}
	dcg, idcg := dcgTerms(r), idcgTerms(r)
	value := func(ideal bool, delta float64) float64 {
		switch cl.Quantity {
		case Contribution:
			return truth + delta
		case DCG:
			return dcgSum + delta
		case IDCG:
			return idcgSum + delta
		}
		if ideal {
			return dcgSum / (idcgSum + delta)
		}
		return (dcgSum + delta) / idcgSum
	}
	values := slices.Clone(tried)
	collect := func(ts terms, ideal bool) {
		ts.each(func(t term) bool {
			alternatives(r, t, grades, func(delta float64) bool {
				values = append(values, value(ideal, delta))
				return false
			})
			return true
		})
	}
	n := 0
	switch cl.Quantity {
	case Contribution:
		if cl.Rank <= dcg.n {
			alternatives(r, dcg.at(cl.Rank-1), grades, func(delta float64) bool {
				values = append(values, value(false, delta))
				return false
			})
		}
	case DCG:
		n = dcg.n
	case IDCG:
		n = idcg.n
	default:
		n = dcg.n + idcg.n
	}
	if n > maxOddsTerms {
		for i := range d.Slips {
			d.Slips[i].Chance = true
		}
		return
	}
	switch cl.Quantity {
	case DCG:
		collect(dcg, false)
	case IDCG:
		collect(idcg, true)
	case NDCG:
		if idcgSum != 0 {
			collect(dcg, false)
			collect(idcg, true)
		}
	}
	chance := MayBeChance(values, truth, cl.Tolerance()) || cl.Impossible()
	for i := range d.Slips {
		d.Slips[i].Chance = chance
	}
}
