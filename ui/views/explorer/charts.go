package explorer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// viewCharts draws the three bar charts into w×h: stacked in the side
// panel, two abreast above the band chart when below the table.
func (e *Model) viewCharts(w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	bandH := 0
	if h >= 7 {
		bandH = 4
	}
	if e.wide {
		// Each chart takes the lines its ranks need, up to half of what
		// the band leaves, so that short lists leave no gap between them.
		rest := h - bandH
		top, mid := rest/2, rest-rest/2
		if r := e.c.WS.Result; r != nil {
			need := 1 + max(r.Ranks(), 1)
			top, mid = min(top, need), min(mid, need)
		}
		return layout.Block(strings.Join([]string{
			e.contributionChart(w, top),
			e.ndcgChart(w, mid),
			e.bandChart(w, bandH),
		}, "\n"), w, h)
	}
	half := (w - 2) / 2
	topH := h - bandH
	if r := e.c.WS.Result; r != nil {
		topH = min(topH, 1+max(r.Ranks(), 1)) // no blank rows between the charts
	}
	top := layout.JoinColumns(e.contributionChart(half, topH), half, e.ndcgChart(w-half-2, topH), w-half-2, topH, "  ")
	if bandH == 0 {
		return top
	}
	return layout.Block(top+"\n"+e.bandChart(w, bandH), w, h)
}

// contributionChart: each rank's gain × discount, actual beside ideal,
// on one scale.
func (e *Model) contributionChart(w, h int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	title := "contribution per rank: actual " + st.G.Sep + " ideal"
	lines := []string{st.PanelTitleInk.Paint(title)}
	if r == nil || h < 2 {
		return layout.Block(strings.Join(lines, "\n"), w, h)
	}
	n := r.Ranks()
	rows := e.chartRows(h-1, n)
	rankW := len(strconv.Itoa(max(slices.Max(append([]int{0}, rows...))+1, 1)))
	// On the projector, where no faint ink reaches the room, a rank past
	// k is marked as the table marks it.
	marked := e.Present && r.N > 0 && r.K < n
	if marked {
		rankW++
	}
	valW := 6
	barW := max((w-rankW-2*valW-6)/2, 1)
	scale := ws.Scale.Contribution
	for at, i := range rows {
		if i < 0 {
			lines = append(lines, e.moreText(rows, at))
			continue
		}
		act, ideal := explain.ContributionsAt(r, i)
		sep := st.G.Sep
		actInk, idealInk := st.BarActualInk, st.BarIdealInk
		past := r.N > 0 && i >= r.K
		if past {
			actInk, idealInk = common.Ink{}, common.Ink{}
		}
		label := strconv.Itoa(i + 1)
		if marked && past {
			label = st.G.PastK + label
		}
		line := fmt.Sprintf("%s %s %s %s %s %s",
			layout.PadLeft(label, rankW),
			actInk.Paint(st.G.Bar(act, scale, barW)), layout.PadLeft(layout.Fit(layout.Fixed(act, 3), valW), valW), sep,
			idealInk.Paint(st.G.Bar(ideal, scale, barW)), layout.PadLeft(layout.Fit(layout.Fixed(ideal, 3), valW), valW))
		if past && !marked {
			line = st.PastKInk.Paint(line)
		}
		lines = append(lines, line)
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// ndcgChart: NDCG@k for every k, the k in force marked.
func (e *Model) ndcgChart(w, h int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	lines := []string{st.PanelTitleInk.Paint("NDCG@k for every k")}
	if r == nil || h < 2 {
		return layout.Block(strings.Join(lines, "\n"), w, h)
	}
	// Past the list's end NDCG@k still moves when the ideal ranking is
	// longer (the judged pool), so the chart runs to the longer of the two.
	rows := e.chartRows(h-1, r.Ranks())
	if len(rows) > 0 && rows[len(rows)-1] >= 0 && rows[len(rows)-1] < r.Ranks()-1 {
		last := rows[len(rows)-1]
		// The k below the last row have no line of their own to say so
		// (k took it): the title does, where it said "every k" over @1
		// to @3 of a list of six.
		title := fmt.Sprintf("NDCG@k for every k (%s %d more)", st.G.Below, r.Ranks()-1-last)
		if layout.CellWidth(title) <= w {
			lines[0] = st.PanelTitleInk.Paint(title)
		}
	}
	kW := len(strconv.Itoa(max(slices.Max(append([]int{0}, rows...))+1, 1))) + 2
	barW := max(w-kW-12, 1) // label, value and the k mark
	for at, i := range rows {
		if i < 0 {
			lines = append(lines, e.moreText(rows, at))
			continue
		}
		x := explain.NDCGByKBar(r, i+1)
		v := x.Value
		label := layout.PadLeft("@"+strconv.Itoa(i+1), kW)
		b := st.G.Bar(v, ws.Scale.NDCG, barW)
		var line string
		if x.Marked {
			mark := st.G.KMark
			line = st.CutoffInk.Paint(fmt.Sprintf("%s %s %s", label, b, layout.Fixed(v, 4))) + mark
		} else {
			line = fmt.Sprintf("%s %s %s", label, st.BarActualInk.Paint(b), layout.Fixed(v, 4))
		}
		lines = append(lines, line)
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// bandChart: NDCG@k with ties broken worst, expected and best.
func (e *Model) bandChart(w, h int) string {
	if h <= 0 {
		return ""
	}
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	k := ws.Settings.KString()
	if r != nil {
		k = r.Settings.KString() // the numbers' own k (see viewSummary)
	}
	title := "NDCG@" + k + " by tie order"
	empty := r != nil && r.N == 0 && r.IDCG() == 0
	switch {
	case empty:
		title += " (undefined: the list is empty)"
	case r != nil && len(r.Ties) == 0:
		title += " (no ties: all equal)"
	}
	lines := []string{st.PanelTitleInk.Paint(title)}
	if r != nil && !empty {
		barW := max(w-9-7, 1)
		for _, x := range explain.TieBand(r) {
			lines = append(lines, fmt.Sprintf("%-8s %s %s", x.Label, st.BarBandInk.Paint(st.G.Bar(x.Value, ws.Scale.NDCG, barW)), layout.Fixed(x.Value, 4)))
		}
	}
	return layout.Block(strings.Join(lines, "\n"), w, h)
}
