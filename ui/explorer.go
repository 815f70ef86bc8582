package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

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
	drawn
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
	input   textField

	// Geometry, worked out in SetSize.
	table                 tableLayout
	wide                  bool // side panel to the right of the table
	tableW, tableH, sideW int
	summaryH, chartsH     int
}

func newExplorer(c *Common) *explorer {
	return &explorer{c: c, input: newTextField(1, "")}
}

// ShortHelp is the explorer's footer.
func (e *explorer) ShortHelp() []key.Binding {
	k := e.c.Keys
	return []key.Binding{k.Up, k.Grade, k.EditScore, k.Tie, k.Undo, k.Cutoff, k.KUp, k.KDown, k.Gain, k.Preset, k.Save, k.Help, k.Quit}
}

// FullHelp is the explorer's own key: the notes (R, the projector mode,
// is listed beside A, the other way of drawing).
func (e *explorer) FullHelp() [][]key.Binding { return [][]key.Binding{{notesKey}} }

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
		// The headline: DCG and IDCG on a line, NDCG in large digits,
		// and the tie band when there are ties: a sample's point is often
		// the band, worst to best.
		e.sideW, e.tableW = 0, w
		e.summaryH = 1 + len(bigGlyphs['0'])
		if r := e.c.WS.Result; r != nil && len(r.Ties) > 0 && w < 64 {
			// Narrower than the digits and the band side by side (about
			// 62 cells): the band takes a line of its own.
			e.summaryH++
		}
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
	e.sizeEditor()
	e.clamp()
}

// editorCell is where the in-place editor of f draws on the cursor's
// row: the cell's column x and width w, and the label the field
// follows there, if any. A score is typed in its column, or over the id
// and title, labelled, in a table too narrow for one; a title over the
// whole row, not the few cells of its column (the numbers of the row
// come back with enter or esc).
func (e *explorer) editorCell(f field) (x, w int, label string) {
	head := "score"
	if f == titleField {
		head = "id / title"
	}
	x, w = e.table.columnStart(head)
	if f == titleField && x >= 0 {
		w = e.titleEditWidth(x)
	}
	if x < 0 {
		x, w = e.table.columnStart("id / title")
		label = "score "
	}
	return x, w, label
}

// sizeEditor fits the field to the cell it is drawn in, so that the
// cursor is never cut off.
func (e *explorer) sizeEditor() {
	f := e.editing
	if f == noField {
		f = scoreField
	}
	_, w, label := e.editorCell(f)
	e.input.SetWidth(w - len(label))
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
			// The item is most often still on its rank (a setting keeps
			// the ranking): a look there spares a search of the list.
			if ws := e.c.WS; e.cursor < 0 || e.cursor >= ws.N() || ws.List().Items[ws.ItemAt(e.cursor)].ID != e.under {
				if i := ws.IndexOf(e.under); i >= 0 {
					e.cursor = ws.RankOf(i)
				}
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
			e.input.Update(msg)
			return nil
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
			e.c.SetStatus("projector mode: the explorer's numbers large, R for the full table", false)
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
	e.sizeEditor()
	switch f {
	case scoreField:
		v := ""
		if it.HasScore {
			v = fmtNum(it.Score)
		}
		e.input.SetValue(v)
		e.input.placeholder = "score"
		e.c.SetStatus(fmt.Sprintf("score of %s: %s · enter applies · esc cancels", shown(it.ID), typeOver(v, "type a number")), false)
	case titleField:
		e.input.SetValue(it.Title)
		e.input.placeholder = "title"
		e.c.SetStatus(fmt.Sprintf("title of %s: %s · enter applies · esc cancels", shown(it.ID), typeOver(it.Title, "type a title")), false)
	}
	// Selected, the old value is typed over, as a spreadsheet's cell:
	// s then 0.5 is 0.5, not 0.920.5.
	e.input.Select()
	e.input.Focus()
	return nil
}

// typeOver is the hint for editing old in place: typed text replaces
// it, ← keeps it; empty, there is only something to type.
func typeOver(old, empty string) string {
	if old == "" {
		return empty
	}
	return "type over it, ← edits it"
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
	e.input.Update(msg)
	return nil
}

func (e *explorer) stopEditing() {
	e.editing = noField
	e.input.Blur()
}

// refresh has nothing to work out: the workspace's result is the
// explorer's numbers, kept up to date by every edit.
func (e *explorer) refresh() {}
