package order

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

func (v *Ties) Draw() string {
	w, h := v.Width, v.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	ws := v.C.WS
	r := ws.Result
	if r == nil {
		return view.CannotCompute(v.C, w, h)
	}
	k := ws.Settings.KString()
	if len(r.Ties) == 0 {
		return v.viewNoTies(w, h)
	}
	if v.Busy() {
		return v.BusyView("Ties", "NDCG@"+k+" over every tie order")
	}
	st := v.C.Styles
	what := fmt.Sprintf("%d tie group(s): NDCG@%s from %.4f (worst) to %.4f (best)", len(r.Ties), k, v.band.Worst, v.band.Best)
	if layout.CellWidth("Ties "+what) > w {
		what = fmt.Sprintf("%d tie group(s): NDCG@%s %.4f to %.4f", len(r.Ties), k, v.band.Worst, v.band.Best)
	}
	lines := []string{view.Head(v.C, "Ties", what, "↑/↓ group · t tie ranks k, k+1", w)}

	notes, want, groupRows := v.layout(r)
	// The heading, the table's heading and rows, the detail line, the
	// blank line and the notes come first; the charts take what is left,
	// up to what they want (on a short screen with many groups the notes
	// were cut below the bottom).
	chartH := min(want, max(h-4-groupRows-len(notes), 0))
	lines = append(lines, v.groupTable(r, w, groupRows)...)
	lines = append(lines, v.groupDetail(r, w))
	if chartH > 0 {
		half := (w - 3) / 2
		lines = append(lines, layout.JoinColumns(v.bandChart(half, chartH), half, v.histogram(w-half-3, chartH), w-half-3, chartH, " "+v.sep()+" "))
	}
	lines = append(lines, "")
	for _, n := range notes {
		lines = append(lines, st.Subtle.Render(n))
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

func (v *Ties) sep() string { return v.C.Styles.G.Sep }

// layout splits the body: the charts come first (want lines), then as
// many groups as fit beside them, and the notes take what is left.
func (v *Ties) layout(r *ndcg.Result) (notes []string, want, groupRows int) {
	notes = strings.Split(layout.Wrap(v.notes(r), v.Width), "\n")
	want = 6 // the band chart: title and five bars
	if n := len(v.dist.Values); n+2 > want {
		want = min(n, 8) + 2
	}
	groupRows = min(len(r.Ties), max(v.Height-1-2-want-1-len(notes), 1))
	return notes, want, groupRows
}

// groupTable lists the tie groups from the window refresh keeps on the
// selected one, rows at most.
func (v *Ties) groupTable(r *ndcg.Result, w, rows int) []string {
	st := v.C.Styles
	k := v.C.WS.Settings.KString()
	// The group and ranks columns widen with the list (T1000, 10726–10917)
	// so that the columns stay aligned.
	labelW := max(5, len(ndcg.TieLabel(len(r.Ties))))
	ranksW := max(9, 2*len(strconv.Itoa(r.N))+1)
	out := []string{st.Header.Render(layout.PadRight(fmt.Sprintf("  %-*s %-*s %-8s %-22s %s", labelW, "group", ranksW, "ranks", "score", "items (grade)", "at k="+k), w))}
	listed := groupWindow(rows, len(r.Ties))
	for gi := v.offset; gi < min(v.offset+listed, len(r.Ties)); gi++ {
		g := r.Ties[gi]
		var ids []string
		width := 0
		// Only what fits the column: a group may hold a million items.
		for i := g.Start; i < g.End && width <= 22; i++ {
			id := common.Shown(r.List.Items[r.Order[i]].ID) + "(" + layout.FmtNum(r.Grade(i)) + ")"
			ids = append(ids, id)
			width += layout.CellWidth(id) + 1
		}
		items := strings.Join(ids, " ")
		items = ansi.Truncate(items, 22, "…")
		var at string
		switch {
		case g.Straddles(r.K):
			at = fmt.Sprintf("k cuts it: %d of %d count", r.K-g.Start, g.Size())
		case g.Start >= r.K:
			at = "past k: no effect"
		default:
			at = "inside k"
		}
		line := fmt.Sprintf("  %-*s %-*s %-8s %-22s %s", labelW, ndcg.TieLabel(gi+1),
			ranksW, fmt.Sprintf("%d–%d", g.Start+1, g.End), layout.FmtShort(g.Score, 8), items, at)
		line = layout.PadRight(line, w)
		switch {
		case gi == v.cursor:
			line = st.Cursor.Render(">" + line[1:])
		case g.Straddles(r.K):
			line = st.TieStraddle.Render(line)
		}
		out = append(out, line)
	}
	if listed < rows {
		// The line groupWindow kept for the groups not listed.
		var more []string
		if v.offset > 0 {
			more = append(more, fmt.Sprintf("%s %d more above", st.G.Above, v.offset))
		}
		if below := len(r.Ties) - v.offset - listed; below > 0 {
			more = append(more, fmt.Sprintf("%s %d more below", st.G.Below, below))
		}
		out = append(out, st.Subtle.Render(ansi.Truncate("  "+strings.Join(more, " · ")+" · ↑/↓ moves", w, "…")))
	}
	return out
}

// groupWindow is how many of n tie groups a table of rows lines lists:
// all when they fit, else one fewer, the last line saying how many are
// above and below, where the table ended as if it listed every group.
func groupWindow(rows, n int) int {
	if n <= rows || rows < 2 {
		return rows
	}
	return rows - 1
}

// groupDetail is the selected group's share of the spread.
func (v *Ties) groupDetail(r *ndcg.Result, w int) string {
	g := r.Ties[v.cursor]
	k := v.C.WS.Settings.KString()
	if key := [3]int{v.cursor, v.C.WS.Version(), w}; key != v.docnoKey || v.docnoIDs == nil {
		v.docnoKey = key
		// As many as the line can show (an id and a space take two
		// cells at least): a group may hold a million items.
		v.docnoIDs = firstInDocnoOrder(r, g, w/2+1)
	}
	text := fmt.Sprintf("%s's order alone moves NDCG@%s by up to %.4f (spread %.4f) · docno order %s",
		ndcg.TieLabel(v.cursor+1), k, v.spreads[v.cursor], v.band.Spread(), strings.Join(v.docnoIDs, " "))
	return ansi.Truncate(text, w, "…")
}

// firstInDocnoOrder are the first m ids of group g in trec_eval's order
// (docno descending), in one pass that keeps the m largest.
func firstInDocnoOrder(r *ndcg.Result, g ndcg.TieGroup, m int) []string {
	top := make([]string, 0, m+1)
	for i := g.Start; i < g.End; i++ {
		id := r.List.Items[r.Order[i]].ID
		if len(top) == m && id <= top[m-1] {
			continue
		}
		at, _ := slices.BinarySearchFunc(top, id, func(a, b string) int { return -strings.Compare(a, b) })
		top = slices.Insert(top, at, id)
		if len(top) > m {
			top = top[:m]
		}
	}
	for i, id := range top {
		top[i] = common.Shown(id)
	}
	return top
}

// bandChart: NDCG@k under the orders that bound and average it, on one
// scale (0 to 1, or the largest NDCG when above).
func (v *Ties) bandChart(w, h int) string {
	st := v.C.Styles
	k := v.C.WS.Settings.KString()
	scale := math.Max(1, math.Max(v.band.Best, v.docno))
	// The tie policy in force is pointed at, as the explorer's NDCG@k is
	// its value: the bars named them all alike.
	mark := st.G.Mean
	title := "NDCG@" + k + " by tie order (" + mark + " in force)"
	if layout.CellWidth(title) > w {
		title = "NDCG@" + k + " by tie order"
	}
	lines := []string{st.PanelTitle.Render(title)}
	markW := 1 + layout.CellWidth(mark)
	barW := max(w-9-7-markW, 1)
	inForce := v.C.WS.Settings.Ties
	rows := []struct {
		name   string
		policy ndcg.TiePolicy
		x      float64
	}{{"worst", ndcg.Worst, v.band.Worst}, {"expected", ndcg.Expected, v.band.Expected}, {"best", ndcg.Best, v.band.Best},
		{"input", ndcg.Input, v.band.Input}, {"docno", ndcg.Docno, v.docno}}
	for _, x := range rows {
		b := v.C.Styles.G.Bar(x.x, scale, barW)
		if x.name == "expected" {
			b = st.BarActual.Render(b)
		} else {
			b = st.BarBand.Render(b)
		}
		line := fmt.Sprintf("%-8s %s %s", x.name, b, layout.Fixed(x.x, 4))
		if x.policy == inForce {
			line += " " + mark
		}
		lines = append(lines, line)
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// histogram: the probability of each NDCG@k value over every tie order
// (or its sampled frequency), with the input order's value and the
// expected value marked.
func (v *Ties) histogram(w, h int) string {
	st := v.C.Styles
	d := v.dist
	k := v.C.WS.Settings.KString()
	title := "NDCG@" + k + " over " + explain.ArrangementsText(d, false)
	if layout.CellWidth(title) > w {
		// At 80 columns the half left to the histogram cut ", exact"
		// to ", exac": "all" says it already.
		title = "NDCG@" + k + " over " + explain.ArrangementsText(d, true)
	}
	lines := []string{st.PanelTitle.Render(title)}
	rows := h - 2
	if rows < 1 || len(d.Values) == 0 {
		return layout.Block(strings.Join(lines, "\n"), w, h)
	}
	bins, which := histogramBins(d, rows)
	in, ex := which(v.band.Input), which(v.band.Expected)
	pmax := 0.0
	for _, b := range bins {
		pmax = math.Max(pmax, b.p)
	}
	arrow := st.G.Mean
	labelW := 6
	for _, b := range bins {
		labelW = max(labelW, len(b.label))
	}
	barW := max(w-labelW-5-15, 1)
	exact := len(d.Values) <= rows
	// Among exact values the mean (usually none of them) gets a row of
	// its own, where it falls.
	meanRow := func() string {
		rule := strings.Repeat(st.G.Dotted, barW)
		return fmt.Sprintf("%s %s      %s mean", layout.PadLeft(layout.Fixed(v.band.Expected, 4), labelW), st.BarActual.Render(rule), arrow)
	}
	meanDone := !exact || ex >= 0
	for i, b := range bins {
		if !meanDone && v.band.Expected < b.from {
			lines = append(lines, meanRow())
			meanDone = true
		}
		mark := ""
		switch {
		case i == in && i == ex:
			mark = arrow + " input, mean"
		case i == in:
			mark = arrow + " input"
		case i == ex:
			mark = arrow + " mean"
		}
		lines = append(lines, fmt.Sprintf("%s %s %3.0f%% %s", layout.PadLeft(b.label, labelW),
			st.BarBand.Render(v.C.Styles.G.Bar(b.p, pmax, barW)), 100*b.p, mark))
	}
	switch {
	case !meanDone:
		lines = append(lines, meanRow())
	case !d.Exact:
		lines = append(lines, fmt.Sprintf("sample mean %.4f (expected %.4f)", d.Mean(), v.band.Expected))
	case !exact:
		lines = append(lines, fmt.Sprintf("mean = expected = %.4f", v.band.Expected))
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// histogramBin is a row of the histogram: a value (or a bin of values
// from and to), its label and its probability.
type histogramBin struct {
	label    string
	p        float64
	from, to float64
}

// histogramBins is the histogram of d in at most rows rows: one row a
// value when they fit, else bins of equal width labelled by their start,
// with as many decimals as tell them apart. which is the row of a value
// x, or −1 for a value that is none of d's exact values (the mean, most
// often).
func histogramBins(d ndcg.Distribution, rows int) (bins []histogramBin, which func(x float64) int) {
	lo, hi := d.Values[0], d.Values[len(d.Values)-1]
	if len(d.Values) <= rows {
		for i, x := range d.Values {
			bins = append(bins, histogramBin{label: layout.Fixed(x, 4), p: d.Weights[i], from: x, to: x})
		}
	} else {
		ps := d.Histogram(rows, lo, hi)
		width := (hi - lo) / float64(rows)
		dec := binDecimals(lo, width, len(ps))
		for i, p := range ps {
			from := lo + float64(i)*width
			bins = append(bins, histogramBin{label: layout.Fixed(from, dec) + "+", p: p, from: from, to: from + width})
		}
	}
	which = func(x float64) int {
		if len(d.Values) <= rows {
			best, bd := 0, math.Inf(1)
			for i, b := range bins {
				if dd := math.Abs(b.from - x); dd < bd {
					best, bd = i, dd
				}
			}
			if bd > 1e-9 {
				return -1 // not one of the values (the mean usually is not)
			}
			return best
		}
		width := (hi - lo) / float64(rows)
		if width <= 0 {
			return 0
		}
		return min(max(int((x-lo)/width), 0), rows-1)
	}
	return bins, which
}

// notes say what scikit-learn and trec_eval make of these ties.
func (v *Ties) notes(r *ndcg.Result) string {
	k := v.C.WS.Settings.KString()
	var sk string
	b := v.skBand
	conv := ""
	if v.skDiffer != "" {
		conv = " (its conventions: " + v.skDiffer + ")"
	}
	if v.skErr != nil {
		sk = "scikit-learn: cannot compute under its conventions: " + v.skErr.Error()
	} else {
		sk = fmt.Sprintf("scikit-learn ndcg_score(y_true = the gains, k=%s)%s: ignore_ties=False gives the expected %.4f; ignore_ties=True ranks by a plain argsort, so the ties fall in an arbitrary order: anywhere in [%.4f, %.4f], no value guaranteed.",
			k, conv, b.Expected, b.Worst, b.Best)
	}
	// The value is the docno order's under the conventions in force, not
	// trec_eval's own (linear gain, judged IDCG): said so, where the
	// conventions view showed another number for trec_eval.
	trec := fmt.Sprintf("trec_eval orders ties by docno, descending: NDCG@%s = %.4f in that order under the conventions in force (input order: %.4f", k, v.docno, v.band.Input)
	switch {
	case v.trecInForce:
	case v.trecOwnErr != nil:
		trec += "; trec_eval's own conventions cannot score it"
	default:
		// A number, not the key that shows them: "own: C" read as the
		// item C of the tie.
		trec += fmt.Sprintf("; trec_eval's conventions: %.4f", v.trecOwn)
	}
	trec += ")."
	return sk + "\n" + trec
}

// viewNoTies says there are none and how to make one.
func (v *Ties) viewNoTies(w, h int) string {
	ws := v.C.WS
	r := ws.Result
	k := ws.Settings.KString()
	why := "every item has its own score"
	if !ws.List().Scored() {
		why = "the list has no scores, so its order is the ranking"
	}
	text := []string{
		view.Head(v.C, "Ties", "none in this list", "t tie ranks k, k+1", w),
		"",
		fmt.Sprintf("No ties: %s. Every tie policy gives NDCG@%s = %.4f.", why, k, r.NDCG()),
		"",
		"To make one: press t here to give rank k the score of rank k+1 (a tie that k cuts through: the one that teaches most), or in the explorer select an item and press t to tie it with its neighbour. u undoes.",
	}
	if r.K >= r.N {
		// No rank k+1: t ties the last rank with the one above it, a
		// tie inside k, which moves DCG@k less than one k cuts.
		text[len(text)-1] = fmt.Sprintf("To make one: press t here to give the last rank the score of the one above it; k=%s takes in the whole list, so that tie is inside k: [ first lowers k for one that k cuts through (the one that teaches most). Or in the explorer select an item and press t to tie it with its neighbour. u undoes.", k)
	}
	return layout.Block(layout.Wrap(strings.Join(text, "\n"), w), w, h)
}

// binDecimals is the fewest decimals, from 3, at which the histogram's
// bins starting at lo, lo+width, … all get different labels: a narrow
// band (a spread of 0.002) would otherwise label two bins 0.916+. On a
// list of a million items the sampled orders can differ by less than
// 1e-6, so up to 9 (a label of 11 cells).
func binDecimals(lo, width float64, n int) int {
	dec := 3
	for ; dec < 9; dec++ {
		distinct := true
		for i := 1; i < n && distinct; i++ {
			distinct = layout.Fixed(lo+float64(i-1)*width, dec) != layout.Fixed(lo+float64(i)*width, dec)
		}
		if distinct {
			break
		}
	}
	return dec
}
