package verdict

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Cause is what a finding puts a claim down to.
type Cause string

const (
	// Holds: the claim holds.
	Holds Cause = "holds"
	// Truncated: the true value cut off after the digits written.
	Truncated Cause = "truncated"
	// Rounded: the sum of terms each rounded first.
	Rounded Cause = "rounded terms"
	// Convention: another convention, as some tool computes it: not a
	// slip.
	Convention Cause = "convention"
	// Mistake: a known mistake, such as the ideal ranking built from the
	// top k retrieved only.
	Mistake Cause = "mistake"
	// Slip: one term written differently.
	Slip Cause = "slip"
	// Inherited: an NDCG claim that is the claimed DCG over the claimed
	// IDCG, one of which is wrong: the cause is upstream.
	Inherited Cause = "inherited"
	// Unexplained: nothing tried gives the claim.
	Unexplained Cause = "unexplained"
)

// Finding is the verdict on one claim, as check, its JSON, the
// explorer's check view and the quiz give it.
type Finding struct {
	Cause Cause
	// Guess says the cause is only a guess: found, but as a claim near
	// this one is often found by chance (verify.Lead.Likely), or another
	// mistake gives the claim too (verify.Diagnosis.Ambiguous).
	Guess bool
	// Lead is the explanation the finding rests on; nil for Holds,
	// Inherited and Unexplained.
	Lead *verify.Lead
	// Rounded is, for Rounded, the sum of the rounded terms.
	Rounded *verify.Rounded
	// Upstream are, for Inherited, the wrong DCG and IDCG claims the
	// NDCG claim follows from, with their findings.
	Upstream []Upstream
	// Diagnosis names every mistake that gives the claim by its
	// catalogue id (verify.Report.Diagnosis), and says whether two fit.
	Diagnosis verify.Diagnosis
	// Claim is the claim the finding is on.
	Claim verify.Claim
}

// Upstream is a wrong DCG or IDCG claim an NDCG claim follows from.
type Upstream struct {
	Label   string
	Finding Finding
}

// Of is the finding on the report's verdict i: the claim holds; it is
// the claimed DCG over the claimed IDCG, one of them wrong (Inherited);
// or the most plausible of its leads (verify.Report.Leads), a guess when
// that lead is not likely; or Unexplained.
func Of(rep *verify.Report, i int) Finding {
	f := of(rep, i)
	f.Diagnosis, f.Claim = rep.Diagnosis(i), rep.Verdicts[i].Claim
	// Two mistakes that both give the claim: the one named first is no
	// more than a guess.
	f.Guess = f.Guess || f.Diagnosis.Ambiguous
	return f
}

func of(rep *verify.Report, i int) Finding {
	v := rep.Verdicts[i]
	if v.Holds {
		return Finding{Cause: Holds}
	}
	if q := v.Quotient; q != nil && q.Holds {
		var up []Upstream
		for j, o := range rep.Verdicts {
			if !o.Holds && (o.Claim.Quantity == verify.DCG || o.Claim.Quantity == verify.IDCG) {
				up = append(up, Upstream{Label: o.Claim.Label(rep.Settings.KString()), Finding: Of(rep, j)})
			}
		}
		if len(up) > 0 {
			return Finding{Cause: Inherited, Upstream: up}
		}
	}
	leads := rep.Leads(i)
	if len(leads) == 0 {
		return Finding{Cause: Unexplained}
	}
	l := leads[0]
	f := Finding{Lead: &l, Guess: !l.Likely}
	switch l.Kind {
	case verify.LeadTruncated:
		f.Cause = Truncated
	case verify.LeadRounded:
		f.Cause, f.Rounded = Rounded, v.Rounded
	case verify.LeadConvention:
		f.Cause = Convention
	case verify.LeadMistake:
		f.Cause = Mistake
	default:
		f.Cause = Slip
	}
	return f
}

// GuessPrefix starts the words of a finding that is only a guess.
const GuessPrefix = "may be chance: "

// Summary says the finding in a few words, as the quiz tells a learner
// and a workshop's tally groups a room's answers: "used gain linear (not
// exp)", "cut the digits off instead of rounding", "DCG at rank 2: grade
// 2 instead of 1", after GuessPrefix for a guess; "" for a claim that
// holds, Unexplained for one nothing explains. Two mistakes that both
// give the claim are said together (Ambiguity), and an impossible NDCG
// is said to be one first (Impossible).
func (f Finding) Summary() string {
	s := f.summary()
	if t := Impossible(f.Claim); t != "" && s != "" && f.Cause != Unexplained {
		head, _, _ := strings.Cut(t, ":")
		return head + "; " + s
	}
	return s
}

func (f Finding) summary() string {
	if a := Ambiguity(f.Diagnosis, f.Claim.Written); a != "" {
		return a
	}
	var s string
	switch f.Cause {
	case Holds:
		return ""
	case Unexplained:
		return string(Unexplained)
	case Inherited:
		return inheritsText(f.Upstream)
	case Truncated:
		s = "cut the digits off instead of rounding"
	case Rounded:
		s = fmt.Sprintf("added terms rounded to %d decimals", f.Rounded.Decimals)
	case Convention, Mistake:
		s = "used " + changesText(*f.Lead.Match)
	case Slip:
		s = slipSummary(*f.Lead.Slip)
	}
	if f.Guess {
		return GuessPrefix + s
	}
	return s
}

func slipSummary(sl verify.Slip) string {
	return fmt.Sprintf("%s at rank %d: %s", sumName(sl.Ideal), sl.Rank, sl.What)
}

func sumName(ideal bool) string {
	if ideal {
		return "IDCG"
	}
	return "DCG"
}

// inheritsText says what an NDCG claim inherits from the wrong DCG and
// IDCG claims it is the quotient of: a convention ("it follows the
// convention IDCG@5 was computed with, IDCG from judged (not list): not
// a slip"), a mistake ("it inherits the mistake in IDCG@4, the ideal
// ranking built from the top 4 retrieved only (not the whole list)"), or
// a slip ("it inherits the slip in IDCG@5"). Claims explained alike are
// named together, their explanation once.
func inheritsText(up []Upstream) string {
	type group struct {
		labels []string
		how    string
	}
	var conv, mist []group
	var slipped []string
	add := func(gs []group, label, how string) []group {
		for i := range gs {
			if gs[i].how == how {
				gs[i].labels = append(gs[i].labels, label)
				return gs
			}
		}
		return append(gs, group{[]string{label}, how})
	}
	for _, u := range up {
		f := u.Finding
		switch {
		case f.Diagnosis.Ambiguous:
			mist = add(mist, u.Label, namesOf(f.Diagnosis))
		case f.Guess:
			slipped = append(slipped, u.Label)
		case f.Cause == Convention:
			conv = add(conv, u.Label, changesText(*f.Lead.Match))
		case f.Cause == Mistake:
			mist = add(mist, u.Label, changesText(*f.Lead.Match))
		default:
			slipped = append(slipped, u.Label)
		}
	}
	var parts []string
	if len(slipped) > 0 {
		parts = append(parts, "it inherits the slip in "+andList(slipped))
	}
	for _, g := range mist {
		parts = append(parts, "it inherits the mistake in "+andList(g.labels)+", "+g.how)
	}
	for _, g := range conv {
		verb := "was"
		if len(g.labels) > 1 {
			verb = "were"
		}
		parts = append(parts, fmt.Sprintf("it follows the convention %s %s computed with, %s: not a slip", andList(g.labels), verb, g.how))
	}
	return strings.Join(parts, "; ")
}

// namesOf names the single mistakes of an ambiguous diagnosis: "the
// ideal from the top k or log2(i), rank 1 left out".
func namesOf(d verify.Diagnosis) string {
	ids, _ := d.Rivals()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = verify.Lookup(id).Name
	}
	return orList(names)
}
