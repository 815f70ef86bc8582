package serve

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Tally is a quiz round counted for the dashboard.
type Tally struct {
	Round    *Round
	Sessions int
	Answered int
	// Left counts the answers, among Answered, of attendees who have
	// since left; their answers still count.
	Left int
	// Waiting are the names of the connected attendees who have not
	// answered, in the order they joined.
	Waiting []string
	Right   int
	// True is NDCG@k of the round's question; Err says why there is none.
	True float64
	Err  error
	// Histogram counts the answers by value, to two decimals, in order.
	Histogram []Bin
	// Mistakes group the wrong answers by what the check engine finds
	// behind them, commonest first.
	Mistakes []Mistake
}

// Bin is one bar of the histogram.
type Bin struct {
	Label string // the value to two decimals, or the text when not a number
	Count int
	Right bool // the bin holds the right answers (and only them)
}

// Mistake is a group of wrong answers with one explanation: the same
// mistakes of the catalogue (verify.Diagnosis.Key), however the answers
// were written.
type Mistake struct {
	// ID is the catalogue's id of the mistake, or the ids of the
	// mistakes that fit, joined by " | " (verify.Diagnosis.Key); "" for
	// answers nothing explains or that are not numbers.
	ID verify.MistakeID
	// Why says it in words, as the first answer of the group is told
	// (verdict.Finding.Summary).
	Why string
	// Names are the attendees who answered so, in alphabetical order.
	Names []string
}

// Conventions are the conventions of a round's question: its settings with its k.
func (rd *Round) Conventions() ndcg.Settings {
	s := rd.Settings
	s.K = rd.Question.K
	return s
}

func tally(rd *Round, in []answer) *Tally {
	t := &Tally{Round: rd, Answered: len(in)}
	s := rd.Conventions()
	r, err := ndcg.Compute(rd.Question.List, s)
	if err != nil {
		t.Err = err
		return t
	}
	t.True = r.NDCG()
	// A wrong answer can round to the same two decimals as the true
	// value (0.5967 and 0.6050 are both 0.60): it gets a bar of its own,
	// so the bar marked right counts the right answers only.
	type binKey struct {
		label string
		right bool
	}
	bins := map[binKey]*Bin{}
	groups := map[string]*Mistake{}
	var order []string
	// A wrong answer whose two decimals are a right bar's label is
	// labelled to four (0.8263 beside a right 0.83, which holds to
	// ±0.005 where 0.8263 is judged to ±0.00005): two bars labelled
	// 0.83, one ✓ and one not, read as a mistake of the tally.
	rightLabels := map[string]bool{}
	for _, a := range in {
		if w, err := verify.ParseWritten(strings.TrimSpace(a.text)); err == nil && w.Holds(t.True) {
			rightLabels[fmt.Sprintf("%.2f", w.Value)] = true
		}
	}
	for _, a := range in {
		w, err := verify.ParseWritten(strings.TrimSpace(a.text))
		label := a.text
		if err == nil {
			label = fmt.Sprintf("%.2f", w.Value)
		}
		right := err == nil && w.Holds(t.True)
		if !right && err == nil && rightLabels[label] {
			label = fmt.Sprintf("%.4f", w.Value)
		}
		b := bins[binKey{label, right}]
		if b == nil {
			b = &Bin{Label: label, Right: right}
			bins[binKey{label, right}] = b
		}
		b.Count++
		if right {
			t.Right++
			continue
		}
		why, id := "not a number", verify.MistakeID("")
		if err == nil {
			f := verdict.FindingOf(rd.Question.List, s, w)
			why, id = f.Summary(), f.Diagnosis.Key()
		}
		// One slipped term is as many mistakes as there are terms and
		// slips: those are told apart by what slipped.
		key := string(id)
		if key == "" || id == verify.SlipTerm {
			key = string(id) + why
		}
		g := groups[key]
		if g == nil {
			g = &Mistake{ID: id, Why: why}
			groups[key] = g
			order = append(order, key)
		}
		g.Names = append(g.Names, a.name)
	}
	for _, b := range bins {
		t.Histogram = append(t.Histogram, *b)
	}
	slices.SortFunc(t.Histogram, func(a, b Bin) int {
		return cmp.Or(cmp.Compare(binValue(a.Label), binValue(b.Label)), strings.Compare(a.Label, b.Label),
			cmp.Compare(boolInt(a.Right), boolInt(b.Right)))
	})
	for _, why := range order {
		g := groups[why]
		slices.Sort(g.Names)
		t.Mistakes = append(t.Mistakes, *g)
	}
	// Commonest first; "unexplained" last among equals, then first seen.
	slices.SortStableFunc(t.Mistakes, func(a, b Mistake) int {
		return cmp.Or(cmp.Compare(len(b.Names), len(a.Names)), cmp.Compare(boolInt(a.Why == string(verdict.Unexplained)), boolInt(b.Why == string(verdict.Unexplained))))
	})
	return t
}

// holds says whether an answer to the round is right, as the tally
// counts it (and the attendee's quiz scores it, within the digits
// typed); ok is false for one that is not a number, or a question that
// cannot be computed, which no one scores.
func (rd *Round) holds(text string) (right, ok bool) {
	w, err := verify.ParseWritten(strings.TrimSpace(text))
	if err != nil {
		return false, false
	}
	r, err := ndcg.Compute(rd.Question.List, rd.Conventions())
	if err != nil {
		return false, false
	}
	return w.Holds(r.NDCG()), true
}

// mistakeOf is what check finds behind one answer to the round, as the
// tally groups it, for the attendee who gave it: empty for a right
// answer, one that is not a number, or one check cannot explain.
func (rd *Round) mistakeOf(text string) string {
	w, err := verify.ParseWritten(strings.TrimSpace(text))
	if err != nil {
		return ""
	}
	s := rd.Conventions()
	r, err := ndcg.Compute(rd.Question.List, s)
	if err != nil || w.Holds(r.NDCG()) {
		return ""
	}
	if why := verdict.Diagnose(rd.Question.List, s, w); why != string(verdict.Unexplained) {
		return why
	}
	return ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// binValue orders the histogram: numbers by value, text after them.
func binValue(label string) float64 {
	var v float64
	if _, err := fmt.Sscanf(label, "%g", &v); err != nil {
		return math.Inf(1)
	}
	return v
}
