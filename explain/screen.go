package explain

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// LineKind says what a line of the working is, so a screen can style it
// without parsing it.
type LineKind int

const (
	// LineText is plain text: the formula, notes, labels.
	LineText LineKind = iota
	// LineHeading names a part of the working.
	LineHeading
	// LineSum is a line of DCG or IDCG written out.
	LineSum
	// LineResult is the division that gives NDCG.
	LineResult
	// LineBlank separates the parts.
	LineBlank
	// LineAside is a remark a screen short of room leaves out first:
	// that the terms as written add up to another total than the one
	// written (Sum.RoundingNote).
	LineAside
)

// Line is one line of the working as a screen draws it.
type Line struct {
	Kind LineKind
	Text string
	// Part numbers the paragraph the line was wrapped from: a screen
	// short of room leaves out whole parts, never the first line of a
	// sentence without the rest.
	Part int
}

// Lines lays the working out for a screen width cells wide: the same
// content as Text, with every line (rankings included) wrapped to the
// width, so a terminal never cuts a term in half.
func (w *Working) Lines(width int) []Line {
	width = max(width, 20)
	var out []Line
	part := 0
	add := func(kind LineKind, text string) {
		for _, l := range strings.Split(ansi.Wrap(text, width, " "), "\n") {
			out = append(out, Line{Kind: kind, Text: l, Part: part})
		}
		part++
	}
	blank := func() {
		out = append(out, Line{Kind: LineBlank, Part: part})
		part++
	}
	add(LineText, w.formulaLine())
	blank()
	if w.Cut < w.N {
		add(LineHeading, "ranking (| marks the cutoff k):")
	} else {
		add(LineHeading, "ranking:")
	}
	add(LineText, "  "+w.SpellRanking())
	add(LineSum, w.DCG.Wrapped(width))
	if n := w.DCG.RoundingNote(); n != "" {
		add(LineAside, n)
	}
	for _, n := range w.sumNotes() {
		// A tie group's mean, (0 + 7)/2, is kept on one line where it
		// fits: at 100 columns it broke after "(0 +".
		n = keepSums(n)
		for _, l := range strings.Split(ansi.Wrap(n, width, " "), "\n") {
			out = append(out, Line{Kind: LineText, Text: strings.ReplaceAll(l, nbsp, " "), Part: part})
		}
		part++
	}
	blank()
	add(LineHeading, w.idealLabel()+":")
	add(LineText, "  "+w.SpellIdeal()+w.idealRest())
	add(LineSum, w.IDCG.Wrapped(width))
	if n := w.IDCG.RoundingNote(); n != "" {
		add(LineAside, n)
	}
	blank()
	add(LineResult, w.ndcgLine())
	return out
}

// nbsp joins the terms of a parenthesized sum while a line is wrapped.
const nbsp = "\u00a0"

// keepSums joins the terms of each parenthesized sum of text, "(0 + 7)",
// with no-break spaces, so that wrapping breaks around the sum.
func keepSums(text string) string {
	var b strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case r == ' ' && depth > 0:
			b.WriteString(nbsp)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ResultLine is the division that gives NDCG, or the IDCG=0 rule, in one
// line: what a screen keeps in sight while the rest scrolls.
func (w *Working) ResultLine() string { return w.ndcgLine() }
