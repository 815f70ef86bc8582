package verdict

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Style says how an interface shows a span of an explanation: check
// prints every style alike, the explorer's check view colours them.
type Style int

const (
	// Plain text.
	Plain Style = iota
	// Lead is what explains the claim: a convention, a mistake, terms
	// rounded first (the view's warning colour).
	Lead
	// Note is a side remark (the view's subtle colour).
	Note
)

// Span is part of a line in one style.
type Span struct {
	Style Style
	Text  string
}

// Line is one sentence of an explanation, or one line of the working.
type Line struct {
	Spans []Span
	// Indent is how many steps (two spaces in check) the line stands
	// under the explanation's first: the items of a list, the working.
	Indent int
	// Pre says the text is laid out already (the working's sums, wrapped
	// at Form.Width, one line each): an interface does not wrap it again.
	Pre bool
}

// Text is the line without styles.
func (l Line) Text() string {
	var b strings.Builder
	for _, s := range l.Spans {
		b.WriteString(s.Text)
	}
	return b.String()
}

func line(style Style, text string) Line { return Line{Spans: []Span{{style, text}}} }

func plain(format string, a ...any) Line { return line(Plain, fmt.Sprintf(format, a...)) }

// Form is how much an explanation says.
type Form struct {
	// Brief is the explorer's check view: a few short lines addressed to
	// the person typing ("your DCG"), at most two conventions and two
	// slipped terms, the working's sums without the ranking; otherwise
	// check's whole explanation.
	Brief bool
	// Width is where the working's sums wrap.
	Width int
}

// TrueText prints a true value with two digits more than the claim, and
// at least four decimals, as check and the check view print it.
func TrueText(x float64, claim verify.Written) string {
	if math.Abs(x) >= 1e15 {
		// A claim such as 1e308: plain decimals would be 300 digits.
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	return strconv.FormatFloat(x, 'f', min(max(4, claim.Decimals()+2), 15), 64)
}

// OffText is how far the claim is from the true value, signed, in
// TrueText's decimals: off by +0.00053 beside a tolerance of ±0.0005,
// where four decimals read +0.0005.
func OffText(v verify.Verdict) string {
	off := TrueText(v.Claim.Value-v.True, v.Claim.Written)
	if !strings.HasPrefix(off, "-") {
		off = "+" + off
	}
	return off
}

// Tolerance writes half a unit of the claim's last digit in plain
// decimals: ±0.00005 rather than ±5e-05.
func Tolerance(w verify.Written) string {
	if t := w.Tolerance(); t >= 1e6 {
		return "±" + strconv.FormatFloat(t, 'g', 3, 64)
	}
	return "±" + strconv.FormatFloat(w.Tolerance(), 'f', max(0, w.Decimals()+1), 64)
}

// Explain puts the report's wrong verdict i in words, in the one
// ranking of explanations (Of, verify.Report.Leads): the digits cut off,
// terms rounded first, the claimed DCG over the claimed IDCG, the
// conventions or mistakes that give the claim, and, unless a likely one
// does, where the claimed terms depart, the slipped terms, and the true
// working (work, of the report's result). A guess is said to be one,
// and left out when a likely explanation is found.
func Explain(rep *verify.Report, work *explain.Working, i int, form Form) []Line {
	e := explainer{rep: rep, work: work, v: rep.Verdicts[i], form: form, leads: rep.Leads(i), ambiguous: rep.Diagnosis(i).Ambiguous}
	for _, l := range e.leads {
		e.anyLikely = e.anyLikely || l.Likely
		e.likelyMatch = e.likelyMatch || (l.Likely && l.Match != nil)
	}
	return e.lines(i)
}

type explainer struct {
	rep       *verify.Report
	work      *explain.Working
	v         verify.Verdict
	form      Form
	leads     []verify.Lead
	anyLikely bool
	// ambiguous says two single explanations give the claim: each is
	// said, a guess too.
	ambiguous bool
	// likelyMatch says a convention or mistake likely gives the claim:
	// the working is not needed.
	likelyMatch bool
	out         []Line
}

func (e *explainer) add(l Line) { e.out = append(e.out, l) }

// shown says whether a lead is said: every likely one, the guesses when
// nothing likely is found, and every single change when two give the
// claim.
func (e *explainer) shown(l verify.Lead) bool {
	return l.Likely || !e.anyLikely || (e.ambiguous && l.Match != nil && len(l.Match.Changes) == 1)
}

func (e *explainer) lines(i int) []Line {
	v, brief := e.v, e.form.Brief
	if t := Impossible(v.Claim); t != "" {
		e.add(plain("%s", t))
	}
	if a := Ambiguity(e.rep.Diagnosis(i), v.Claim.Written); a != "" {
		e.add(line(Lead, upperFirst(a)+"."))
	}
	if v.Truncated {
		e.add(plain("%s is the true value cut off after the digits written, not rounded.", v.Claim))
	}
	if rs := v.Rounded; rs != nil {
		e.add(Line{Spans: []Span{
			{Lead, fmt.Sprintf("The terms rounded to %d decimals add up to %s:", rs.Decimals, strconv.FormatFloat(rs.Value, 'f', rs.Decimals, 64))},
			{Plain, fmt.Sprintf(" the claim adds rounded terms; the exact sum is %s.", TrueText(v.True, v.Claim.Written))},
		}})
	}
	if q := v.Quotient; q != nil {
		f := Of(e.rep, i)
		inherits := ""
		if f.Cause == Inherited {
			inherits = inheritsText(f.Upstream)
		}
		value := strconv.FormatFloat(q.Value, 'f', 4, 64)
		switch {
		case q.Holds && brief:
			if inherits != "" {
				inherits = ", " + inherits
			}
			e.add(plain("= your DCG ÷ your IDCG (%s / %s = %s): the division is right%s.", q.DCG, q.IDCG, value, inherits))
			if inherits != "" {
				// The cause upstream is the explanation, shown at its own field.
				return e.out
			}
		case q.Holds:
			if inherits == "" {
				inherits = "the division is right"
			}
			e.add(plain("%s is the claimed DCG ÷ the claimed IDCG (%s / %s = %s): %s.", v.Claim, q.DCG, q.IDCG, value, inherits))
		case brief:
			e.add(plain("Your DCG ÷ your IDCG is %s / %s = %s: a slip in the division too.", q.DCG, q.IDCG, value))
		default:
			e.add(plain("The claimed DCG ÷ the claimed IDCG is %s / %s = %s, not %s: the division does not give the claimed NDCG either.",
				q.DCG, q.IDCG, value, v.Claim))
		}
	}
	e.matches()
	if e.likelyMatch && brief {
		return e.out
	}
	if d := v.Departure; d != nil && !e.likelyMatch {
		e.departure(d)
	}
	return e.out
}

// matchLeads are the leads of conventions and mistakes that are said.
func (e *explainer) matchLeads() []verify.Lead {
	var out []verify.Lead
	for _, l := range e.leads {
		if l.Match != nil && e.shown(l) {
			out = append(out, l)
		}
	}
	return out
}

// matchNote qualifies a match: a guess, two changes together, what a
// mistake most likely was, or a setting few people use.
func matchNote(l verify.Lead) string {
	m := l.Match
	switch {
	case !l.Likely:
		return " (may be chance)"
	case len(m.Changes) > 1:
		return " (two changes together)"
	case m.Mistake():
		return " (" + mistakesText(*m) + ")"
	case m.Exotic:
		return " (a less common setting)"
	}
	return ""
}

func (e *explainer) matches() {
	v := e.v
	ls := e.matchLeads()
	if e.form.Brief {
		for j, l := range ls[:min(2, len(ls))] {
			head := "Given by "
			switch {
			case j > 0:
				head = "or "
			case !l.Likely && len(l.Match.Changes) == 1:
				head = "Maybe chance, given by "
			case len(l.Match.Changes) > 1:
				head = "No single convention gives it; together: "
			}
			text := changesText(*l.Match)
			if len(l.Match.Presets) > 0 {
				text += " [" + strings.Join(l.Match.Presets, ", ") + "]"
			}
			note := ""
			switch {
			case l.Likely && l.Match.Mistake():
				note = " (" + mistakesText(*l.Match) + ")"
			case !l.Likely && j > 0:
				note = " (may be chance)"
			}
			e.add(Line{Spans: []Span{{Lead, head + text}, {Plain, " = " + TrueText(l.Match.Value, v.Claim.Written) + note}}})
		}
		return
	}
	if len(ls) > 0 {
		tol := Tolerance(v.Claim.Written)
		head := fmt.Sprintf("Reproduced, within %s, by:", tol)
		switch first := ls[0]; {
		case !first.Likely && (first.Match.Chance || len(first.Match.Changes) == 1):
			o := v.Odds
			head = fmt.Sprintf("Within %s only by what may be chance (the %d settings tried give %s to %s; %s around them covers %.0f%% of that range):",
				tol, o.Settings, TrueText(o.Lo, v.Claim.Written), TrueText(o.Hi, v.Claim.Written), tol, 100*o.Covered)
		case len(first.Match.Changes) > 1:
			head = fmt.Sprintf("No single change of convention gives it; two together do, within %s:", tol)
		}
		e.add(plain("%s", head))
		for _, l := range ls {
			text := changesText(*l.Match)
			if len(l.Match.Presets) > 0 {
				text += " [the conventions of " + andList(l.Match.Presets) + "]"
			}
			item := plain("%s: %s%s", text, TrueText(l.Match.Value, v.Claim.Written), matchNote(l))
			item.Indent = 1
			e.add(item)
		}
		return
	}
	if len(v.Matches) > 0 {
		return // guesses left out beside a likely explanation
	}
	tried := make([]string, len(e.rep.Tried))
	for i, t := range e.rep.Tried {
		tried[i] = verify.TriedName(t)
	}
	e.add(plain("No change of convention gives %s (tried %s, singly and in pairs), nor any mistake check knows.", v.Claim, strings.Join(tried, ", ")))
	if u := untried(e.rep); u != "" {
		e.add(plain("%s", u))
	}
}

func (e *explainer) departure(d *verify.Departure) {
	v, r, w, brief := e.v, e.rep.Result, e.work, e.form.Brief
	contribution := v.Claim.Quantity == verify.Contribution
	if d.Rank > 0 && !contribution {
		row := r.Row(d.Rank - 1)
		id := termsafe.String(row.Item.ID)
		if brief {
			e.add(plain("Your terms depart at rank %d (%s): %s, true %s.", d.Rank, id, d.Claimed, explain.Num(d.True)))
		} else {
			e.add(plain("The claimed terms depart at rank %d (%s): claimed %s, true %s = %s.", d.Rank, id, d.Claimed, termText(w, row), explain.Num(d.True)))
		}
	}
	if contribution && !brief {
		row := r.Row(v.Claim.Rank - 1)
		e.add(plain("True term: %s = %s (grade %s, gain %s).", termText(w, row), explain.Num(row.Contribution),
			ndcg.FormatNumber(row.Grade), ndcg.FormatNumber(row.Gain)))
	}
	if d.Summed && v.Claim.Quantity == verify.DCG && !brief {
		verb := "is not"
		if v.Claim.Holds(d.ClaimedSum) {
			verb = "is"
		}
		e.add(plain("The claimed terms to rank %d add up to %s, which %s the claimed DCG.", r.K, strconv.FormatFloat(d.ClaimedSum, 'f', 4, 64), verb))
	}
	var slips []verify.Lead
	for _, l := range e.leads {
		if l.Slip != nil && e.shown(l) {
			slips = append(slips, l)
		}
	}
	if brief {
		slips = slips[:min(2, len(slips))]
	}
	for _, l := range slips {
		sl, note := l.Slip, ""
		if !l.Likely {
			note = " (may be chance)"
		}
		if brief {
			e.add(plain("Holds with one %s term changed: rank %d with %s, a term of %s instead of %s%s.",
				sumName(sl.Ideal), sl.Rank, sl.What, explain.Num(sl.Instead), explain.Num(sl.Term), note))
		} else {
			e.add(plain("It holds with one term of %s changed: rank %d with %s, a term of %s instead of %s%s.",
				sumName(sl.Ideal), sl.Rank, sl.What, explain.Num(sl.Instead), explain.Num(sl.Term), note))
		}
	}
	if contribution {
		return
	}
	switch {
	case !brief:
		e.add(plain("The true working:"))
	case len(e.matchLeads()) == 0 && len(slips) == 0 && v.Rounded == nil:
		e.add(plain("No convention or single slip gives it. The true working:"))
	default:
		e.add(plain("The true working:"))
	}
	indent := 1
	if brief {
		indent = 0
	}
	pre := func(s string) { e.out = append(e.out, Line{Spans: []Span{{Plain, s}}, Indent: indent, Pre: true}) }
	note := func(s string) {
		l := line(Note, s)
		l.Indent = indent
		e.add(l)
	}
	width := e.form.Width
	for _, q := range d.Sums {
		sum := w.DCG
		switch {
		case q == verify.IDCG && brief:
			e.add(plain("ideal order %s", termsafe.String(w.SpellIdeal())))
			sum = w.IDCG
		case q == verify.IDCG:
			pre("ideal order: " + w.SpellIdeal())
			sum = w.IDCG
		case !brief:
			pre("ranking: " + w.SpellRanking())
		}
		for _, s := range strings.Split(sum.Wrapped(width), "\n") {
			pre(s)
		}
		// The terms as written may add up to another total than the true
		// one; said, unless the claim is that sum (Rounded says it).
		if n := sum.RoundingNote(); n != "" && v.Rounded == nil {
			note(n)
		}
	}
	if v.Claim.Quantity == verify.NDCG && !brief {
		if w.ZeroIDCG {
			pre(fmt.Sprintf("IDCG@%s is 0, so NDCG@%s is %s by the IDCG=0 rule", w.K, w.K, ndcg.FormatNumber(e.rep.Settings.Zero)))
		} else {
			pre(fmt.Sprintf("NDCG@%s = %s / %s = %s", w.K, explain.Num(w.DCG.Total), explain.Num(w.IDCG.Total), strconv.FormatFloat(v.True, 'f', 4, 64)))
		}
	}
}

// upperFirst starts a sentence with a capital.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	if len(r) > 1 && !unicode.IsLetter(r[1]) {
		return s // k−1, a formula: kept as written
	}
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// untried says which conventions cannot matter for this list.
func untried(rep *verify.Report) string {
	r := rep.Result
	var has, moot []string
	if len(r.Ties) == 0 {
		has, moot = append(has, "no ties"), append(moot, "the tie order")
	}
	if len(r.List.Pool) == 0 {
		has, moot = append(has, "no pool"), append(moot, "the IDCG source")
	}
	if r.IDCG() != 0 {
		has, moot = append(has, "a non-zero IDCG"), append(moot, "the IDCG=0 rule")
	}
	if len(has) == 0 {
		return ""
	}
	return "With " + andList(has) + " here, " + andList(moot) + " cannot matter."
}

// termText writes a rank's true term as the working does.
func termText(work *explain.Working, row ndcg.Rank) string {
	return work.DCG.TermText(explain.Term{Rank: row.Rank, Gain: row.TermGain, Averaged: row.Averaged, Discount: row.Discount})
}
