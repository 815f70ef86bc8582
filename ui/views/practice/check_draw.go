package practice

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

func (v *Check) Draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	st, ws := v.c.Styles, v.c.WS
	w := v.width
	wrapped := func(text string) []string { return strings.Split(layout.Wrap(text, w), "\n") }
	k := ws.Settings.KString()
	head, conv := "Check numbers worked out by hand", "(k="+k+", gain "+ws.Settings.Gain.String()+")"
	note := " under the conventions in force " + conv
	if layout.CellWidth(head+note) > w {
		// The conventions line above says the rest: what is checked
		// against goes whole rather than lose its end.
		note = " " + conv
	}
	title := layout.TruncateCells(st.PanelTitle.Render(head)+st.Subtle.Render(note), w)
	source := wrapped(v.sourceLine())
	if ws.Result == nil {
		lines := slices.Concat([]string{title}, source, []string{""}, wrapped(st.Error.Render("cannot compute: ")+ws.Err.Error()))
		return layout.Block(strings.Join(lines, "\n"), w, v.height)
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
		label := layout.PadRight(f.q.String()+"@"+k, labelW)
		line := wrapped(mark + " " + st.Header.Render(label) + " " + view.InputView(&st, &f.in, inW) + " " + v.result(f, errs[i]))
		if len(line) > 1 {
			// A verdict wrapped goes on under itself, past the label,
			// as the explanation does, not at column 0.
			line = append(line[:1], layout.Hang(strings.Join(line[1:], " "), labelW+3, w)...)
		}
		fields = append(fields, line...)
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
	return layout.Block(strings.Join(lines, "\n"), w, v.height)
}

// cutClause ends the first line of a text cut short at its last whole
// clause, marked …, so that it does not read as a sentence finished.
// Colour codes may stand between a clause's colon and its space; a
// style open where the line is cut is ended before the mark.
func cutClause(line string) string {
	cut := func(i int) string {
		out := line[:i]
		if strings.Contains(out, "\x1b[") {
			out += "\x1b[m"
		}
		return out + " …"
	}
	if m := clauseEnds.FindAllStringIndex(line, -1); len(m) > 0 {
		return cut(m[len(m)-1][0])
	}
	if i := strings.LastIndex(line, " "); i > 0 {
		return cut(i)
	}
	return line
}

// clauseEnds are a clause's last mark and the space after it, colour
// codes allowed between.
var clauseEnds = regexp.MustCompile(`[:;,](\x1b\[[0-9;]*m)* `)

func (v *Check) explainLines(whys [3][]string) int {
	n := 0
	for _, w := range whys {
		n += len(w)
	}
	return n
}

// sourceLine says where the claims come from and at what conventions
// the file made them.
func (v *Check) sourceLine() string {
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
	case v.fromFile && v.c.Answering:
		// Digits type the step's answer here, not over the fields.
		return st.Subtle.Render(where + ": they are in the fields, checked; digits type your answer below.")
	case v.fromFile:
		return st.Subtle.Render(where + ": they are in the fields; type over them to check your own.")
	}
	return st.Subtle.Render(where + ": f puts them back in the fields.")
}

// result is the verdict after a field: ✓ or ✗, the true value and the
// tolerance the digits imply.
func (v *Check) result(f claimField, parseErr string) string {
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
	tol := verdict.Tolerance(vd.Claim.Written)
	tv := verdict.TrueText(vd.True, vd.Claim.Written)
	if vd.Holds {
		return view.VerdictMark(v.c, true) + " true " + tv + st.Subtle.Render(" ("+tol+")")
	}
	// Off by as many decimals as the true value, as check writes it.
	off := verdict.OffText(*vd)
	return view.VerdictMark(v.c, false) + " true " + tv + st.Subtle.Render(fmt.Sprintf(" (%s; off by %s)", tol, off))
}

// explanations are the verdicts' explanations worded for width cells,
// each field's own, as kept since the report last changed.
func (v *Check) explanations(width int) [3][]string {
	if v.searching() {
		// The spinner turns: worded afresh at each frame, one line a field.
		var whys [3][]string
		for i, f := range v.fields {
			if vd := v.verdict(f.q); vd != nil && !vd.Holds {
				whys[i] = []string{v.job.Glyph(v.c.Styles) + v.c.Styles.Subtle.Render(" looking for the convention or the slip behind it…")}
			}
		}
		return whys
	}
	k := whysKey{v.report, v.quick, width, v.c.Styled}
	if k == v.whysKey {
		return v.whys
	}
	var whys [3][]string
	for i, f := range v.fields {
		if vd := v.verdict(f.q); vd != nil && !vd.Holds {
			if v.quick {
				whys[i] = []string{v.c.Styles.Subtle.Render("(looking for the convention or the slip behind it…)")}
			} else {
				whys[i] = v.why(v.reportIndex(vd), width)
			}
		}
	}
	v.whys, v.whysKey = whys, k
	return whys
}

// why is the report's wrong verdict i in words, as check words it
// (verdict.Explain, in its brief form), styled: what explains the claim
// in the warning colour, notes subtle.
func (v *Check) why(i int, width int) []string {
	st := v.c.Styles
	var out []string
	for _, l := range verdict.Explain(v.report, v.work, i, verdict.Form{Brief: true, Width: width}) {
		if l.Pre {
			out = append(out, strings.Split(l.Text(), "\n")...)
			continue
		}
		var b strings.Builder
		for _, sp := range l.Spans {
			switch sp.Style {
			case verdict.Lead:
				b.WriteString(st.Warn.Render(sp.Text))
			case verdict.Note:
				b.WriteString(st.Subtle.Render(sp.Text))
			default:
				b.WriteString(sp.Text)
			}
		}
		out = append(out, strings.Split(layout.Wrap(b.String(), width), "\n")...)
	}
	return out
}

// reportIndex is vd's place among the report's verdicts.
func (v *Check) reportIndex(vd *verify.Verdict) int {
	for i := range v.report.Verdicts {
		if &v.report.Verdicts[i] == vd {
			return i
		}
	}
	return -1
}

// contributionsLine sums up the file's per-rank claims.
func (v *Check) contributionsLine() string {
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
		return view.VerdictMark(v.c, true) + fmt.Sprintf(" the file's %d per-rank terms all hold", n)
	}
	b := bad[0]
	return view.VerdictMark(v.c, false) + fmt.Sprintf(" %d of the file's %d per-rank terms do not hold; first at rank %d: claimed %s, true %s",
		len(bad), n, b.Claim.Rank, b.Claim.Written, explain.Num(b.True))
}
