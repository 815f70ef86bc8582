package arithmetic

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// Curves draws the two functions NDCG is built from: the discount
// per rank and the gain per grade, each a bar chart with its own scale
// and every value printed, and shows that the log base of the discount
// cancels out of NDCG but not out of DCG.
type Curves struct {
	view.Drawn
	view.Lazy

	rows int // ranks and grades the charts have room for
	// Worked out on refresh, or off the update loop on a long list.
	curveNumbers
}

// curveNumbers are the two curves and the log-base lesson.
type curveNumbers struct {
	discount []float64
	gains    []explain.GradeGain
	lesson   explain.BaseLesson
	lessonOK error
}

// workCurves works the curves out for rows ranks and grades of list
// under s: the gains go over every grade of the list, and the lesson
// computes the list under two log bases.
func workCurves(list *ndcg.List, s ndcg.Settings, rows int) curveNumbers {
	var c curveNumbers
	c.discount = explain.DiscountCurve(s.Discount, rows)
	c.gains = explain.GainCurve(list, s, rows)
	c.lesson, c.lessonOK = explain.LogBase(list, s)
	return c
}

// NewCurves is the curves view of c's workspace.
func NewCurves(c *common.Common) view.View {
	return &Curves{Lazy: view.Lazy{C: c, Stale: true}}
}

// ShortHelp is the curves view's footer: the conventions it draws.
func (v *Curves) ShortHelp() []key.Binding {
	k := v.C.Keys
	return append(k.ConventionKeys(), k.Tail(true)...)
}

func (v *Curves) Update(msg tea.Msg) tea.Cmd {
	if v.Edited(msg) {
		return nil
	}
	cmd, _ := v.Job.Update(msg)
	return cmd
}

// lessonLines is the height of the log-base lesson under the charts.
const lessonLines = 4

// geometry is the height of the charts and, when they are stacked, of
// the upper one (0 when they stand side by side).
func (v *Curves) geometry() (chartH, top int) {
	body := v.Height - 1
	lessonH := min(lessonLines, max(body-4, 0))
	chartH = max(body-lessonH, 1)
	if v.Width >= 70 {
		return chartH, 0
	}
	return chartH, (chartH + 1) / 2
}

// Refresh works the curves out for the ranks and grades that fit.
func (v *Curves) Refresh() {
	chartH, top := v.geometry()
	rows := chartH - 1
	if top > 0 {
		rows = max(top-1, chartH-top-1)
	}
	rows = max(rows, 1)
	if rows != v.rows {
		v.rows = rows
		v.MarkStale()
	}
	if !v.Stale || background.Needed(v.C.WS) {
		return // startWork takes it from here
	}
	v.Stale = false
	ws := v.C.WS
	v.curveNumbers = workCurves(ws.List(), ws.Settings, rows)
}

// StartWork works the curves out off the update loop on a long list.
func (v *Curves) StartWork() tea.Cmd {
	ws := v.C.WS
	if !v.Stale || v.Job.Running || !background.Needed(ws) {
		return nil
	}
	v.Stale = false
	list, s := v.Job.Snapshot(ws)
	rows := v.rows
	return v.Job.Start(func(context.Context) func() {
		c := workCurves(list, s, rows)
		return func() { v.curveNumbers = c }
	})
}

func (v *Curves) Draw() string {
	w, h := v.Width, v.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	if v.Busy() {
		return v.BusyView("Curves", "the gain of each grade")
	}
	head := view.Head(v.C, "Curves", "the discount per rank and the gain per grade", "", w)
	chartH, top := v.geometry()
	lessonH := h - 1 - chartH
	var charts string
	if top == 0 {
		half := (w - 3) / 2
		charts = layout.JoinColumns(v.discountChart(half, chartH), half, v.gainChart(w-half-3, chartH), w-half-3, chartH, "   ")
	} else {
		charts = v.discountChart(w, top) + "\n" + v.gainChart(w, chartH-top)
	}
	out := head + "\n" + charts
	if lessonH > 0 {
		out += "\n" + v.lessonText(w, lessonH)
	}
	return layout.Block(out, w, h)
}

// discountChart: d(i) for the ranks that fit, on the scale 0..1 (the
// discount at rank 1); the ranks past k are dimmed and k is marked.
func (v *Curves) discountChart(w, h int) string {
	st, ws := v.C.Styles, v.C.WS
	s := ws.Settings
	k := 0
	if r := ws.Result; r != nil {
		k = r.K
	}
	lines := []string{st.PanelTitle.Render(ansi.Truncate("discount "+s.Discount.String()+" = "+s.Discount.Formula(), w, "…"))}
	n := min(len(v.discount), h-1)
	rankW := len(strconv.Itoa(max(n, 1)))
	barW := max(w-rankW-6-8, 1)
	scale := 0.0
	for _, d := range v.discount[:n] {
		scale = max(scale, d)
	}
	mark := st.G.KMark
	for i, d := range v.discount[:n] {
		line := fmt.Sprintf("%s %s %s", layout.PadLeft(strconv.Itoa(i+1), rankW), st.BarActual.Render(v.C.Styles.G.Bar(d, scale, barW)), layout.Fixed(d, 3))
		switch {
		case i+1 == k && k < ws.N():
			line += st.Cutoff.Render(mark)
		case i+1 > k && k > 0:
			line = st.PastK.Render(ansi.Strip(line))
		}
		lines = append(lines, line)
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// gainChart: the gain of each grade, on one scale (the largest gain
// shown), with how many items have the grade.
func (v *Curves) gainChart(w, h int) string {
	st, ws := v.C.Styles, v.C.WS
	s := ws.Settings
	title := "gain " + s.Gain.String() + " = " + s.Gain.Formula()
	if s.Gain.Kind == ndcg.GainMap {
		// The map is its own formula: "gain 0=0,1=2,… = map 0=0,1=2,…"
		// said it twice and cut the second; the bars give each gain.
		title = "gain map " + s.Gain.String()
	}
	lines := []string{st.PanelTitle.Render(ansi.Truncate(title, w, "…"))}
	// One line is kept for the legend of the counts, when there is room.
	n := min(len(v.gains), max(h-2, 1))
	shown := v.gains[len(v.gains)-n:]
	if len(shown) == 0 {
		lines = append(lines, st.Subtle.Render("no grades: the list is empty"))
		return layout.Block(strings.Join(lines, "\n"), w, h)
	}
	gradeW, valW := 1, 1
	scale := 0.0
	for _, g := range shown {
		gradeW = max(gradeW, len(layout.FmtNum(g.Grade)))
		valW = max(valW, len(layout.FmtShort(g.Gain, 8)))
		scale = max(scale, g.Gain)
	}
	barW := max(w-gradeW-valW-12, 1)
	pool := false
	for _, g := range shown {
		pool = pool || g.Pool > 0
		used := ""
		if g.Items > 0 {
			used = fmt.Sprintf(" ×%d", g.Items)
		}
		if g.Pool > 0 {
			used += fmt.Sprintf(" +%dp", g.Pool)
		}
		lines = append(lines, fmt.Sprintf("%s %s %s%s", layout.PadLeft(layout.FmtNum(g.Grade), gradeW),
			st.BarIdeal.Render(v.C.Styles.G.Bar(g.Gain, scale, barW)), layout.PadLeft(layout.FmtShort(g.Gain, 8), valW), used))
	}
	legend := "×n: n items of the list have this grade"
	if pool {
		legend += "; +np: n in the pool"
	}
	lines = append(lines, st.Subtle.Render(ansi.Truncate(legend, w, "…")))
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// lessonText: DCG under log2 and log:10 differ by ln 10 / ln 2, NDCG
// does not.
func (v *Curves) lessonText(w, h int) string {
	st := v.C.Styles
	k := v.C.WS.Settings.KString()
	if v.lessonOK != nil {
		return layout.Wrap("The log base cancels out of NDCG (cannot show it on this list: "+v.lessonOK.Error()+")", w)
	}
	l := v.lesson
	ndcgPart := fmt.Sprintf("IDCG grows by the same factor, so NDCG@%s stays %.4f (log2) = %.4f (log10)", k, l.NDCG2, l.NDCG10)
	if l.IDCG2 == 0 {
		// No ratio for the base to cancel out of: NDCG is the rule.
		ndcgPart = fmt.Sprintf("IDCG is 0 too, so NDCG@%s is the IDCG=0 rule's %s under both", k, layout.FmtNum(l.NDCG2))
	}
	text := fmt.Sprintf("The log base cancels out: 1/log10(i+1) is ln 10/ln 2 = %.4f times 1/log2(i+1) at every rank, so DCG@%s goes from %.4f (log2) to %.4f (log10); %s. Under jk:B the ranks before B get 1, which does not scale: there the base counts.",
		l.Factor, k, l.DCG2, l.DCG10, ndcgPart)
	lines := strings.Split(layout.Wrap(text, w), "\n")
	lines = lines[:min(len(lines), h)]
	lines[0] = st.Header.Render(lines[0])
	return strings.Join(lines, "\n")
}
