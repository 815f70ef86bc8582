package explorer

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// The explorer's workshop aids: the notes, the projector mode, the lines
// that say what a table or chart hides, the cursor that follows its item.

// notesKey shows or hides the list's notes; PresentKey switches the
// projector mode. Each answers to both cases: a Shift held or missed
// means the same.
var (
	notesKey   = common.Bind([]string{"n", "N"}, "n", "notes on/off")
	PresentKey = common.Bind([]string{"R", "r"}, "R", "projector mode")
)

// noteUnder remembers the item under the cursor.
func (e *Model) noteUnder() {
	ws := e.c.WS
	e.under = ""
	if e.Cursor >= 0 && e.Cursor < ws.N() {
		e.under = ws.List().Items[ws.ItemAt(e.Cursor)].ID
	}
}

// Lines of the table body besides ranks (see tableLines).
const (
	cutLine   = -1
	aboveLine = -2
	belowLine = -3
)

// minMoreRows is the fewest lines of the table body that say what they
// hide: one rank between "↑ N more" and "↓ N more". Below it the ranks
// that do not fit are left out unsaid, where below five lines they were
// too, on a screen that had room to say so.
const minMoreRows = 3

// tableLines lays the table body out: each line's rank, or cutLine,
// aboveLine ("↑ N more") or belowLine ("↓ N more"). Drawing the table
// and finding the rank under a click both read it.
func (e *Model) tableLines() []int {
	n, free := e.c.WS.N(), e.tableH-1
	lines := layout.RowLines(e.offset, n, e.cut(), free)
	if len(lines) == 0 || free < minMoreRows {
		return lines
	}
	last := func(ls []int) int {
		for i := len(ls) - 1; i >= 0; i-- {
			if ls[i] >= 0 {
				return ls[i]
			}
		}
		return -1
	}
	if e.offset == 0 && last(lines) == n-1 {
		return lines
	}
	var out []int
	if e.offset > 0 {
		out = append(out, aboveLine)
	}
	out = append(out, layout.RowLines(e.offset, n, e.cut(), free-len(out))...)
	if last(out) < n-1 {
		// The last line says what is below; the rows end a line earlier.
		for len(out) >= free {
			out = out[:len(out)-1]
		}
		for len(out) > 0 && out[len(out)-1] == cutLine {
			out = out[:len(out)-1]
		}
		out = append(out, belowLine)
	}
	return out
}

// moreLine says how many ranks the table hides above or below.
func (e *Model) moreLine(which int, lines []int) string {
	st := e.c.Styles
	n := e.c.WS.N()
	first, last := -1, -1
	for _, l := range lines {
		if l >= 0 {
			if first < 0 {
				first = l
			}
			last = l
		}
	}
	up, down := st.G.Above, st.G.Below
	if which == aboveLine {
		return st.SubtleInk.Paint(fmt.Sprintf("      %s %d more (ranks 1–%d)", up, first, first))
	}
	return st.SubtleInk.Paint(fmt.Sprintf("      %s %d more (ranks %d–%d)", down, n-1-last, last+2, n))
}

// toggleNotes shows or hides the notes, and the whole title when the
// title line cuts it short, or says there are neither.
func (e *Model) toggleNotes() {
	notes := strings.TrimSpace(e.c.WS.Doc.Notes) != ""
	if !notes && !frame.TitleCut(e.c.Styles, e.c.WS, e.width) {
		e.c.Status.SetHere(`this list has no notes (a list file's "notes" field holds them)`, true)
		return
	}
	e.notes = !e.notes
	what, them := "notes", "them"
	if !notes {
		what, them = "whole title", "it"
	}
	if e.notes {
		e.c.Status.SetHere(what+" shown (n hides "+them+")", false)
	} else {
		e.c.Status.SetHere(what+" hidden (n shows "+them+")", false)
	}
}

// notesLines are the notes wrapped to width in at most max lines (the
// last cut with "…"), or none when they are hidden. A title the title
// line cuts short is read whole here, first, notes or not.
func (e *Model) notesLines(width, most int) []string {
	ws := e.c.WS
	if !e.notes || most <= 0 {
		return nil
	}
	st := e.c.Styles
	var parts []string
	if frame.TitleCut(st, ws, e.width) {
		parts = append(parts, st.HeaderInk.Paint("title: ")+common.Shown(ws.Doc.Title))
	}
	if text := strings.Join(strings.Fields(ws.Doc.Notes), " "); text != "" {
		parts = append(parts, st.HeaderInk.Paint("notes: ")+common.Shown(text))
	}
	if len(parts) == 0 {
		return nil
	}
	lines := strings.Split(layout.Wrap(strings.Join(parts, "\n"), width), "\n")
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] = ansi.Truncate(lines[most-1], width-1, "") + "…"
	}
	return lines
}

// viewHeadline is the projector mode's summary: DCG@k and IDCG@k on a
// line, then NDCG@k in digits three lines tall, bold, in no colour.
func (e *Model) viewHeadline(width, height int) string {
	ws := e.c.WS
	r := ws.Result
	k := ws.Settings.KString()
	if r == nil {
		return layout.Block(layout.Wrap("cannot compute: "+ws.Err.Error(), width), width, height)
	}
	bold := lipgloss.NewStyle().Bold(true)
	nd := fmt.Sprintf("%.4f", r.NDCG())
	if r.Undefined() {
		nd = "undefined"
	}
	lines := []string{bold.Render(fmt.Sprintf("DCG@%s = %s     IDCG@%s = %s", k, layout.Fixed(r.DCG(), 4), k, layout.Fixed(r.IDCG(), 4)))}
	label := "NDCG@" + k + " = "
	big := bigText(nd, e.c.Styles.G.ASCII)
	band := e.headlineBand(r)
	beside := len(band) > 0 && bandBeside(label, big, band, width)
	for i, row := range big {
		lead := strings.Repeat(" ", len(label))
		if i == len(big)/2 {
			lead = label
		}
		line := lead + row
		if beside {
			line += "   " + band[i]
		}
		lines = append(lines, bold.Render(line))
	}
	if len(band) > 0 && !beside {
		lines = append(lines, bold.Render(strings.Join(strings.Fields(strings.Join(band, " · ")), " ")))
	}
	return layout.Block(strings.Join(lines, "\n"), width, height)
}

// headlineBand is the tie band for the projector's headline, worst,
// expected and best on three lines, or none without ties: a sample's
// point is often the band, and it must reach the room too.
func (e *Model) headlineBand(r *ndcg.Result) []string {
	if r == nil || len(r.Ties) == 0 {
		return nil
	}
	b := r.NDCGBand(r.Settings.K)
	return []string{
		fmt.Sprintf("ties: worst    %.4f", b.Worst),
		fmt.Sprintf("      expected %.4f", b.Expected),
		fmt.Sprintf("      best     %.4f", b.Best),
	}
}

// bandBeside says whether the band fits to the right of the big digits;
// if not, it takes a line of its own under them.
func bandBeside(label string, big, band []string, width int) bool {
	return len(label)+layout.CellWidth(big[0])+3+layout.CellWidth(band[0]) <= width
}

// bigGlyphs are digits three lines tall, for a number read across a room.
var bigGlyphs = map[rune][3]string{
	'0': {"█▀█", "█ █", "▀▀▀"}, '1': {" ▀█", "  █", "  ▀"}, '2': {"▀▀█", "█▀▀", "▀▀▀"},
	'3': {"▀▀█", " ▀█", "▀▀▀"}, '4': {"█ █", "▀▀█", "  ▀"}, '5': {"█▀▀", "▀▀█", "▀▀▀"},
	'6': {"█▀▀", "█▀█", "▀▀▀"}, '7': {"▀▀█", "  █", "  ▀"}, '8': {"█▀█", "█▀█", "▀▀▀"},
	'9': {"█▀█", "▀▀█", "▀▀▀"}, '.': {" ", " ", "▀"},
}

// bigText writes s in bigGlyphs (# in ASCII mode); a word such as
// "undefined" is written as it is, on the middle line.
func bigText(s string, ascii bool) []string {
	out := make([]string, 3)
	for _, c := range s {
		g, ok := bigGlyphs[c]
		if !ok {
			return []string{"", s, ""}
		}
		for i := range out {
			row := g[i]
			if ascii {
				row = strings.NewReplacer("█", "#", "▀", "#").Replace(row)
			}
			out[i] += row + " "
		}
	}
	return out
}

// titleEditWidth is the width of the title editor starting at cell x of
// a row's cells: to the end of the table.
func (e *Model) titleEditWidth(x int) int {
	return max(e.tableW-1-e.table.TieW-x, 1)
}

// chartRows are the ranks a chart of rows lines shows: those around the
// cursor and, when it is further down, rank k after a line saying how
// many ranks are skipped ("⋮ 2 more"); lines of hidden ranks are said
// too ("↑ 3 more", "↓ 2 more"). A negative entry −m is such a line for
// m ranks: moreText writes it.
func (e *Model) chartRows(rows, n int) []int {
	out := make([]int, 0, rows)
	if n <= rows || rows < 3 {
		from := layout.ScrollTo(e.offset, e.Cursor, n, rows)
		for i := from; i < min(from+rows, n); i++ {
			out = append(out, i)
		}
		return out
	}
	cur := max(min(e.Cursor, n-1), 0)
	k := n
	if r := e.c.WS.Result; r != nil && r.K > 0 {
		k = min(r.K, n) - 1
	}
	// Rows for the ranks around the cursor: all but the marker lines.
	inner := rows - 2
	from := layout.ScrollTo(e.offset, cur, n, inner)
	if k >= from+inner && k-cur < rows-1 {
		from = max(k-rows+2, 0) // the cursor and k fit together
	}
	to := min(from+inner, n)
	if from == 0 {
		to = min(to+1, n)
	}
	if to == n {
		from = max(n-(rows-1), 0)
	}
	if k >= to && k < n {
		// k below the ranks shown: keep a line for it (and one for the
		// ranks skipped), shrinking the window around the cursor.
		avail := rows - 1
		if k > to-1 {
			avail = rows - 2
		}
		if from > 0 {
			avail--
		}
		if avail >= 1 && to-from > avail {
			from = max(min(from, cur), cur-avail+1)
			to = from + avail
		}
		if from > 0 {
			out = append(out, hidden(from, 0))
		}
		for i := from; i < to; i++ {
			out = append(out, i)
		}
		if k > to {
			out = append(out, hidden(k-to, to))
		}
		out = append(out, k)
		if k+1 < n && len(out) < rows {
			out = append(out, hidden(n-k-1, k+1))
		}
		return out[:min(len(out), rows)]
	}
	if from > 0 {
		out = append(out, hidden(from, 0))
	}
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	if to < n {
		out = append(out, hidden(n-to, to))
	}
	return out
}

// hidden is the line for m ranks from rank first: a marker (−m), or the
// rank itself when it is the only one, which takes the same line.
func hidden(m, first int) int {
	if m == 1 {
		return first
	}
	return -m
}

// moreText writes the line for m ranks a chart skips: "↑ 3 more" above
// the ranks shown, "⋮ 2 more" between them and k, "↓ 2 more" below.
func (e *Model) moreText(rows []int, at int) string {
	m := -rows[at]
	g := e.c.Styles.G
	sym := g.Below
	switch {
	case at == 0:
		sym = g.Above
	case at < len(rows)-1:
		sym = g.Skipped
	}
	return e.c.Styles.SubtleInk.Paint(fmt.Sprintf("%s %d more", sym, m))
}

// Keys are the explorer's own keys, besides the shared key map's: every
// one of them, for the table that checks the map (ui's keymap_test.go).
func Keys() []key.Binding { return []key.Binding{notesKey, PresentKey, followKey} }
