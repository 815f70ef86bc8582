package explain

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Term is one addend of DCG or IDCG.
type Term struct {
	// Rank is 1-based.
	Rank  int
	ID    string
	Grade float64
	// Gain is the gain used: the tie group's mean gain when Averaged.
	Gain     float64
	Averaged bool
	Discount float64
	// Value is Gain × Discount.
	Value float64
}

// Sum is DCG@k or IDCG@k as a sum of terms.
type Sum struct {
	// Name is "DCG@5", "IDCG@5", …
	Name  string
	Terms []Term
	// Count is the number of terms when Terms holds only those a text
	// shows of a long sum (see NewShown); 0 means len(Terms).
	Count    int
	Total    float64
	Discount ndcg.Discount
}

// count is the number of terms in the sum.
func (s Sum) count() int { return shownLen(s.Count, len(s.Terms)) }

// term is the i-th term of the sum, of those kept.
func (s Sum) term(i int) Term { return s.Terms[shownIndex(i, s.count(), len(s.Terms))] }

// Elision: past maxTerms terms, a sum shows its first headTerms and last
// tailTerms terms around "…", and still gives the whole total.
const (
	maxTerms  = 20
	headTerms = 8
	tailTerms = 3
)

// TermText writes one term: "7/1.585" (gain over log2(i+1)) or
// "7×0.631"; a tie group's mean gain is marked with "*".
func (s Sum) TermText(t Term) string {
	g := gainText(t.Gain)
	if t.Averaged {
		g += "*"
	}
	if over(s.Discount) {
		return g + "/" + Num(math.Log2(float64(t.Rank+1)))
	}
	return g + "×" + Num(t.Discount)
}

// elided writes n things with text, past maxTerms only the first
// headTerms and the last tailTerms of them around "…".
func elided(n int, text func(i int) string) []string {
	var out []string
	for i := 0; i < n; i++ {
		if n > maxTerms && i >= headTerms && i < n-tailTerms {
			if i == headTerms {
				out = append(out, "…")
			}
			continue
		}
		out = append(out, text(i))
	}
	return out
}

// parts are the written terms, with the middle of a long sum as "…".
func (s Sum) parts() []string {
	return elided(s.count(), func(i int) string { return s.TermText(s.term(i)) })
}

// values are the terms worked out, "4.417" for 7/1.585, elided as parts
// are: the line a student compares with their own, term by term.
func (s Sum) values() []string {
	return elided(s.count(), func(i int) string { return Num(s.term(i).Value) })
}

// Line writes the sum on one line: "DCG@2 = 7/1.000 + 3/1.585 = 7.000 +
// 1.893 = 8.893".
func (s Sum) Line() string {
	return strings.Replace(s.Wrapped(0), "\n"+s.indent(), " ", 1)
}

// RoundingNote says, when the terms as written (three decimals each) do
// not add up to the total as written, that the total is the exact sum
// rounded once: a student adding 7.000 + 4.417 + 1.500 + 0.431 gets
// 13.348 where the working says 13.347, and would look for a slip that
// is not there. "" when they agree, or when the sum is not written out
// whole.
func (s Sum) RoundingNote() string {
	if s.count() != len(s.Terms) || len(s.Terms) > maxTerms || len(s.Terms) < 2 {
		return ""
	}
	// In thousandths, as written, so that the sum has no rounding of its own.
	shown := int64(0)
	for _, t := range s.Terms {
		v, err := strconv.ParseFloat(Num(t.Value), 64)
		if err != nil {
			return ""
		}
		shown += int64(math.Round(v * 1000))
	}
	total, err := strconv.ParseFloat(Num(s.Total), 64)
	if err != nil || int64(math.Round(total*1000)) == shown {
		return ""
	}
	return fmt.Sprintf("The terms as written add up to %s: each is rounded to 3 decimals, and %s is the exact sum, rounded once.",
		Num(float64(shown)/1000), Num(s.Total))
}

// indent lines continuation lines up under the first term.
func (s Sum) indent() string { return strings.Repeat(" ", len([]rune(s.Name))+1) }

// Wrapped writes the sum, breaking lines before width columns (0: no
// breaks): the terms as fractions, then on a line of its own each term
// worked out and the total,
//
//	DCG@3 = 7/1.000 + 3/1.585 + 7/2.000
//	      = 7.000 + 1.893 + 3.500 = 12.393
//
// (a single term takes one line: "DCG@1 = 7/1.000 = 7.000"). Continuation
// lines are indented under the "=".
func (s Sum) Wrapped(width int) string {
	head := s.Name + " = "
	parts := s.parts()
	if len(parts) == 0 {
		return head + "0 (no terms)"
	}
	var b strings.Builder
	total := "= " + Num(s.Total)
	n := s.count()
	if n == 1 {
		flow(&b, head, parts, total, s.indent(), width)
	} else {
		flow(&b, head, parts, "", s.indent(), width)
		b.WriteString("\n")
		flow(&b, s.indent()+"= ", s.values(), total, s.indent(), width)
	}
	if n > maxTerms {
		fmt.Fprintf(&b, "  (%d terms, %d not shown)", n, n-headTerms-tailTerms)
	}
	return b.String()
}

// flow writes head then the parts joined by " + ", then tail (if any),
// breaking before width columns (0: never); a continuation line starts
// with indent and the "+" or "=" that joins it.
func flow(b *strings.Builder, head string, parts []string, tail, indent string, width int) {
	b.WriteString(head)
	col := len([]rune(head))
	if tail != "" {
		parts = append(parts[:len(parts):len(parts)], tail)
	}
	for i, p := range parts {
		sep := " + "
		if i == 0 {
			sep = ""
		} else if tail != "" && i == len(parts)-1 {
			sep = " "
		}
		n := len([]rune(sep + p))
		if width > 0 && i > 0 && col+n > width {
			b.WriteString("\n" + indent)
			col = len(indent)
			sep = strings.TrimLeft(sep, " ")
			if sep == "" {
				sep = "  "
			}
			n = len([]rune(sep + p))
		}
		b.WriteString(sep + p)
		col += n
	}
}
