package explain

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Entry is one item of a ranking spelled out: id and grade.
type Entry struct {
	ID    string
	Grade float64
	// Pool marks a judged item the system did not retrieve.
	Pool bool
	// Group is the 1-based tie group of a tied item (its label's number,
	// ndcg.TieLabel), else 0.
	Group int
}

// TieMean is a tie group whose ranks all get the group's mean gain, as
// the expected value over every order of the group requires.
type TieMean struct {
	// First and Last are the group's 1-based ranks.
	First, Last int
	Score       float64
	Gains       []float64
	Mean        float64
}

// Working is everything the whiteboard shows for one list under one set
// of conventions.
type Working struct {
	Settings ndcg.Settings
	// K is the cutoff as written: "5" or "all".
	K string
	// N is the number of items; Cut the ranks DCG counts.
	N, Cut int
	// Ranking is the list in rank order, Ideal the ideal ranking's entries
	// that IDCG counts; IdealRest how many more the ideal ranking has.
	Ranking   []Entry
	Ideal     []Entry
	IdealRest int
	// RankingLen and IdealLen are the lengths of Ranking and Ideal when
	// they hold only the entries a text shows (see NewShown); 0 means
	// the slices' lengths.
	RankingLen, IdealLen int
	DCG, IDCG            Sum
	TieMeans             []TieMean
	// Tied says the list has tie groups: under a policy other than
	// expected, the working says how they were ordered.
	Tied bool
	// NDCG is DCG/IDCG, or the IDCG=0 rule's value when ZeroIDCG.
	NDCG     float64
	ZeroIDCG bool
}

// New writes out the working of r.
func New(r *ndcg.Result) *Working { return build(r, false) }

// build is New; shown keeps of a long ranking or sum only what a text
// shows (see NewShown).
func build(r *ndcg.Result, shown bool) *Working {
	s := r.Settings
	w := &Working{Settings: s, K: s.KString(), N: r.N, Cut: r.K}
	expected := s.Ties == ndcg.Expected
	w.DCG = Sum{Name: "DCG@" + w.K, Discount: s.Discount, Total: r.DCG()}
	ranks, terms := r.N, r.K
	if shown {
		w.RankingLen, w.DCG.Count = r.N, r.K
		ranks = max(r.N, r.K)
	}
	w.Ranking = make([]Entry, 0, shownCap(r.N, shown))
	w.DCG.Terms = make([]Term, 0, shownCap(r.K, shown))
	for i := range ranks {
		inRanking, inTerms := i < r.N, i < terms
		if shown {
			inRanking, inTerms = kept(i, r.N), kept(i, r.K)
			if !inRanking && !inTerms {
				continue
			}
		}
		row := r.Row(i)
		id := termsafe.String(row.Item.ID)
		if inRanking {
			e := Entry{ID: id, Grade: row.Grade}
			if row.Tied {
				e.Group = row.Tie
			}
			w.Ranking = append(w.Ranking, e)
		}
		if inTerms {
			w.DCG.Terms = append(w.DCG.Terms, Term{Rank: i + 1, ID: id, Grade: row.Grade, Gain: row.TermGain, Averaged: row.Averaged,
				Discount: row.Discount, Value: row.Contribution})
		}
	}
	if expected {
		for _, g := range r.Ties {
			if g.Start >= r.K {
				break
			}
			tm := TieMean{First: g.Start + 1, Last: g.End, Score: g.Score, Mean: r.ExpectedGain(g.Start)}
			for i := g.Start; i < g.End; i++ {
				tm.Gains = append(tm.Gains, r.Gain(i))
			}
			w.TieMeans = append(w.TieMeans, tm)
		}
	}
	w.IDCG = Sum{Name: "IDCG@" + w.K, Discount: s.Discount, Total: r.IDCG()}
	if shown {
		w.IdealLen, w.IDCG.Count = r.IdealK, r.IdealK
	}
	w.Ideal = make([]Entry, 0, shownCap(r.IdealK, shown))
	w.IDCG.Terms = make([]Term, 0, shownCap(r.IdealK, shown))
	for i := 0; i < r.IdealK; i++ {
		if shown && !kept(i, r.IdealK) {
			continue
		}
		id := termsafe.String(r.IdealID(i))
		w.Ideal = append(w.Ideal, Entry{ID: id, Grade: r.IdealGrade(i), Pool: r.IdealFromPool(i)})
		w.IDCG.Terms = append(w.IDCG.Terms, Term{Rank: i + 1, ID: id, Grade: r.IdealGrade(i),
			Gain: r.IdealGain(i), Discount: r.Discounts[i], Value: r.IdealGain(i) * r.Discounts[i]})
	}
	w.Tied = len(r.Ties) > 0
	w.IdealRest = len(r.IdealOrder) - r.IdealK
	w.ZeroIDCG = w.IDCG.Total == 0
	w.NDCG = r.NDCG()
	return w
}

// over says whether the discount is written as a division by log2(i+1),
// as on every whiteboard; other discounts are written as gain × discount.
func over(d ndcg.Discount) bool {
	return d.Kind == ndcg.DiscountLog && (d.Base == 2 || d.Base == 0)
}

// Num writes a computed value with three decimals, as the working does.
func Num(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// gainText writes a gain as a person would: 7, 2.5, or 1.333 for a mean.
func gainText(g float64) string {
	if g == math.Trunc(g) && math.Abs(g) < 1e9 {
		return strconv.FormatFloat(g, 'f', 0, 64)
	}
	if s := strconv.FormatFloat(g, 'g', -1, 64); len(s) <= 5 {
		return s
	}
	return Num(g)
}

// spellKept writes a ranking of n entries out, of which es holds those
// kept (see NewShown), or all of them: "A(3) C(3) B(2)", pool items
// marked, tie groups in brackets, long rankings elided in the middle,
// and "|" after rank cut when later ranks do not count (cut 0: no
// mark).
func spellKept(es []Entry, n, cut int) string {
	if n == 0 {
		return "(no items)"
	}
	at := func(i int) Entry { return es[shownIndex(i, n, len(es))] }
	var b strings.Builder
	for i := 0; i < n; i++ {
		if cut > 0 && i == cut {
			b.WriteString(" |")
		}
		if n > maxTerms && i >= headTerms && i < n-tailTerms {
			// A cut inside the elided middle splits the "…" in two.
			if i == headTerms || i == cut {
				b.WriteString(" …")
			}
			continue
		}
		e := at(i)
		open := e.Group != 0 && (i == 0 || at(i-1).Group != e.Group)
		closing := e.Group != 0 && (i == n-1 || at(i+1).Group != e.Group)
		if i > 0 {
			b.WriteByte(' ')
		}
		if open {
			b.WriteByte('[')
		}
		b.WriteString(e.ID + "(" + ndcg.FormatNumber(e.Grade))
		if e.Pool {
			b.WriteString(", pool")
		}
		b.WriteByte(')')
		if closing {
			b.WriteByte(']')
		}
	}
	return b.String()
}

// SpellRanking is Spell of the ranking, with the cut at k.
func (w *Working) SpellRanking() string {
	return spellKept(w.Ranking, shownLen(w.RankingLen, len(w.Ranking)), w.Cut)
}

// SpellIdeal is Spell of the ideal ranking's entries that IDCG counts.
func (w *Working) SpellIdeal() string {
	return spellKept(w.Ideal, shownLen(w.IdealLen, len(w.Ideal)), 0)
}

// formulaLine says what each term is.
func (w *Working) formulaLine() string {
	s := w.Settings
	term := "gain × discount"
	if over(s.Discount) {
		term = "gain / log2(i+1)"
	}
	return fmt.Sprintf("gain %s, discount %s, k=%s: each term is %s", s.Gain.Formula(), s.Discount.Formula(), w.K, term)
}

// tieOrder says how each concrete policy orders a tie group.
var tieOrder = map[ndcg.TiePolicy]string{
	ndcg.Best:  "highest grade first (ties best)",
	ndcg.Worst: "lowest grade first (ties worst)",
	ndcg.Input: "as the input lists them (ties input, a stable sort)",
	ndcg.Docno: "by id in descending byte order, as trec_eval does (ties docno)",
}

// TieOrderNote says how the bracketed tie groups of the ranking were
// ordered, under a tie policy other than expected (whose mean gains have
// notes of their own); "" otherwise.
func (w *Working) TieOrderNote() string {
	if !w.Tied || w.Settings.Ties == ndcg.Expected {
		return ""
	}
	return "[…] marks a tie group, ordered " + tieOrder[w.Settings.Ties] + "."
}

// notes are the sentences that qualify the sums: how tie groups were
// ordered, a k past the end of the list, and each tie group's mean gain,
// with the gains of a large group elided as a long sum is, so that a
// group of thousands of tied items takes a line, not thousands of terms.
func (w *Working) notes() []string {
	var out []string
	if n := w.TieOrderNote(); n != "" {
		out = append(out, n)
	}
	if n := w.DCG.RoundingNote(); n != "" {
		out = append(out, n)
	}
	return append(out, w.sumNotes()...)
}

// sumNotes are the notes without the one on how tie groups were ordered,
// which a screen shows its own way.
func (w *Working) sumNotes() []string {
	var out []string
	if w.Settings.K > w.N {
		out = append(out, fmt.Sprintf("k=%d but the list has %d items: DCG stops at rank %d.", w.Settings.K, w.N, w.N))
	}
	for _, tm := range w.TieMeans {
		gs := elided(len(tm.Gains), func(i int) string { return gainText(tm.Gains[i]) })
		out = append(out, fmt.Sprintf("* ranks %d–%d tie (score %s): under expected ties every rank of the group gets its mean gain (%s)/%d = %s.",
			tm.First, tm.Last, ndcg.FormatNumber(tm.Score), strings.Join(gs, " + "), len(tm.Gains), gainText(tm.Mean)))
	}
	return out
}

func (w *Working) idealLabel() string {
	src := "the list's grades"
	if w.Settings.IDCG == ndcg.FromJudged {
		src = "the list's and the pool's grades"
	}
	return "ideal order (" + src + ", highest first)"
}

func (w *Working) idealRest() string {
	if w.IdealRest > 0 {
		return fmt.Sprintf(" (+%d more past k)", w.IdealRest)
	}
	return ""
}

// ndcgLine is the division, or the IDCG=0 rule.
func (w *Working) ndcgLine() string {
	name := "NDCG@" + w.K
	if w.ZeroIDCG {
		return fmt.Sprintf("%s = %s by convention: IDCG@%s is 0 (no relevant item), and the IDCG=0 rule in force gives %s",
			name, ndcg.FormatNumber(w.NDCG), w.K, ndcg.FormatNumber(w.Settings.Zero))
	}
	// NDCG to four decimals, as every table shows it.
	return fmt.Sprintf("%s = DCG@%s / IDCG@%s = %s / %s = %s", name, w.K, w.K, Num(w.DCG.Total), Num(w.IDCG.Total),
		strconv.FormatFloat(w.NDCG, 'f', 4, 64))
}

// textWidth is where the text rendering wraps long sums.
const textWidth = 78

// Text renders the working as plain text.
func (w *Working) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Working (%s)\n\n", w.formulaLine())
	fmt.Fprintf(&b, "ranking: %s\n", w.SpellRanking())
	b.WriteString(w.DCG.Wrapped(textWidth) + "\n")
	for _, n := range w.notes() {
		b.WriteString(n + "\n")
	}
	fmt.Fprintf(&b, "\n%s: %s%s\n", w.idealLabel(), w.SpellIdeal(), w.idealRest())
	b.WriteString(w.IDCG.Wrapped(textWidth) + "\n")
	if n := w.IDCG.RoundingNote(); n != "" {
		b.WriteString(n + "\n")
	}
	b.WriteString("\n")
	b.WriteString(w.ndcgLine() + "\n")
	return b.String()
}

// Markdown renders the working for slides: plain math in code blocks
// and spans, no LaTeX.
func (w *Working) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### Working\n\n%s.\n\n", capitalize(w.formulaLine()))
	fmt.Fprintf(&b, "Ranking: %s\n\n", CodeSpan(w.SpellRanking()))
	fmt.Fprintf(&b, "```text\n%s\n```\n\n", w.DCG.Wrapped(textWidth))
	for _, n := range w.notes() {
		b.WriteString(strings.Replace(MarkdownText(n), "* ", "\\* ", 1) + "\n\n")
	}
	fmt.Fprintf(&b, "%s: %s%s\n\n", capitalize(w.idealLabel()), CodeSpan(w.SpellIdeal()), w.idealRest())
	fmt.Fprintf(&b, "```text\n%s\n```\n\n", w.IDCG.Wrapped(textWidth))
	if n := w.IDCG.RoundingNote(); n != "" {
		b.WriteString(MarkdownText(n) + "\n\n")
	}
	fmt.Fprintf(&b, "%s\n", CodeSpan(w.ndcgLine()))
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
