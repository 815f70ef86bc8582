package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
)

// eighths are the partial blocks of a Unicode bar, from one eighth of a
// cell to a full cell.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws v on a scale where full is width cells. Bars are exact to an
// eighth of a cell in Unicode and to a cell in ASCII (#); negative values
// (possible with a gain map) draw nothing and rely on the printed value.
// The result is always exactly width cells wide.
func (g Glyphs) bar(v, full float64, width int) string {
	if width <= 0 {
		return ""
	}
	if !(full > 0) || !(v > 0) || math.IsInf(v, 0) {
		return strings.Repeat(" ", width)
	}
	cells := math.Min(v/full, 1) * float64(width)
	if g.ascii {
		n := int(math.Round(cells))
		if n == 0 {
			n = 1 // a positive value is never invisible
		}
		n = min(n, width)
		return strings.Repeat(g.Block, n) + strings.Repeat(" ", width-n)
	}
	e := int(math.Round(cells * 8))
	if e == 0 {
		e = 1
	}
	whole, part := e/8, e%8
	if whole >= width {
		return strings.Repeat(g.Block, width)
	}
	s := strings.Repeat(g.Block, whole) + eighths[part]
	used := whole
	if part > 0 {
		used++
	}
	return s + strings.Repeat(" ", width-used)
}

// viewCharts draws the three bar charts into w×h: stacked in the side
// panel, two abreast above the band chart when below the table.
func (e *explorer) viewCharts(w, h int) string {
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
		return block(strings.Join([]string{
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
	top := joinColumns(e.contributionChart(half, topH), half, e.ndcgChart(w-half-2, topH), w-half-2, topH, "  ")
	if bandH == 0 {
		return top
	}
	return block(top+"\n"+e.bandChart(w, bandH), w, h)
}

// contributionChart: each rank's gain × discount, actual beside ideal,
// on one scale.
func (e *explorer) contributionChart(w, h int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	title := "contribution per rank: actual " + st.G.Sep + " ideal"
	lines := []string{st.panelTitle.paint(title)}
	if r == nil || h < 2 {
		return block(strings.Join(lines, "\n"), w, h)
	}
	n := r.Ranks()
	rows := e.chartRows(h-1, n)
	rankW := len(strconv.Itoa(max(slices.Max(append([]int{0}, rows...))+1, 1)))
	// On the projector, where no faint ink reaches the room, a rank past
	// k is marked as the table marks it.
	marked := e.present && r.N > 0 && r.K < n
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
		actInk, idealInk := st.barActual, st.barIdeal
		past := r.N > 0 && i >= r.K
		if past {
			actInk, idealInk = ink{}, ink{}
		}
		label := strconv.Itoa(i + 1)
		if marked && past {
			label = st.G.PastK + label
		}
		line := fmt.Sprintf("%s %s %s %s %s %s",
			padLeft(label, rankW),
			actInk.paint(st.G.bar(act, scale, barW)), padLeft(fit(fixed(act, 3), valW), valW), sep,
			idealInk.paint(st.G.bar(ideal, scale, barW)), padLeft(fit(fixed(ideal, 3), valW), valW))
		if past {
			line = st.pastK.paint(line)
		}
		lines = append(lines, line)
	}
	return block(strings.Join(lines, "\n"), w, h)
}

// ndcgChart: NDCG@k for every k, the k in force marked.
func (e *explorer) ndcgChart(w, h int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	lines := []string{st.panelTitle.paint("NDCG@k for every k")}
	if r == nil || h < 2 {
		return block(strings.Join(lines, "\n"), w, h)
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
		if cellWidth(title) <= w {
			lines[0] = st.panelTitle.paint(title)
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
		label := padLeft("@"+strconv.Itoa(i+1), kW)
		b := st.G.bar(v, ws.Scale.NDCG, barW)
		var line string
		if x.Marked {
			mark := st.G.KMark
			line = st.cutoff.paint(fmt.Sprintf("%s %s %s", label, b, fixed(v, 4))) + mark
		} else {
			line = fmt.Sprintf("%s %s %s", label, st.barActual.paint(b), fixed(v, 4))
		}
		lines = append(lines, line)
	}
	return block(strings.Join(lines, "\n"), w, h)
}

// bandChart: NDCG@k with ties broken worst, expected and best.
func (e *explorer) bandChart(w, h int) string {
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
	lines := []string{st.panelTitle.paint(title)}
	if r != nil && !empty {
		barW := max(w-9-7, 1)
		for _, x := range explain.TieBand(r) {
			lines = append(lines, fmt.Sprintf("%-8s %s %s", x.Label, st.barBand.paint(st.G.bar(x.Value, ws.Scale.NDCG, barW)), fixed(x.Value, 4)))
		}
	}
	return block(strings.Join(lines, "\n"), w, h)
}
