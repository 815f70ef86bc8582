package verify

import (
	"math"
	"slices"
	"strings"
)

// Diagnosis names the mistakes behind one wrong claim by their catalogue
// ids: every explanation that reproduces it, most likely first, so that
// a script, the room's tally and its export group answers alike.
type Diagnosis struct {
	// Mistakes are the ids of what reproduces the claim, most likely
	// first: the digits cut off or terms rounded first, then single
	// mistakes and conventions (likely before chance), then pairs
	// ("a+b") and one slipped term ("slip"); empty when the claim holds
	// or nothing tried gives it.
	Mistakes []MistakeID
	// Values are what each of Mistakes gives the claimed quantity (the
	// claim itself for a slipped term, which is found to give it).
	Values []float64
	// Ambiguous says two or more explanations reproduce the claim and
	// its digits cannot tell which: two single ones, or, with none, a
	// likely pair or slip and another. The first is then no more
	// certain than the others. (With no single one and the first a
	// guess, Chance already says the diagnosis is not certain.)
	Ambiguous bool
	// Chance says the first may be chance (MayBeChance): found, but a
	// claim this near is often found by chance.
	Chance bool
}

// Confident reports whether the diagnosis names one mistake as what
// happened: found, the only one, and not by chance.
func (d Diagnosis) Confident() bool {
	return len(d.Mistakes) > 0 && !d.Ambiguous && !d.Chance
}

// First is the most likely mistake, "" when none is found.
func (d Diagnosis) First() MistakeID {
	if len(d.Mistakes) == 0 {
		return ""
	}
	return d.Mistakes[0]
}

// Key is what a tally groups the claim by: its mistake's id, or, when
// two or more fit, their ids in catalogue order joined by " | "
// ("k_minus_1 | ideal_top_k"); "" when none is found.
func (d Diagnosis) Key() MistakeID {
	if !d.Ambiguous {
		return d.First()
	}
	ids, _ := d.Rivals()
	if len(ids) < 2 {
		ids = d.Mistakes
	}
	ids = slices.Clone(ids)
	slices.SortFunc(ids, func(a, b MistakeID) int { return catalogueIndex(a) - catalogueIndex(b) })
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return MistakeID(strings.Join(parts, " | "))
}

// catalogueIndex is id's place in the catalogue; pairs and unknown ids
// after every entry.
func catalogueIndex(id MistakeID) int {
	if i := slices.IndexFunc(Catalogue, func(m Mistake) bool { return m.ID == id }); i >= 0 {
		return i
	}
	return len(Catalogue)
}

// Diagnosis is the diagnosis of the report's verdict i, from its leads
// (Leads), with a single explanation before any pair or slipped term.
// An NDCG claim that is the claimed DCG over the claimed IDCG, one of
// them wrong, is Inherited.
func (r *Report) Diagnosis(i int) Diagnosis {
	v := r.Verdicts[i]
	if v.Holds {
		return Diagnosis{}
	}
	if r.Inherits(i) {
		return Diagnosis{Mistakes: []MistakeID{Inherited}, Values: []float64{v.Quotient.Value}}
	}
	leads := r.Leads(i)
	var singles, others []MistakeID
	chance := map[MistakeID]bool{}
	value := map[MistakeID]float64{}
	for _, l := range leads {
		var id MistakeID
		single, x := true, v.Claim.Value
		switch l.Kind {
		case LeadTruncated:
			id, x = TruncatedDigits, v.True
		case LeadRounded:
			id, x = RoundedTerms, v.Rounded.Value
		case LeadSlip:
			id, single = SlipTerm, false
		default:
			id, single, x = l.Match.ID(), len(l.Match.Changes) == 1, l.Match.Value
		}
		if slices.Contains(singles, id) || slices.Contains(others, id) {
			continue
		}
		chance[id], value[id] = !l.Likely, x
		if single {
			singles = append(singles, id)
		} else {
			others = append(others, id)
		}
	}
	d := Diagnosis{Mistakes: slices.Concat(singles, others)}
	for _, id := range d.Mistakes {
		d.Values = append(d.Values, value[id])
	}
	rivals, _ := d.Rivals()
	d.Ambiguous = len(rivals) > 1 || (len(singles) == 0 && len(others) > 1 && !chance[others[0]])
	if len(d.Mistakes) > 0 {
		d.Chance = chance[d.Mistakes[0]]
	}
	return d
}

// Rivals are the single explanations of the diagnosis (not pairs nor
// slipped terms) with what each gives, two tie orders that give the
// same value once: on this list they are one order of the ties (docno
// order may be the best one), not two mistakes. Ambiguous says there
// are two or more.
func (d Diagnosis) Rivals() ([]MistakeID, []float64) {
	var ids []MistakeID
	var values, ties []float64
	for i, id := range d.Mistakes {
		if id == SlipTerm || strings.Contains(string(id), "+") {
			continue
		}
		x := d.Values[i]
		if strings.HasPrefix(string(id), "ties_") {
			if slices.ContainsFunc(ties, func(y float64) bool { return math.Abs(x-y) <= 1e-12*max(1, math.Abs(y)) }) {
				continue
			}
			ties = append(ties, x)
		}
		ids, values = append(ids, id), append(values, x)
	}
	return ids, values
}

// Inherits reports whether the report's NDCG verdict i is the claimed
// DCG over the claimed IDCG, one of which is wrong: the cause is
// upstream.
func (r *Report) Inherits(i int) bool {
	v := r.Verdicts[i]
	if v.Holds || v.Quotient == nil || !v.Quotient.Holds {
		return false
	}
	for _, o := range r.Verdicts {
		if !o.Holds && (o.Claim.Quantity == DCG || o.Claim.Quantity == IDCG) {
			return true
		}
	}
	return false
}
