package compare

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Companions sets the binary-relevance metrics often reported beside
// NDCG@k (Precision@k, Recall@k, reciprocal rank, average precision) next
// to it, with the grade from which an item counts as relevant adjustable.
// The engine computes them; the view only draws.
type Companions struct {
	view.Drawn
	c             *common.Common
	width, height int
	// threshold is the grade from which an item counts as relevant.
	threshold float64

	// What the view draws, worked out once per edit or threshold change:
	// the metrics, the first ranks marked relevant or not, and the first
	// terms of AP.
	stale bool
	comp  ndcg.Companions
	top   []rankMark
	terms []string
	// moreRanks and moreTerms count what the marks and terms leave out.
	moreRanks int
	moreTerms bool
	// shownAP is the AP of the ranking the marks show, which under
	// Expected ties is one order of many, not the mean the metrics give.
	shownAP float64
}

// rankMark is one rank of the top k: its item and whether it counts as relevant.
type rankMark struct {
	id       string
	relevant bool
}

// Shown at most: the ranks marked, and the terms of AP.
const (
	marksShown = 20
	termsShown = 10
)

// NewCompanions is the companions view of c's workspace.
func NewCompanions(c *common.Common) view.View {
	return &Companions{c: c, threshold: 1, stale: true}
}

// ShortHelp is the companions view's footer.
func (v *Companions) ShortHelp() []key.Binding {
	k := v.c.Keys
	return append([]key.Binding{thresholdKey, k.KUp, k.KDown}, k.Tail(true)...)
}

// FullHelp is the key only the companions view has.
func (v *Companions) FullHelp() [][]key.Binding { return [][]key.Binding{{thresholdKey}} }

func (v *Companions) SetSize(w, h int) { v.width, v.height = max(w, 0), max(h, 0) }

func (v *Companions) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(workspace.Edited); ok {
		v.stale = true
		return nil
	}
	msg2, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if !key.Matches(msg2, thresholdKey) {
		return nil
	}
	switch msg2.String() {
	case ">":
		if v.threshold >= v.maxThreshold() {
			v.c.SetStatus(fmt.Sprintf("no item has a grade above %s: the threshold stays at %s", layout.FmtNum(v.maxThreshold()), layout.FmtNum(v.threshold)), true)
			return nil
		}
		v.threshold++
	default:
		if v.threshold <= 1 {
			v.c.SetStatus("the threshold is already 1: every grade above 0 counts as relevant", true)
			return nil
		}
		v.threshold--
	}
	v.stale = true
	v.c.SetStatus(fmt.Sprintf("relevant now means grade ≥ %s", layout.FmtNum(v.threshold)), false)
	return nil
}

// Refresh works out the metrics and the marks after a change.
func (v *Companions) Refresh() {
	r := v.c.WS.Result
	if !v.stale || r == nil {
		return
	}
	v.stale = false
	v.comp = r.Companions(v.threshold)
	v.top, v.terms, v.moreTerms, v.shownAP = v.top[:0], v.terms[:0], false, 0
	found := 0
	// Stop once the marks and the terms shown are known: the top k of a
	// long list is long (but the AP of the order shown needs every
	// rank, when it is not the metrics' own).
	for i := 0; i < r.K && (i < marksShown || !v.moreTerms || v.comp.Expected); i++ {
		g := r.Grade(i)
		rel := g >= v.threshold && g > 0
		if i < marksShown {
			v.top = append(v.top, rankMark{id: common.Shown(r.List.Items[r.Order[i]].ID), relevant: rel})
		}
		if rel {
			found++
			v.shownAP += float64(found) / float64(i+1)
			if len(v.terms) < termsShown {
				v.terms = append(v.terms, fmt.Sprintf("%d/%d", found, i+1))
			} else {
				v.moreTerms = true
			}
		}
	}
	v.moreRanks = r.K - len(v.top)
	if v.comp.Relevant > 0 {
		v.shownAP /= float64(v.comp.Relevant)
	}
}

// maxThreshold is the highest threshold that still finds something
// relevant: the largest grade in the list or pool, rounded up.
func (v *Companions) maxThreshold() float64 {
	top := 1.0
	if r := v.c.WS.Result; r != nil && len(r.IdealOrder) > 0 {
		top = math.Max(top, math.Ceil(r.IdealGrade(0)))
	}
	l := v.c.WS.List()
	for _, p := range l.Pool {
		top = math.Max(top, math.Ceil(p.Grade))
	}
	return top
}

func (v *Companions) Draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	st, ws := v.c.Styles, v.c.WS
	r := ws.Result
	if r == nil {
		return layout.Block(layout.Wrap(st.Error.Render("cannot compute this list: ")+ws.Err.Error(), v.width), v.width, v.height)
	}
	c := v.comp
	k := ws.Settings.KString()
	th := layout.FmtNum(v.threshold)
	lines := []string{
		st.PanelTitle.Render(fmt.Sprintf("Companion metrics at k=%s: relevant means grade ≥ %s", k, th)) +
			st.Subtle.Render(fmt.Sprintf("  (%s change it)", thresholdKey.Help().Key)),
		"",
	}
	nd := r.NDCG()
	ndText := fmt.Sprintf("graded: gains (%s) × discounts, ÷ the ideal ranking's DCG", ws.Settings.Gain.Formula())
	recall := fmt.Sprintf("%s of %d relevant items in the top %s%s", retrievedText(c), c.Relevant, v.cutoffWord(), v.poolNote())
	ap := fmt.Sprintf("precision at each relevant rank, summed, ÷ %d relevant items", c.Relevant)
	if r.IDCG() == 0 {
		// Nothing to divide by: each says the convention that gives its
		// value, where they read as a division by 0.
		ndText = fmt.Sprintf("graded: gains (%s) × discounts, ÷ the ideal ranking's DCG, which is 0 here: the IDCG=0 rule gives %s (z switches it)", ws.Settings.Gain.Formula(), layout.FmtNum(ws.Settings.Zero))
	}
	if c.Relevant == 0 {
		recall = fmt.Sprintf("no relevant item%s: 0 by convention, as there is nothing to find", v.poolNote())
		ap = "no relevant item: 0 by convention, as there is nothing to divide by"
	}
	rows := []struct {
		name   string
		v      float64
		counts string
	}{
		{"NDCG@" + k, nd, ndText},
		{"Precision@" + k, c.Precision, fmt.Sprintf("%s relevant in the top %s, ÷ %s; order within the top ignored", retrievedText(c), v.cutoffWord(), v.precisionDenominator())},
		{"Recall@" + k, c.Recall, recall},
		{"RR", c.RR, v.rrText(c)},
		{"AP@" + k, c.AP, ap},
	}
	nameW := 0
	for _, x := range rows {
		nameW = max(nameW, len(x.name))
	}
	barW := min(max(v.width-nameW-9, 4), 30)
	// What each metric counts, under it, when the screen has room for
	// that and the ranking below (some 20 lines).
	counts := v.height >= 18
	if c.Expected {
		lines = append(lines[:1], st.Subtle.Render(layout.Wrap("Ties: each metric is its mean over every order of the tied items, as NDCG@"+k+
			" is under expected ties ("+v.c.Keys.Ties.Help().Key+" switches the tie policy)", v.width)), "")
	}
	if !counts {
		lines = lines[:1]
	}
	for _, x := range rows {
		b := v.c.Styles.G.Bar(x.v, 1, barW)
		lines = append(lines, fmt.Sprintf("%-*s %s %s", nameW, x.name, layout.Fixed(x.v, 4), st.BarActual.Render(b)))
		if counts {
			for _, l := range layout.Hang(x.counts, nameW+1, v.width) {
				lines = append(lines, st.Subtle.Render(l))
			}
		}
	}
	lines = append(lines, "")
	lines = append(lines, v.ranking(r, c)...)
	body := wrapLines(lines, v.width)
	// The closing lesson only when it fits whole.
	// Two grades the threshold makes equal, from this list: a grade 3
	// beside the threshold said nothing (a grade 3 and a grade 3) or
	// was false (a grade 3 and a grade 4, at threshold 4).
	same := "every relevant item counts the same, whatever its grade"
	if len(r.IdealOrder) > 0 {
		if hi := r.IdealGrade(0); hi > v.threshold {
			same = "a grade " + layout.FmtNum(hi) + " and a grade " + th + " count the same"
		}
	}
	lesson := layout.Wrap("Only NDCG sees the grades: the others ask relevant or not, so "+same+
		", and Precision ignores the order within the top k.", v.width)
	if strings.Count(body, "\n")+strings.Count(lesson, "\n")+3 <= v.height {
		body += "\n\n" + st.Subtle.Render(lesson)
	}
	return layout.Block(body, v.width, v.height)
}

// cutoffWord is the k the companions cut at, in words.
func (v *Companions) cutoffWord() string {
	if v.c.WS.Settings.K == 0 {
		return strconv.Itoa(v.c.WS.Result.K) + " (the whole list)"
	}
	return strconv.Itoa(v.c.WS.Settings.K)
}

// precisionDenominator is what Precision divides by: k as asked, even
// past the end of the list, as trec_eval's P_k does.
func (v *Companions) precisionDenominator() string {
	s, r := v.c.WS.Settings, v.c.WS.Result
	switch {
	case s.K == 0:
		return strconv.Itoa(r.N)
	case s.K > r.N:
		return fmt.Sprintf("k=%d (the list has %d)", s.K, r.N)
	}
	return strconv.Itoa(s.K)
}

func (v *Companions) poolNote() string {
	ws := v.c.WS
	if len(ws.List().Pool) == 0 {
		return ""
	}
	if ws.Settings.IDCG == ndcg.FromJudged {
		return " (pool counted: IDCG from judged)"
	}
	return " (pool left out: IDCG from the list)"
}

// retrievedText is how many relevant items the top k holds: a mean
// under expected ties, which need not be whole.
func retrievedText(c ndcg.Companions) string {
	if c.Retrieved == math.Trunc(c.Retrieved) {
		return strconv.Itoa(int(c.Retrieved))
	}
	return layout.FmtNum(math.Round(c.Retrieved*1e4)/1e4) + " on average"
}

func (v *Companions) rrText(c ndcg.Companions) string {
	if c.Expected && c.RR > 0 && 1/c.RR != math.Round(1/c.RR) {
		return "1 ÷ the rank of the first relevant item, averaged over every order of the ties"
	}
	if c.RR == 0 {
		return "1 ÷ the rank of the first relevant item: none in the top " + v.cutoffWord()
	}
	return fmt.Sprintf("1 ÷ the rank of the first relevant item: 1/%d", int(math.Round(1/c.RR)))
}

// ranking marks each rank of the top k relevant or not and writes the
// precision at each relevant rank, the terms of AP.
func (v *Companions) ranking(r *ndcg.Result, c ndcg.Companions) []string {
	st := v.c.Styles
	rel, not := st.G.Relevant, st.G.Irrelevant
	marks := make([]string, 0, len(v.top)+1)
	for _, m := range v.top {
		if m.relevant {
			marks = append(marks, m.id+rel)
		} else {
			marks = append(marks, m.id+not)
		}
	}
	if v.moreRanks > 0 {
		marks = append(marks, fmt.Sprintf("… (%d more)", v.moreRanks))
	}
	terms := v.terms
	if v.moreTerms {
		terms = append(terms[:len(terms):len(terms)], "…")
	}
	order := "top " + strconv.Itoa(r.K)
	if r.Settings.Ties == ndcg.Expected && len(r.Ties) > 0 {
		order += ", ties in input order"
	}
	out := []string{st.Header.Render(fmt.Sprintf("%s (%s relevant, %s not):", order, rel, not)) + " " + strings.Join(marks, " ")}
	ap := "AP = 0: no relevant item"
	if c.Relevant > 0 {
		sum := "0"
		if len(terms) > 0 {
			sum = "(" + strings.Join(terms, " + ") + ")"
		}
		ap = fmt.Sprintf("AP = %s / %d = %s", sum, c.Relevant, layout.Fixed(c.AP, 4))
		if c.Expected {
			ap = fmt.Sprintf("in this order AP = %s / %d = %s; over every order of the ties %s", sum, c.Relevant, layout.Fixed(v.shownAP, 4), layout.Fixed(c.AP, 4))
		}
	}
	return append(out, ap)
}

// wrapLines wraps each line to width.
func wrapLines(lines []string, width int) string {
	return layout.Wrap(strings.Join(lines, "\n"), width)
}
