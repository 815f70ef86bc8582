package browser

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// View draws the list, or the explorer on the query opened.
func (b *Model) View() tea.View {
	if b.current != nil {
		return b.current.View()
	}
	return frame.View(b.frame, "ndcg-explorer: queries of "+b.opts.Run)
}

func (b *Model) render() string {
	w, h := b.width, b.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < MinWidth || h < MinHeight {
		return frame.TooSmall("The query list", w, h, MinWidth, MinHeight)
	}
	body := h - browserChrome
	var main string
	if b.keysHelp.Open {
		main = b.keysHelp.View(b.styles, w, body+1)
	} else {
		main = b.headLine() + "\n" + b.rowsView(body)
	}
	status, more := b.statusLines(w)
	if more == "" {
		more = frame.FooterLine(&b.help, b.keys.ShortHelp(), b.keys.Help, b.keys.Quit, w)
	}
	parts := []string{
		b.titleLine(w),
		b.summaryLine(w),
		layout.Block(main, w, body+1),
		status,
		more,
	}
	return strings.Join(parts, "\n")
}

func (b *Model) titleLine(w int) string {
	st := b.styles
	files := func(run, qrels string) string { return " queries of " + run + " judged by " + qrels }
	line := st.Title.Render("ndcg-explorer") + files(b.opts.Run, b.opts.Qrels)
	if ansi.StringWidth(line) > w {
		line = st.Title.Render("ndcg-explorer") + files(filepath.Base(b.opts.Run), filepath.Base(b.opts.Qrels))
	}
	return ansi.Truncate(line, w, "…")
}

// summaryLine says what the numbers are and gives the run's mean, which
// is trec_eval's `all` line for the same measure.
func (b *Model) summaryLine(w int) string {
	res := b.res
	band := res.AllBands[0]
	queries := plural(len(b.rows), "query", "queries")
	mean := fmt.Sprintf("mean %s = %s", b.ndcgHead(), layout.Fixed(res.All[0], 4))
	tied := fmt.Sprintf("%d tied", b.tied)
	skipped := ""
	if n := len(res.Skipped); n > 0 {
		skipped = fmt.Sprintf("%d only in qrels, skipped", n)
	}
	whose := "trec_eval all"
	if b.opts.Mean != "" {
		whose = b.opts.Mean
	}
	candidates := [][]string{
		{queries, mean + " (" + whose + ")", fmt.Sprintf("%s on tie order: mean %s–%s", dependCount(b.tied), layout.Fixed(band.Worst, 4), layout.Fixed(band.Best, 4)), skipped},
		{queries, mean + " (" + whose + ")", dependCount(b.tied) + " on tie order", skipped},
		{queries, mean + " (" + whose + ")", tied},
		{queries, mean, tied},
	}
	line := ""
	for _, c := range candidates {
		if line = layout.JoinNonEmpty(c, " · "); ansi.StringWidth(line) <= w {
			break
		}
	}
	return b.styles.Subtle.Render(ansi.Truncate(line, w, "…"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func dependCount(n int) string {
	if n == 1 {
		return "1 depends"
	}
	return strconv.Itoa(n) + " depend"
}

// ndcgHead names the measure: NDCG@k, or NDCG for the whole ranking.
func (b *Model) ndcgHead() string {
	if k := b.res.Columns[0].K; k > 0 {
		return "NDCG@" + strconv.Itoa(k)
	}
	return "NDCG"
}

func (b *Model) headLine() string {
	heads := [nCols]string{colDocs: "docs", colNDCG: b.ndcgHead(), colWorst: "worst", colBest: "best",
		colSpread: "spread", colRel: "ret/rel", colMissed: "missed"}
	sorted := map[sortKey]int{byNDCG: colNDCG, bySpread: colSpread, byMissed: colMissed}
	// The arrow points the way the values grow down the list.
	ascending := (b.sortBy == byNDCG || b.sortBy == byQID) != b.reverse
	arrow := b.styles.G.Descending
	if ascending {
		arrow = b.styles.G.Ascending
	}
	qid := "query"
	if b.sortBy == byQID {
		qid += arrow
	}
	var sb strings.Builder
	sb.WriteString("  ")
	sb.WriteString(layout.PadRight(ansi.Truncate(qid, b.qidW, ""), b.qidW))
	for _, c := range b.cols {
		h := heads[c]
		if c2, ok := sorted[b.sortBy]; ok && c2 == c {
			h = arrow + h
		}
		sb.WriteByte(' ')
		sb.WriteString(layout.PadLeft(ansi.Truncate(h, b.colW[c], ""), b.colW[c]))
	}
	return b.styles.Header.Render(ansi.Truncate(sb.String(), b.width, ""))
}

// rowsView draws the visible rows only: a frame costs the same for a
// run of ten queries as for one of ten thousand.
func (b *Model) rowsView(h int) string {
	if len(b.order) == 0 {
		if len(b.rows) == 0 {
			return b.styles.Subtle.Render("  (no query is in both files)")
		}
		return b.styles.Subtle.Render(fmt.Sprintf("  no query id contains %q (esc clears the filter)", b.filter.Value()))
	}
	lines := make([]string, 0, h)
	for i := b.offset; i < len(b.order) && len(lines) < h; i++ {
		lines = append(lines, b.rowView(i))
	}
	return strings.Join(lines, "\n")
}

func (b *Model) rowView(i int) string {
	r := &b.rows[b.order[i]]
	st := b.styles
	cur := i == b.cursor
	var sb strings.Builder
	mark := "  "
	if m, ok := b.opened[r.qid]; ok && m.Workspace().Dirty() {
		mark = " *"
	}
	if cur {
		mark = ">" + mark[1:]
	}
	sb.WriteString(mark)
	qid := common.Shown(r.qid)
	if ansi.StringWidth(qid) > b.qidW {
		qid = ansi.Truncate(qid, b.qidW, "…")
	}
	sb.WriteString(layout.PadRight(qid, b.qidW))
	for _, c := range b.cols {
		sb.WriteByte(' ')
		cell := layout.PadLeft(r.cells[c], b.colW[c])
		// Colour is a second signal only: the spread and the count are
		// printed, so the row reads the same without it.
		switch {
		case cur:
		case c == colSpread && r.spread > 0:
			cell = st.TieInk.Paint(cell)
		case c == colMissed && r.res.UnretrievedRelevant() > 0:
			cell = b.warn.Paint(cell)
		}
		sb.WriteString(cell)
	}
	if cur {
		return st.CursorInk.Paint(sb.String())
	}
	return sb.String()
}

// statusLines is the status line and, when a status just set is too
// long for it, its second line, drawn instead of the footer.
func (b *Model) statusLines(w int) (string, string) {
	st := b.styles
	if b.filtering {
		count := fmt.Sprintf("  %d of %d", len(b.order), len(b.rows))
		return ansi.Truncate(filterPrompt+b.filter.View(&b.styles)+b.styles.Subtle.Render(count), w, ""), ""
	}
	text := b.status.Text
	if f := b.filter.Value(); f != "" && !b.status.Err {
		text = fmt.Sprintf("filter %q: %d of %d queries · %s", f, len(b.order), len(b.rows), text)
	}
	return b.status.Lines(st, text, w)
}

// helpText is the query list's keys and what its columns mean, in w.
func (b *Model) helpText(w int) string {
	st := b.styles
	body := b.help.FullHelpView(b.keys.FullHelp())
	notes := b.ndcgHead() + " is trec_eval's value (ties broken by docno); worst and best are " +
		"its range over the orders of tied documents, spread their difference. " +
		"ret/rel: relevant retrieved / relevant judged; missed: relevant not retrieved. " +
		"A query opens with trec_eval's conventions and its missed documents as the pool."
	var lines []string
	for _, l := range strings.Split(layout.Wrap(notes, w), "\n") {
		lines = append(lines, st.Subtle.Render(l))
	}
	return body + "\n\n" + strings.Join(lines, "\n")
}

// layoutHelp lays the open help out again for a new size or style sheet.
func (b *Model) layoutHelp() {
	if b.keysHelp.Open {
		b.keysHelp.Set(b.helpText(b.width), b.width, b.height-browserChrome+1)
	}
}
