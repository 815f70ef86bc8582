package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

func (v *checkView) draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	st, ws := v.c.Styles, v.c.WS
	w := v.width
	wrapped := func(text string) []string { return strings.Split(wrap(text, w), "\n") }
	k := ws.Settings.KString()
	head, conv := "Check numbers worked out by hand", "(k="+k+", gain "+ws.Settings.Gain.String()+")"
	note := " under the conventions in force " + conv
	if cellWidth(head+note) > w {
		// The conventions line above says the rest: what is checked
		// against goes whole rather than lose its end.
		note = " " + conv
	}
	title := truncateCells(st.PanelTitle.Render(head)+st.Subtle.Render(note), w)
	source := wrapped(v.sourceLine())
	if ws.Result == nil {
		lines := concat([]string{title}, source, []string{""}, wrapped(st.Error.Render("cannot compute: ")+ws.Err.Error()))
		return block(strings.Join(lines, "\n"), w, v.height)
	}
	hint := wrapped(st.Subtle.Render("type a number · ↑/↓ or enter: next field · esc clears · f: the file's claims · the tolerance is half a unit of the last digit typed"))
	var contrib []string
	if l := v.contributionsLine(); l != "" {
		contrib = wrapped(l)
	}

	_, errs := v.claims()
	labelW := len("IDCG@" + k)
	inW := v.inputWidth()
	whys := v.explanations(max(w-labelW-5, 20))
	// Room for the explanations: the focused field's first, the others
	// cut to their first line when space is short.
	room := v.height - 1 - len(v.fields) - len(source) - 1 - len(hint) - 1
	for i := range whys {
		if i != v.focus && len(whys[i]) > 1 && v.explainLines(whys) > room {
			whys[i] = []string{cutClause(whys[i][0])}
		}
	}
	var fields []string
	for i, f := range v.fields {
		mark := " "
		if i == v.focus {
			mark = st.G.Cursor
		}
		label := padRight(f.q.String()+"@"+k, labelW)
		fields = append(fields, wrapped(mark+" "+st.Header.Render(label)+" "+inputView(&st, &f.in, inW)+" "+v.result(f, errs[i]))...)
		for _, why := range whys[i] {
			fields = append(fields, strings.Repeat(" ", labelW+3)+why)
		}
	}
	// The fields come first; what says where the claims come from and
	// which keys do what follows when there is room.
	used := 1 + len(fields)
	fits := func(part []string) bool {
		if len(part) == 0 || used+len(part)+1 > v.height {
			return false
		}
		used += len(part) + 1
		return true
	}
	showSource, showContrib, showHint := fits(source), fits(contrib), fits(hint)
	lines := []string{title}
	if showSource {
		lines = append(lines, source...)
		lines = append(lines, "")
	}
	lines = append(lines, fields...)
	if showContrib {
		lines = append(lines, "")
		lines = append(lines, contrib...)
	}
	if showHint {
		lines = append(lines, "")
		lines = append(lines, hint...)
	}
	return block(strings.Join(lines, "\n"), w, v.height)
}

// cutClause ends the first line of a text cut short at its last whole
// clause, marked …, so that it does not read as a sentence finished.
func cutClause(line string) string {
	for _, sep := range []string{": ", "; ", ", "} {
		if i := strings.LastIndex(line, sep); i > 0 {
			return line[:i] + " …"
		}
	}
	if i := strings.LastIndex(line, " "); i > 0 {
		return line[:i] + " …"
	}
	return line
}

func (v *checkView) explainLines(whys [3][]string) int {
	n := 0
	for _, w := range whys {
		n += len(w)
	}
	return n
}

// sourceLine says where the claims come from and at what conventions
// the file made them.
func (v *checkView) sourceLine() string {
	st := v.c.Styles
	if fileClaims(v.c.WS.Doc) == nil {
		return st.Subtle.Render("Type the DCG, IDCG or NDCG you worked out: each is checked as you type.")
	}
	_, at, differ := v.claimSettings()
	where := "The file carries claims"
	if at != "" {
		where += " made at " + at
	}
	switch {
	case differ:
		return st.Warn.Render(where + ": press f to check them there (these fields are checked at the settings in force).")
	case v.fromFile:
		return st.Subtle.Render(where + ": they are in the fields; type over them to check your own.")
	}
	return st.Subtle.Render(where + ": f puts them back in the fields.")
}

// result is the verdict after a field: ✓ or ✗, the true value and the
// tolerance the digits imply.
func (v *checkView) result(f claimField, parseErr string) string {
	st := v.c.Styles
	vd := v.verdict(f.q)
	switch {
	case parseErr != "":
		return st.Warn.Render(parseErr)
	case vd == nil && strings.TrimSpace(f.in.Value()) == "":
		return st.Subtle.Render("(not claimed)")
	case vd == nil:
		if v.err != nil {
			return st.Error.Render(v.err.Error())
		}
		return ""
	}
	tol := "±" + strconv.FormatFloat(vd.Claim.Tolerance(), 'f', -1, 64)
	tv := trueText(vd.True, vd.Claim.Written)
	if vd.Holds {
		return verdictMark(v.c, true) + " true " + tv + st.Subtle.Render(" ("+tol+")")
	}
	// Off by as many decimals as the true value, two past the claim's, as
	// check writes it: at four, a claim of 6.324 against 6.32347 read
	// off by +0.0005 beside a tolerance of ±0.0005, and yet ✗.
	off := trueText(vd.Claim.Value-vd.True, vd.Claim.Written)
	if !strings.HasPrefix(off, "-") {
		off = "+" + off
	}
	return verdictMark(v.c, false) + " true " + tv + st.Subtle.Render(fmt.Sprintf(" (%s; off by %s)", tol, off))
}

// trueText prints a true value with two digits more than the claim, at
// least four decimals.
func trueText(x float64, w verify.Written) string {
	return strconv.FormatFloat(x, 'f', min(max(4, w.Decimals()+2), 12), 64)
}

// why explains a wrong claim in a few short lines: the claims it follows
// from, the conventions that give it, or where its arithmetic departs.
// explanations are the verdicts' explanations worded for width cells,
// each field's own, as kept since the report last changed.
func (v *checkView) explanations(width int) [3][]string {
	if v.searching() {
		// The spinner turns: worded afresh at each frame, one line a field.
		var whys [3][]string
		for i, f := range v.fields {
			if vd := v.verdict(f.q); vd != nil && !vd.Holds {
				whys[i] = []string{v.job.glyph(v.c.Styles) + v.c.Styles.Subtle.Render(" looking for the convention or the slip behind it…")}
			}
		}
		return whys
	}
	k := whysKey{v.report, v.quick, width, v.c.styled}
	if k == v.whysKey {
		return v.whys
	}
	var whys [3][]string
	for i, f := range v.fields {
		if vd := v.verdict(f.q); vd != nil && !vd.Holds {
			if v.quick {
				whys[i] = []string{v.c.Styles.Subtle.Render("(looking for the convention or the slip behind it…)")}
			} else {
				whys[i] = v.why(vd, width)
			}
		}
	}
	v.whys, v.whysKey = whys, k
	return whys
}

func (v *checkView) why(vd *verify.Verdict, width int) []string {
	var out []string
	add := func(s string) { out = append(out, strings.Split(wrap(s, width), "\n")...) }
	st := v.c.Styles
	if vd.Truncated {
		add(fmt.Sprintf("%s is the true value cut off after the digits, not rounded.", vd.Claim))
	}
	if rs := vd.Rounded; rs != nil {
		// A slip of precision, not of method, as check says: where the
		// view found no convention or slip on the round-last sample.
		add(st.Warn.Render(fmt.Sprintf("The terms rounded to %d decimals add up to %s:", rs.Decimals, strconv.FormatFloat(rs.Value, 'f', rs.Decimals, 64))) +
			fmt.Sprintf(" the claim adds rounded terms; the exact sum is %s.", trueText(vd.True, vd.Claim.Written)))
	}
	if q := vd.Quotient; q != nil {
		if q.Holds {
			inherits := v.inherits()
			add(fmt.Sprintf("= your DCG ÷ your IDCG (%s / %s = %.4f): the division is right%s.", q.DCG, q.IDCG, q.Value, inherits))
			if inherits != "" {
				// The slip upstream is the explanation, shown at its own field.
				return out
			}
		} else {
			add(fmt.Sprintf("Your DCG ÷ your IDCG is %s / %s = %.4f: a slip in the division too.", q.DCG, q.IDCG, q.Value))
		}
	}
	if len(vd.Matches) > 0 {
		head := "Given by "
		switch {
		case vd.Matches[0].Chance:
			head = "Maybe chance, given by "
		case len(vd.Matches[0].Changes) > 1:
			head = "No single convention gives it; together: "
		}
		for i, m := range vd.Matches[:min(2, len(vd.Matches))] {
			h := head
			if i > 0 {
				h = "or "
			}
			add(st.Warn.Render(h+matchText(m)) + fmt.Sprintf(" = %s", trueText(m.Value, vd.Claim.Written)))
		}
		if vd.Explained() {
			return out
		}
	}
	d := vd.Departure
	if d == nil {
		return out
	}
	if d.Rank > 0 && vd.Claim.Quantity != verify.Contribution {
		id := shown(v.report.Result.Row(d.Rank - 1).Item.ID)
		add(fmt.Sprintf("Your terms depart at rank %d (%s): %s, true %s.", d.Rank, id, d.Claimed, explain.Num(d.True)))
	}
	for _, sl := range d.Slips[:min(2, len(d.Slips))] {
		sum := "DCG"
		if sl.Ideal {
			sum = "IDCG"
		}
		add(fmt.Sprintf("Holds with one %s term changed: rank %d with %s, a term of %s instead of %s.", sum, sl.Rank, sl.What, explain.Num(sl.Instead), explain.Num(sl.Term)))
	}
	if len(vd.Matches) == 0 && len(d.Slips) == 0 && vd.Rounded == nil {
		add("No convention or single slip gives it. The true working:")
	} else {
		add("The true working:")
	}
	w := v.work
	for _, q := range d.Sums {
		sum := w.DCG
		if q == verify.IDCG {
			add("ideal order " + spellEntries(w.Ideal))
			sum = w.IDCG
		}
		out = append(out, strings.Split(sum.Wrapped(width), "\n")...)
		// As the working view says it, unless the claim is that sum.
		if n := sum.RoundingNote(); n != "" && vd.Rounded == nil {
			add(st.Subtle.Render(n))
		}
	}
	return out
}

// inherits names the wrong DCG or IDCG claims an NDCG claim follows from.
func (v *checkView) inherits() string {
	var wrong []string
	for _, o := range v.report.Verdicts {
		if !o.Holds && (o.Claim.Quantity == verify.DCG || o.Claim.Quantity == verify.IDCG) {
			wrong = append(wrong, o.Claim.Label(v.report.Settings.KString()))
		}
	}
	if len(wrong) == 0 {
		return ""
	}
	return ", it inherits the slip in " + strings.Join(wrong, " and ")
}

// matchText says a set of convention changes, and whose they are.
func matchText(m verify.Match) string {
	s := m.String()
	if len(m.Presets) > 0 {
		s += " [" + strings.Join(m.Presets, ", ") + "]"
	}
	return s
}

// spellEntries writes a ranking as id(grade), pool items marked.
func spellEntries(es []explain.Entry) string {
	var b strings.Builder
	for i, e := range es {
		if i == 12 && len(es) > 14 {
			fmt.Fprintf(&b, " … (%d more)", len(es)-12)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shown(e.ID) + "(" + fmtNum(e.Grade))
		if e.Pool {
			b.WriteString(", pool")
		}
		b.WriteByte(')')
	}
	return b.String()
}

// contributionsLine sums up the file's per-rank claims.
func (v *checkView) contributionsLine() string {
	if v.report == nil || !v.fromFile || len(v.contributions) == 0 {
		return ""
	}
	var bad []verify.Verdict
	n := 0
	for _, vd := range v.report.Verdicts {
		if vd.Claim.Quantity != verify.Contribution {
			continue
		}
		n++
		if !vd.Holds {
			bad = append(bad, vd)
		}
	}
	if n == 0 {
		return ""
	}
	if len(bad) == 0 {
		return verdictMark(v.c, true) + fmt.Sprintf(" the file's %d per-rank terms all hold", n)
	}
	b := bad[0]
	return verdictMark(v.c, false) + fmt.Sprintf(" %d of the file's %d per-rank terms do not hold; first at rank %d: claimed %s, true %s",
		len(bad), n, b.Claim.Rank, b.Claim.Written, explain.Num(b.True))
}
