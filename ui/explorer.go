package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// field is what the in-place editor is changing.
type field int

const (
	noField field = iota
	scoreField
	titleField
)

// explorer is the main view: the ranked list with its per-rank table,
// the summary and the bar charts. It owns the cursor and the in-place
// editor; the list itself lives in the shared workspace.
type explorer struct {
	c             *Common
	width, height int

	cursor int // rank under the cursor, 0-based
	offset int // first rank the table shows
	// present is the projector mode: fewer columns, the headline numbers
	// large, wide bars, nothing that needs colour.
	present bool
	// notes shows the list's notes (what the sample teaches) above the
	// charts; N toggles it.
	notes bool
	// under is the id of the item under the cursor, so that the cursor
	// follows the item when the ranking reorders under it (a tie policy,
	// a swap, an undo): the next digit edits the item the person chose.
	under string

	editing field
	input   textinput.Model

	// Geometry, worked out in SetSize.
	table                 tableLayout
	wide                  bool // side panel to the right of the table
	tableW, tableH, sideW int
	summaryH, chartsH     int
}

func newExplorer(c *Common) *explorer {
	in := textinput.New()
	in.Prompt = ""
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	return &explorer{c: c, input: in}
}

// ShortHelp is the explorer's footer.
func (e *explorer) ShortHelp() []key.Binding {
	k := e.c.Keys
	return []key.Binding{k.Up, k.Grade, k.EditScore, k.Tie, k.Undo, k.KUp, k.KDown, k.Gain, k.Preset, k.Save, k.Help, k.Quit}
}

// notesKey shows or hides the list's notes; presentKey switches the
// projector mode.
var (
	notesKey   = bind([]string{"N"}, "N", "notes on/off")
	presentKey = bind([]string{"R"}, "R", "projector mode")
)

// FullHelp is the explorer's own keys: the notes, the projector mode.
func (e *explorer) FullHelp() [][]key.Binding { return [][]key.Binding{{notesKey, presentKey}} }

// Capturing is true while the in-place editor has the keys.
func (e *explorer) Capturing() bool { return e.editing != noField }

// SetSize lays the view out in w×h cells.
func (e *explorer) SetSize(w, h int) {
	e.width, e.height = max(w, 0), max(h, 0)
	e.layout()
}

// summaryLines is the height of the summary block.
const summaryLines = 3

// layout splits the body between the table, the summary and the charts.
// It depends on the list's length too, so edits that add or delete items
// call it again.
func (e *explorer) layout() {
	w, h := e.width, e.height
	n := e.c.WS.N()
	// The side panel needs the table to keep every column (about 84
	// cells): below 130 columns the charts go under the table instead.
	e.wide = w >= 130 && h >= 18 && !e.present
	switch {
	case e.present:
		// The headline: DCG and IDCG on a line, NDCG in large digits.
		e.sideW, e.tableW = 0, w
		e.summaryH = 1 + len(bigGlyphs['0'])
		rest := max(h-e.summaryH-1, 0)
		need := 1 + max(n, 1) + 1
		e.tableH = min(need, max(rest/2, rest-(2+min(n, 4))))
		e.chartsH = rest - e.tableH
		if e.chartsH < 3 {
			e.tableH, e.chartsH = rest, 0
		}
	case e.wide:
		e.sideW = min(max(w-100, 44), 70)
		e.tableW = w - e.sideW - 2
		e.tableH = h
		e.summaryH = summaryLines + 3
		e.chartsH = max(h-e.summaryH-1, 0)
	default:
		e.sideW = 0
		e.tableW = w
		e.summaryH = summaryLines
		rest := max(h-e.summaryH, 0)
		need := 1 + max(n, 1) + 1 // heading, rows, the k line
		charts := 5 + min(n, 4)   // two titled charts of a few ranks, and the band
		e.tableH = min(need, max(rest/2, rest-charts))
		e.chartsH = rest - e.tableH
		if e.chartsH < 4 {
			e.tableH, e.chartsH = rest, 0
		}
	}
	e.table = newTableLayout(e.tableW, n)
	if e.present {
		e.table = newPresentLayout(e.tableW, n)
	}
	inW := e.table.idWidth - 1
	if x, _ := e.table.columnStart("score"); x < 0 {
		inW -= len("score ") // typed over the title, after a label
	}
	e.input.SetWidth(max(inW, 1))
	e.clamp()
}

// noteUnder remembers the item under the cursor.
func (e *explorer) noteUnder() {
	ws := e.c.WS
	e.under = ""
	if e.cursor >= 0 && e.cursor < ws.N() {
		e.under = ws.List().Items[ws.ItemAt(e.cursor)].ID
	}
}

// rowsShown is how many item rows fit under the table heading.
func (e *explorer) rowsShown() int { return max(e.tableH-1, 1) }

// clamp keeps the cursor on the list and in the table's window.
func (e *explorer) clamp() {
	n := e.c.WS.N()
	e.cursor = max(min(e.cursor, n-1), 0)
	rows := e.rowsShown()
	// One row may go to the k line, so keep the cursor a row clear of it.
	if rows > 2 {
		rows--
	}
	// When the list does not fit, two lines say what is hidden ("↑ 3
	// more", "↓ 2 more"): the cursor keeps clear of them too.
	if n > rows && rows > 4 {
		rows -= 2
	}
	e.offset = scrollTo(e.offset, e.cursor, n, rows)
}

// Lines of the table body besides ranks (see tableLines).
const (
	cutLine   = -1
	aboveLine = -2
	belowLine = -3
)

// tableLines lays the table body out: each line's rank, or cutLine,
// aboveLine ("↑ N more") or belowLine ("↓ N more"). Drawing the table
// and finding the rank under a click both read it.
func (e *explorer) tableLines() []int {
	n, free := e.c.WS.N(), e.tableH-1
	lines := rowLines(e.offset, n, e.cut(), free)
	if len(lines) == 0 || free < 5 {
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
	out = append(out, rowLines(e.offset, n, e.cut(), free-len(out))...)
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
func (e *explorer) moreLine(which int, lines []int) string {
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
	up, down := "↑", "↓"
	if e.c.ASCII {
		up, down = "^", "v"
	}
	if which == aboveLine {
		return st.subtle.paint(fmt.Sprintf("      %s %d more (ranks 1–%d)", up, first, first))
	}
	return st.subtle.paint(fmt.Sprintf("      %s %d more (ranks %d–%d)", down, n-1-last, last+2, n))
}

// Update handles the explorer's keys and the workspace's changes.
func (e *explorer) Update(msg tea.Msg) tea.Cmd {
	defer e.noteUnder()
	switch msg := msg.(type) {
	case workspace.Edited:
		switch {
		case msg.Focus >= 0:
			e.cursor = e.c.WS.RankOf(msg.Focus)
		case e.under != "":
			// No item named (a setting, a swap made elsewhere, a deletion):
			// stay on the item, wherever it went; on the same rank if it
			// is gone.
			if i := e.c.WS.IndexOf(e.under); i >= 0 {
				e.cursor = e.c.WS.RankOf(i)
			}
		}
		e.layout()
	case tea.KeyPressMsg:
		if e.editing != noField {
			return e.updateEditor(msg)
		}
		return e.handleKey(msg)
	case tea.MouseWheelMsg:
		if e.editing != noField {
			return nil
		}
		switch msg.Button {
		case tea.MouseWheelUp:
			e.cursor--
		case tea.MouseWheelDown:
			e.cursor++
		}
		e.clamp()
	case tea.MouseClickMsg:
		if e.editing != noField || msg.Button != tea.MouseLeft || msg.X >= e.tableW {
			return nil
		}
		if r := e.rankAtLine(msg.Y); r >= 0 {
			e.cursor = r
			e.clamp()
		}
	case tea.PasteMsg:
		if e.editing != noField {
			var cmd tea.Cmd
			e.input, cmd = e.input.Update(msg)
			return cmd
		}
	}
	return nil
}

func (e *explorer) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k, ws := e.c.Keys, e.c.WS
	var ed workspace.Edit
	var why string
	switch {
	case key.Matches(msg, k.Up):
		e.cursor--
	case key.Matches(msg, k.Down):
		e.cursor++
	case key.Matches(msg, k.PageUp):
		e.cursor -= e.rowsShown()
	case key.Matches(msg, k.PageDown):
		e.cursor += e.rowsShown()
	case key.Matches(msg, k.Top):
		e.cursor = 0
	case key.Matches(msg, k.Bottom):
		e.cursor = ws.N() - 1
	case key.Matches(msg, k.Grade):
		g, _ := strconv.Atoi(msg.String())
		ed, why = ws.SetGrade(e.cursor, float64(g))
	case key.Matches(msg, k.GradeUp):
		ed, why = ws.StepGrade(e.cursor, 1)
	case key.Matches(msg, k.GradeDown):
		ed, why = ws.StepGrade(e.cursor, -1)
	case key.Matches(msg, k.EditScore):
		return e.startEditing(scoreField)
	case key.Matches(msg, k.EditTitle):
		return e.startEditing(titleField)
	case key.Matches(msg, k.Add):
		ed, why = ws.Add(e.cursor)
	case key.Matches(msg, k.Duplicate):
		ed, why = ws.Duplicate(e.cursor)
	case key.Matches(msg, k.Delete):
		ed, why = ws.Delete(e.cursor)
	case key.Matches(msg, k.MoveUp):
		ed, why = ws.Move(e.cursor, -1)
	case key.Matches(msg, k.MoveDown):
		ed, why = ws.Move(e.cursor, 1)
	case key.Matches(msg, k.Tie):
		ed, why = ws.Tie(e.cursor)
	case key.Matches(msg, k.Untie):
		ed, why = ws.Untie(e.cursor)
	case key.Matches(msg, notesKey):
		e.toggleNotes()
		return nil
	case key.Matches(msg, presentKey):
		e.present = !e.present
		e.layout()
		if e.present {
			e.c.SetStatus("projector mode: R for the full table", false)
		} else {
			e.c.SetStatus("the full table: R for the projector mode", false)
		}
		return nil
	default:
		return nil
	}
	e.apply(ed, why)
	e.clamp()
	return nil
}

// apply makes an edit; the Edited message that comes back moves the
// cursor to the item it was about.
func (e *explorer) apply(ed workspace.Edit, why string) {
	if why != "" {
		e.c.SetStatus(why, true)
		return
	}
	if ed == nil {
		return
	}
	e.c.Apply(ed)
}

func (e *explorer) startEditing(f field) tea.Cmd {
	ws := e.c.WS
	if ws.N() == 0 {
		e.c.SetStatus("the list is empty: press a to add an item", true)
		return nil
	}
	it := ws.List().Items[ws.ItemAt(e.cursor)]
	e.editing = f
	switch f {
	case scoreField:
		e.layout() // the score's own width, after a title edit
		v := ""
		if it.HasScore {
			v = fmtNum(it.Score)
		}
		e.input.SetValue(v)
		e.input.Placeholder = "score"
		e.c.SetStatus(fmt.Sprintf("score of %s: type a number · enter applies · esc cancels", it.ID), false)
	case titleField:
		e.input.SetValue(it.Title)
		e.input.Placeholder = "title"
		// A title is typed over the whole row, not the few cells of its
		// column: the numbers of the row come back with enter or esc.
		if x, _ := e.table.columnStart("id / title"); x >= 0 {
			e.input.SetWidth(max(e.titleEditWidth(x)-1, 1))
		}
		e.c.SetStatus(fmt.Sprintf("title of %s · enter applies · esc cancels", it.ID), false)
	}
	e.input.CursorEnd()
	return e.input.Focus()
}

func (e *explorer) updateEditor(msg tea.KeyPressMsg) tea.Cmd {
	k := e.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		e.stopEditing()
		e.c.SetStatus("edit cancelled", false)
		return nil
	case key.Matches(msg, k.Confirm):
		v := strings.TrimSpace(e.input.Value())
		var ed workspace.Edit
		var why string
		if e.editing == scoreField {
			s, err := strconv.ParseFloat(v, 64)
			if err != nil {
				e.c.SetStatus(fmt.Sprintf("%q is not a number: type a score such as 0.75 (esc cancels)", v), true)
				return nil
			}
			ed, why = e.c.WS.SetScore(e.cursor, s)
		} else {
			ed, why = e.c.WS.SetTitle(e.cursor, e.input.Value())
		}
		if why != "" {
			e.c.SetStatus(why+" (esc cancels)", true)
			return nil
		}
		e.stopEditing()
		e.apply(ed, "")
		e.clamp()
		return nil
	}
	var cmd tea.Cmd
	e.input, cmd = e.input.Update(msg)
	return cmd
}

func (e *explorer) stopEditing() {
	e.editing = noField
	e.input.Blur()
}

// View draws the body: exactly height lines of at most width cells.
func (e *explorer) View() string {
	if e.width <= 0 || e.height <= 0 {
		return ""
	}
	table := e.viewTable()
	if e.present {
		parts := []string{table, "", e.viewHeadline(e.width, e.summaryH)}
		if e.chartsH > 0 {
			parts = append(parts, e.contributionChart(e.width, e.chartsH))
		}
		return block(strings.Join(parts, "\n"), e.width, e.height)
	}
	if e.wide {
		side := e.viewSummary(e.sideW, e.summaryH)
		charts := e.chartsH
		if notes := e.notesLines(e.sideW, charts/2); len(notes) > 0 {
			side += "\n" + strings.Join(notes, "\n")
			charts -= len(notes)
		}
		side += "\n" + e.viewCharts(e.sideW, charts)
		return joinColumns(table, e.tableW, side, e.sideW, e.height, "  ")
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
	return block(strings.Join(parts, "\n"), e.width, e.height)
}

// viewTable draws the visible ranks only: the cost of a frame does not
// grow with the list.
func (e *explorer) viewTable() string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	t := &e.table
	lines := make([]string, 0, e.tableH)
	lines = append(lines, st.header.paint(ansi.Truncate(t.header(), e.tableW, "")))
	n := ws.N()
	if n == 0 {
		lines = append(lines, st.subtle.paint("  (empty list: press a to add an item)"))
	}
	body := e.tableLines()
	for _, i := range body {
		switch i {
		case cutLine:
			lines = append(lines, e.cutoffLine(r, t.width))
		case aboveLine, belowLine:
			lines = append(lines, e.moreLine(i, body))
		default:
			lines = append(lines, e.viewRow(r, i))
		}
	}
	return strings.Join(lines, "\n")
}

// toggleNotes shows or hides the notes, or says there are none.
func (e *explorer) toggleNotes() {
	if strings.TrimSpace(e.c.WS.Doc.Notes) == "" {
		e.c.SetStatus(`this list has no notes (a list file's "notes" field holds them)`, true)
		return
	}
	e.notes = !e.notes
	if e.notes {
		e.c.SetStatus("notes shown (N hides them)", false)
	} else {
		e.c.SetStatus("notes hidden (N shows them)", false)
	}
}

// notesLines are the notes wrapped to width in at most max lines (the
// last cut with "…"), or none when they are hidden.
func (e *explorer) notesLines(width, most int) []string {
	text := strings.Join(strings.Fields(e.c.WS.Doc.Notes), " ")
	if !e.notes || text == "" || most <= 0 {
		return nil
	}
	st := e.c.Styles
	lines := strings.Split(wrap(st.header.paint("notes: ")+text, width), "\n")
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] = ansi.Truncate(lines[most-1], width-1, "") + "…"
	}
	return lines
}

// cut is the rank the k line is drawn above (the list's length when
// there is none).
func (e *explorer) cut() int {
	if r := e.c.WS.Result; r != nil {
		return r.K
	}
	return e.c.WS.N()
}

// rankAtLine is the rank drawn on line y of the table (0 is the
// heading), or −1: the lines viewTable draws, k line included.
func (e *explorer) rankAtLine(y int) int {
	lines := e.tableLines()
	if y < 1 || y > len(lines) || lines[y-1] < 0 {
		return -1
	}
	return lines[y-1]
}

// cutoffLine marks where k cuts the ranking, and says so when it cuts
// through a tie group.
func (e *explorer) cutoffLine(r *ndcg.Result, width int) string {
	st := e.c.Styles
	label := fmt.Sprintf(" k=%d: ranks below do not count ", r.K)
	style := st.cutoff
	for gi, g := range r.Ties {
		if g.Straddles(r.K) {
			label = fmt.Sprintf(" k=%d cuts tie group T%d ", r.K, gi+1)
			style = st.straddle
			break
		}
	}
	dash := "─"
	if e.c.ASCII {
		dash = "-"
	}
	left := markW + tieW + 2
	right := max(width-left-cellWidth(label), 0)
	return style.paint(ansi.Truncate(strings.Repeat(dash, left)+label+strings.Repeat(dash, right), width, ""))
}

func (e *explorer) viewRow(r *ndcg.Result, i int) string {
	st, ws := e.c.Styles, e.c.WS
	idx := ws.ItemAt(i)
	it := ws.List().Items[idx]
	inK := r == nil || i < r.K
	mark := " "
	switch {
	case i == e.cursor && e.c.ASCII:
		mark = ">"
	case i == e.cursor:
		mark = "▸"
	case !inK:
		// Past k: a mark that reads on any screen, colour or not.
		mark = "·"
		if e.c.ASCII {
			mark = "."
		}
	}
	tm, straddles := tieMark(r, i, e.c.ASCII)
	tm = padRight(ansi.Truncate(tm, tieW, ""), tieW)
	switch {
	case straddles:
		tm = st.straddle.paint(tm)
	case tm != "":
		tm = st.tie.paint(tm)
	}
	body := e.table.cells(r, it, i)
	if i == e.cursor && e.editing != noField {
		head := "score"
		if e.editing == titleField {
			head = "id / title"
		}
		label := ""
		x, w := e.table.columnStart(head)
		if e.editing == titleField && x >= 0 {
			w = e.titleEditWidth(x)
		}
		if x < 0 {
			// A narrow table has no score column: the score is typed over
			// the id and title, labelled.
			x, w = e.table.columnStart("id / title")
			label = "score "
		}
		if x >= 0 {
			// The input draws its own cursor; wrapping it in another style
			// would split its escape codes.
			ed := padRight(ansi.Truncate(label+e.input.View(), w, ""), w)
			body = ansi.Truncate(body, x, "") + ed + ansi.TruncateLeft(body, x+w, "")
		}
	}
	switch {
	case i == e.cursor && e.editing == noField:
		body = st.cursor.paint(body)
	case !inK:
		body = st.pastK.paint(body)
	}
	return ansi.Truncate(mark+tm+body, e.tableW, "")
}

// viewHeadline is the projector mode's summary: DCG@k and IDCG@k on a
// line, then NDCG@k in digits three lines tall, bold, in no colour.
func (e *explorer) viewHeadline(width, height int) string {
	ws := e.c.WS
	r := ws.Result
	k := ws.Settings.KString()
	if r == nil {
		return block(wrap("cannot compute: "+ws.Err.Error(), width), width, height)
	}
	bold := lipgloss.NewStyle().Bold(true)
	nd := fmt.Sprintf("%.4f", r.NDCG())
	if r.Undefined() {
		nd = "undefined"
	}
	lines := []string{bold.Render(fmt.Sprintf("DCG@%s = %s     IDCG@%s = %s", k, fixed(r.DCG(), 4), k, fixed(r.IDCG(), 4)))}
	label := "NDCG@" + k + " = "
	big := bigText(nd, e.c.ASCII)
	for i, row := range big {
		lead := strings.Repeat(" ", len(label))
		if i == len(big)/2 {
			lead = label
		}
		lines = append(lines, bold.Render(lead+row))
	}
	return block(strings.Join(lines, "\n"), width, height)
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
func (e *explorer) titleEditWidth(x int) int {
	return max(e.tableW-1-tieW-x, 1)
}

// viewSummary is DCG, IDCG and NDCG at k, the tie band, and why NDCG is
// what it is when that needs saying.
func (e *explorer) viewSummary(width, height int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	var lines []string
	if r == nil {
		msg := strings.Split(wrap(st.errorInk.paint("cannot compute: ")+ws.Err.Error(), width), "\n")
		lines = append(msg[:min(len(msg), summaryLines-1)],
			st.subtle.paint("undo (u) or change the grade or the gain to fix it"))
		return block(strings.Join(lines, "\n"), width, height)
	}
	k := ws.Settings.KString()
	nd := fmt.Sprintf("%.4f", r.NDCG())
	if r.N == 0 && r.IDCG() == 0 {
		nd = "undefined"
	}
	dcg, idcg := fixed(r.DCG(), 4), fixed(r.IDCG(), 4)
	one := fmt.Sprintf("DCG@%s = %s   IDCG@%s = %s   %s", k, dcg, k, idcg, st.title.paint("NDCG@"+k+" = "+nd))
	// The first line is never wrapped, so that NDCG is not split from its
	// label: when it does not fit, it takes three lines if the block has
	// room, else a shorter form with NDCG first, cut at the end.
	compact := st.title.paint("NDCG@"+k+" "+nd) + " · DCG " + dcg + " · IDCG " + idcg
	var first []string
	switch {
	case cellWidth(one) <= width:
		first = []string{one}
	case height >= summaryLines+3:
		first = []string{"DCG@" + k + "  = " + dcg, "IDCG@" + k + " = " + idcg, st.title.paint("NDCG@" + k + " = " + nd), ""}
	default:
		first = []string{ansi.Truncate(compact, width, "…")}
	}
	// The tie band first, then what needs explaining, most important first;
	// whatever does not fit the block is cut.
	if len(r.Ties) > 0 {
		b := r.NDCGBand(ws.Settings.K)
		band := fmt.Sprintf("%d tie group(s): worst %.4f · expected %.4f · best %.4f (spread %.4f)",
			len(r.Ties), b.Worst, b.Expected, b.Best, b.Spread())
		if cellWidth(band) > width && height <= summaryLines {
			// No room to wrap: drop the spread (best − worst) rather than best.
			band = fmt.Sprintf("ties: worst %.4f · exp. %.4f · best %.4f", b.Worst, b.Expected, b.Best)
		}
		lines = append(lines, band)
	}
	switch {
	case r.N == 0 && r.IDCG() == 0:
		lines = append(lines, st.warn.paint("NDCG is undefined: the list is empty (a adds an item)"))
	case r.IDCG() == 0:
		lines = append(lines, st.warn.paint(fmt.Sprintf("IDCG@%s is 0: no relevant item, so NDCG is %s by convention (z switches)", k, fmtNum(ws.Settings.Zero))))
	}
	if extra := len(r.IdealOrder) - r.N; extra > 0 {
		lines = append(lines, st.warn.paint(fmt.Sprintf("IDCG counts %d judged item(s) the list did not retrieve (i: the list alone)", extra)))
	}
	if ws.Settings.K > r.N {
		lines = append(lines, st.subtle.paint(fmt.Sprintf("k=%d but the list has %d items: every one of them counts", ws.Settings.K, r.N)))
	}
	if len(r.Ties) == 0 && r.N > 0 {
		lines = append(lines, st.subtle.paint("no ties: every tie policy gives the same value"))
	}
	return block(strings.Join(first, "\n")+"\n"+wrap(strings.Join(lines, "\n"), width), width, height)
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

// chartRows are the ranks a chart of rows lines shows: those around the
// cursor and, when it is further down, rank k after a line saying how
// many ranks are skipped ("⋮ 2 more"); lines of hidden ranks are said
// too ("↑ 3 more", "↓ 2 more"). A negative entry −m is such a line for
// m ranks: moreText writes it.
func (e *explorer) chartRows(rows, n int) []int {
	out := make([]int, 0, rows)
	if n <= rows || rows < 3 {
		from := scrollTo(e.offset, e.cursor, n, rows)
		for i := from; i < min(from+rows, n); i++ {
			out = append(out, i)
		}
		return out
	}
	cur := max(min(e.cursor, n-1), 0)
	k := n
	if r := e.c.WS.Result; r != nil && r.K > 0 {
		k = min(r.K, n) - 1
	}
	// Rows for the ranks around the cursor: all but the marker lines.
	inner := rows - 2
	from := scrollTo(e.offset, cur, n, inner)
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
			out = append(out, -from)
		}
		for i := from; i < to; i++ {
			out = append(out, i)
		}
		if k > to {
			out = append(out, -(k - to))
		}
		out = append(out, k)
		if k+1 < n && len(out) < rows {
			out = append(out, -(n - k - 1))
		}
		return out[:min(len(out), rows)]
	}
	if from > 0 {
		out = append(out, -from)
	}
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	if to < n {
		out = append(out, -(n - to))
	}
	return out
}

// moreText writes the line for m ranks a chart skips: "↑ 3 more" above
// the ranks shown, "⋮ 2 more" between them and k, "↓ 2 more" below.
func (e *explorer) moreText(rows []int, at int) string {
	m := -rows[at]
	sym := "↓"
	switch {
	case at == 0:
		sym = "↑"
	case at < len(rows)-1:
		sym = "⋮"
	}
	if e.c.ASCII {
		sym = map[string]string{"↑": "^", "↓": "v", "⋮": ":"}[sym]
	}
	return e.c.Styles.subtle.paint(fmt.Sprintf("%s %d more", sym, m))
}

// contributionChart: each rank's gain × discount, actual beside ideal,
// on one scale.
func (e *explorer) contributionChart(w, h int) string {
	st, ws := e.c.Styles, e.c.WS
	r := ws.Result
	title := "contribution per rank: actual │ ideal"
	if e.c.ASCII {
		title = "contribution per rank: actual | ideal"
	}
	lines := []string{st.panelTitle.paint(title)}
	if r == nil || h < 2 {
		return block(strings.Join(lines, "\n"), w, h)
	}
	n := r.Ranks()
	rows := e.chartRows(h-1, n)
	rankW := len(strconv.Itoa(max(slices.Max(append([]int{0}, rows...))+1, 1)))
	valW := 6
	barW := max((w-rankW-2*valW-6)/2, 1)
	scale := ws.Scale.Contribution
	for at, i := range rows {
		if i < 0 {
			lines = append(lines, e.moreText(rows, at))
			continue
		}
		var act, ideal float64
		if i < r.N {
			g := r.Gains[i]
			if ws.Settings.Ties == ndcg.Expected {
				g = r.ExpectedGains[i]
			}
			act = g * r.Discounts[i]
		}
		if i < len(r.IdealGains) {
			ideal = r.IdealGains[i] * r.Discounts[i]
		}
		sep := "│"
		if e.c.ASCII {
			sep = "|"
		}
		actInk, idealInk := st.barActual, st.barIdeal
		past := r.N > 0 && i >= r.K
		if past {
			actInk, idealInk = ink{}, ink{}
		}
		line := fmt.Sprintf("%s %s %s %s %s %s",
			padLeft(strconv.Itoa(i+1), rankW),
			actInk.paint(bar(act, scale, barW, e.c.ASCII)), padLeft(fit(fixed(act, 3), valW), valW), sep,
			idealInk.paint(bar(ideal, scale, barW, e.c.ASCII)), padLeft(fit(fixed(ideal, 3), valW), valW))
		if past {
			line = st.subtle.paint(line)
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
	markAt := r.Ranks()
	if ws.Settings.K > 0 {
		markAt = min(ws.Settings.K, r.Ranks())
	}
	kW := len(strconv.Itoa(max(slices.Max(append([]int{0}, rows...))+1, 1))) + 2
	barW := max(w-kW-12, 1) // label, value and the k mark
	for at, i := range rows {
		if i < 0 {
			lines = append(lines, e.moreText(rows, at))
			continue
		}
		v := r.NDCGAt(ws.Settings.Ties, i+1)
		label := padLeft("@"+strconv.Itoa(i+1), kW)
		b := bar(v, ws.Scale.NDCG, barW, e.c.ASCII)
		var line string
		if i+1 == markAt {
			mark := " ◂k"
			if e.c.ASCII {
				mark = " <k"
			}
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
	title := "NDCG@" + ws.Settings.KString() + " by tie order"
	empty := r != nil && r.N == 0 && r.IDCG() == 0
	switch {
	case empty:
		title += " (undefined: the list is empty)"
	case r != nil && len(r.Ties) == 0:
		title += " (no ties: all equal)"
	}
	lines := []string{st.panelTitle.paint(title)}
	if r != nil && !empty {
		b := r.NDCGBand(ws.Settings.K)
		barW := max(w-9-7, 1)
		for _, x := range []struct {
			name string
			v    float64
		}{{"worst", b.Worst}, {"expected", b.Expected}, {"best", b.Best}} {
			lines = append(lines, fmt.Sprintf("%-8s %s %s", x.name, st.barBand.paint(bar(x.v, ws.Scale.NDCG, barW, e.c.ASCII)), fixed(x.v, 4)))
		}
	}
	return block(strings.Join(lines, "\n"), w, h)
}
