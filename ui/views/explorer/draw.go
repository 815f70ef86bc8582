package explorer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/table"
)

// Draw draws the body: exactly height lines of at most width cells.
func (e *Model) Draw() string {
	if e.width <= 0 || e.height <= 0 {
		return ""
	}
	table := e.viewTable()
	if e.Present {
		parts := []string{table, "", e.viewHeadline(e.width, e.summaryH)}
		charts := e.chartsH
		// The notes say what the list teaches: on the projector too.
		if notes := e.notesLines(e.width, max(charts-3, 2)); len(notes) > 0 {
			parts = append(parts, notes...)
			charts -= len(notes)
		}
		if charts > 0 {
			parts = append(parts, e.contributionChart(e.width, charts))
		}
		return layout.Block(strings.Join(parts, "\n"), e.width, e.height)
	}
	if e.wide {
		side := e.viewSummary(e.sideW, e.summaryH)
		charts := e.chartsH
		if notes := e.notesLines(e.sideW, charts/2); len(notes) > 0 {
			side += "\n" + strings.Join(notes, "\n")
			charts -= len(notes)
		}
		// A wide screen has room to say what its marks mean.
		if legend := strings.Split(layout.Wrap(wideLegend, e.sideW), "\n"); charts-len(legend) >= 12 {
			side += "\n" + e.c.Styles.SubtleInk.Paint(strings.Join(legend, "\n"))
			charts -= len(legend)
		}
		side += "\n" + e.viewCharts(e.sideW, charts)
		return layout.JoinColumns(table, e.tableW, side, e.sideW, e.height, "  ")
	}
	parts := []string{table, e.viewSummary(e.width, e.summaryH)}
	charts := e.chartsH
	if notes := e.notesLines(e.width, max(charts, 2)); len(notes) > 0 {
		// The notes come before the charts, which keep what is left.
		parts = append(parts, notes...)
		charts -= len(notes)
	}
	if charts >= 4 {
		parts = append(parts, e.viewCharts(e.width, charts))
	}
	return layout.Block(strings.Join(parts, "\n"), e.width, e.height)
}

// viewTable draws the visible ranks only: the cost of a frame does not
// grow with the list.
func (e *Model) viewTable() string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	t := &e.table
	lines := make([]string, 0, e.tableH)
	lines = append(lines, st.HeaderInk.Paint(ansi.Truncate(t.Header(), e.tableW, "")))
	n := ws.N()
	if n == 0 {
		lines = append(lines, st.SubtleInk.Paint("  (empty list: press a to add an item)"))
	}
	body := e.tableLines()
	for _, i := range body {
		switch i {
		case cutLine:
			lines = append(lines, e.cutoffLine(r, t.Width))
		case aboveLine, belowLine:
			lines = append(lines, e.moreLine(i, body))
		default:
			lines = append(lines, e.viewRow(r, i))
		}
	}
	return strings.Join(lines, "\n")
}

// cut is the rank the k line is drawn above (the list's length when
// there is none).
func (e *Model) cut() int {
	if r := e.c.WS.Result; r != nil {
		return r.K
	}
	return e.c.WS.N()
}

// rankAtLine is the rank drawn on line y of the table (0 is the
// heading), or −1: the lines viewTable draws, k line included.
func (e *Model) rankAtLine(y int) int {
	lines := e.tableLines()
	if y < 1 || y > len(lines) || lines[y-1] < 0 {
		return -1
	}
	return lines[y-1]
}

// cutoffLine marks where k cuts the ranking, and says so when it cuts
// through a tie group.
func (e *Model) cutoffLine(r *ndcg.Result, width int) string {
	st := e.c.Styles
	label := fmt.Sprintf(" k=%d: ranks below do not count ", r.K)
	style := st.CutoffInk
	for gi, g := range r.Ties {
		if g.Straddles(r.K) {
			label = fmt.Sprintf(" k=%d cuts tie group T%d ", r.K, gi+1)
			style = st.StraddleInk
			break
		}
	}
	dash := st.G.Rule
	left := table.MarkW + e.table.TieW + 2
	right := max(width-left-layout.CellWidth(label), 0)
	return style.Paint(ansi.Truncate(strings.Repeat(dash, left)+label+strings.Repeat(dash, right), width, ""))
}

func (e *Model) viewRow(r *ndcg.Result, i int) string {
	st, ws := e.c.Styles, e.c.WS
	idx := ws.ItemAt(i)
	it := ws.List().Items[idx]
	inK := r == nil || i < r.K
	mark := " "
	switch {
	case i == e.Cursor:
		mark = st.G.Cursor
	case !inK:
		// Past k: a mark that reads on any screen, colour or not.
		mark = st.G.PastK
	}
	tm, straddles := table.TieMark(r, i, st.G)
	tm = layout.PadRight(ansi.Truncate(tm, e.table.TieW, ""), e.table.TieW)
	switch {
	case straddles:
		tm = st.StraddleInk.Paint(tm)
	case tm != "":
		tm = st.TieInk.Paint(tm)
	}
	body := e.table.Cells(r, it, i)
	if i == e.Cursor && e.editing != noField {
		if x, w, label := e.EditorCell(e.editing); x >= 0 {
			// The field draws its own cursor; wrapping it in another style
			// would split its escape codes.
			ed := layout.PadRight(ansi.Truncate(label+e.Input.View(&st), w, ""), w)
			body = ansi.Truncate(body, x, "") + ed + ansi.TruncateLeft(body, x+w, "")
		}
	}
	switch {
	case i == e.Cursor && e.editing == noField:
		body = st.CursorInk.Paint(body)
	case !inK && !e.Present:
		// Faint falls under the projector's 7:1: there the mark alone.
		body = st.PastKInk.Paint(body)
	}
	return ansi.Truncate(mark+tm+body, e.tableW, "")
}

// viewSummary is DCG, IDCG and NDCG at k, the tie band, and why NDCG is
// what it is when that needs saying.
func (e *Model) viewSummary(width, height int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	var lines []string
	if r == nil {
		msg := strings.Split(layout.Wrap(st.ErrorInk.Paint("cannot compute: ")+ws.Err.Error(), width), "\n")
		lines = append(msg[:min(len(msg), summaryLines-1)],
			st.SubtleInk.Paint("undo (u) or change the grade or the gain to fix it"))
		return layout.Block(strings.Join(lines, "\n"), width, height)
	}
	// The labels are the result's own: on a long list a change of
	// settings is recomputed off the update loop, and until the new
	// result is in, the numbers on screen are the old settings' (the
	// conventions line says what is coming, with its spinner).
	rs := r.Settings
	k := rs.KString()
	nd := fmt.Sprintf("%.4f", r.NDCG())
	if r.N == 0 && r.IDCG() == 0 {
		nd = "undefined"
	}
	dcg, idcg := layout.Fixed(r.DCG(), 4), layout.Fixed(r.IDCG(), 4)
	one := fmt.Sprintf("DCG@%s = %s   IDCG@%s = %s   %s", k, dcg, k, idcg, st.TitleInk.Paint("NDCG@"+k+" = "+nd))
	// The first line is never wrapped, so that NDCG is not split from its
	// label: when it does not fit, it takes three lines if the block has
	// room, else a shorter form with NDCG first, cut at the end.
	compact := st.TitleInk.Paint("NDCG@"+k+" "+nd) + " · DCG " + dcg + " · IDCG " + idcg
	var first []string
	switch {
	case layout.CellWidth(one) <= width:
		first = []string{one}
	case height >= summaryLines+3:
		first = []string{"DCG@" + k + "  = " + dcg, "IDCG@" + k + " = " + idcg, st.TitleInk.Paint("NDCG@" + k + " = " + nd), ""}
	default:
		first = []string{ansi.Truncate(compact, width, "…")}
	}
	// The tie band first, then what needs explaining, most important first;
	// whatever does not fit the block is cut.
	if len(r.Ties) > 0 {
		b := r.NDCGBand(rs.K)
		band := fmt.Sprintf("%d tie group(s): worst %.4f · expected %.4f · best %.4f (spread %.4f)",
			len(r.Ties), b.Worst, b.Expected, b.Best, b.Spread())
		if layout.CellWidth(band) > width && height <= summaryLines {
			// No room to wrap: drop the spread (best − worst) rather than best.
			band = fmt.Sprintf("ties: worst %.4f · exp. %.4f · best %.4f", b.Worst, b.Expected, b.Best)
		}
		lines = append(lines, band)
	}
	switch {
	case r.N == 0 && r.IDCG() == 0:
		lines = append(lines, st.WarnInk.Paint("NDCG is undefined: the list is empty (a adds an item)"))
	case r.IDCG() == 0:
		lines = append(lines, st.WarnInk.Paint(fmt.Sprintf("IDCG@%s is 0: no relevant item, so NDCG is %s by convention (z switches)", k, layout.FmtNum(rs.Zero))))
	}
	if extra := len(r.IdealOrder) - r.N; extra > 0 {
		lines = append(lines, st.WarnInk.Paint(fmt.Sprintf("IDCG counts %d judged item(s) the list did not retrieve (i: the list alone)", extra)))
	}
	if rs.K > r.N {
		lines = append(lines, st.SubtleInk.Paint(fmt.Sprintf("k=%d but the list has %d items: every one of them counts", rs.K, r.N)))
	}
	if len(r.Ties) == 0 && r.N > 0 {
		lines = append(lines, st.SubtleInk.Paint("no ties: every tie policy gives the same value"))
	}
	return layout.Block(strings.Join(first, "\n")+"\n"+layout.Wrap(strings.Join(lines, "\n"), width), width, height)
}

// wideLegend is screenLegend in short, under the summary on a wide
// screen.
const wideLegend = "zero→0: NDCG when IDCG is 0 · 3.50*: a tie group's mean gain · ideal: the ideal ranking's grade (not a gain) · ·: past k"
