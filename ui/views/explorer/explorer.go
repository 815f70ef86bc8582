package explorer

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/table"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// field is what the in-place editor is changing.
type field int

const (
	noField field = iota
	ScoreField
	titleField
	idField // reached from the title's field by tab, and back
)

// followKey switches what the cursor keeps after an edit: the item it
// was on (wherever a new score or an undo moves it), or the rank (so
// that ↓ s after a score edits the next rank down, not the item's new
// neighbour).
var followKey = common.Bind([]string{"f"}, "f", "cursor: item/rank")

// Model is the main view: the ranked list with its per-rank table,
// the summary and the bar charts. It owns the cursor and the in-place
// editor; the list itself lives in the shared workspace.
type Model struct {
	view.Drawn
	c             *common.Common
	width, height int

	Cursor int // rank under the cursor, 0-based
	offset int // first rank the table shows
	// present is the projector mode: fewer columns, the headline numbers
	// large, wide bars, nothing that needs colour.
	Present bool
	// notes shows the list's notes (what the sample teaches) above the
	// charts; N toggles it.
	notes bool
	// under is the id of the item under the cursor, so that the cursor
	// follows the item when the ranking reorders under it (a tie policy,
	// a swap, an undo): the next digit edits the item the person chose.
	under string
	// stay keeps the cursor on its rank after an edit rather than on
	// its item (f).
	stay bool

	editing field
	Input   textfield.Model

	// Geometry, worked out in SetSize.
	table                 table.Layout
	wide                  bool // side panel to the right of the table
	tableW, tableH, sideW int
	summaryH, chartsH     int
}

// New is the explorer on c's workspace.
func New(c *common.Common) *Model {
	return &Model{c: c, Input: textfield.New(1, "")}
}

// ShortHelp is the explorer's footer: in the projector mode, the keys of a
// lesson.
func (e *Model) ShortHelp() []key.Binding {
	k := e.c.Keys
	if e.Present {
		// A lesson in front of a room: the notes, the conventions, the
		// tie policy and k, not the editing keys of the full table.
		return []key.Binding{k.Up, common.As(notesKey, "n", "notes"), k.Preset, k.Ties, k.KUp, k.KDown, k.Undo, k.Grade,
			k.ViewMenu, k.Help, k.Quit}
	}
	return []key.Binding{k.Up, k.Grade, k.EditScore, k.Tie, k.Undo, k.Cutoff, k.KUp, k.KDown, k.Gain, k.Preset, k.Save,
		k.ViewMenu, k.Help, k.Quit}
}

// FullHelp is the explorer's own keys: the notes and what the cursor
// follows (R, the projector mode, is listed beside b, the other way of
// drawing).
func (e *Model) FullHelp() [][]key.Binding { return [][]key.Binding{{notesKey, followKey}} }

// Capturing is true while the in-place editor has the keys.
func (e *Model) Capturing() bool { return e.editing != noField }

// SetSize lays the view out in w×h cells.
func (e *Model) SetSize(w, h int) {
	e.width, e.height = max(w, 0), max(h, 0)
	e.layout()
}

// summaryLines is the height of the summary block.
const summaryLines = 3

// layout splits the body between the table, the summary and the charts.
// It depends on the list's length too, so edits that add or delete items
// call it again.
func (e *Model) layout() {
	w, h := e.width, e.height
	n := e.c.WS.N()
	// The side panel needs the table to keep every column (about 84
	// cells): below 130 columns the charts go under the table instead.
	e.wide = w >= 130 && h >= 18 && !e.Present
	switch {
	case e.Present:
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
	e.table = table.New(e.tableW, n)
	if e.Present {
		// The score where there is one: the ties a lesson shows are
		// equal scores.
		e.table = table.NewPresent(e.tableW, n, e.c.WS.List().Scored())
	}
	e.sizeEditor()
	e.clamp()
}

// EditorCell is where the in-place editor of f draws on the cursor's
// row: the cell's column x and width w, and the label the field
// follows there, if any. A score is typed in its column, or over the id
// and title, labelled, in a table too narrow for one; a title over the
// whole row, not the few cells of its column (the numbers of the row
// come back with enter or esc).
func (e *Model) EditorCell(f field) (x, w int, label string) {
	head := "score"
	if f != ScoreField {
		head = "id / title"
	}
	x, w = e.table.ColumnStart(head)
	if f != ScoreField && x >= 0 {
		w = e.titleEditWidth(x)
	}
	if x < 0 {
		x, w = e.table.ColumnStart("id / title")
		label = "score "
	}
	return x, w, label
}

// sizeEditor fits the field to the cell it is drawn in, so that the
// cursor is never cut off.
func (e *Model) sizeEditor() {
	f := e.editing
	if f == noField {
		f = ScoreField
	}
	_, w, label := e.EditorCell(f)
	e.Input.SetWidth(w - len(label))
}

// rowsShown is how many item rows fit under the table heading.
func (e *Model) rowsShown() int { return max(e.tableH-1, 1) }

// clamp keeps the cursor on the list and in the table's window.
func (e *Model) clamp() {
	n := e.c.WS.N()
	e.Cursor = max(min(e.Cursor, n-1), 0)
	rows := e.rowsShown()
	// One row may go to the k line, so keep the cursor a row clear of it.
	if rows >= 2 {
		rows--
	}
	// When the list does not fit, two lines say what is hidden ("↑ 3
	// more", "↓ 2 more"; tableLines): the cursor keeps clear of them too.
	if n > rows && e.rowsShown() >= minMoreRows {
		rows = max(rows-2, 1)
	}
	e.offset = layout.ScrollTo(e.offset, e.Cursor, n, rows)
}

// Update handles the explorer's keys and the workspace's changes.
func (e *Model) Update(msg tea.Msg) tea.Cmd {
	defer e.noteUnder()
	switch msg := msg.(type) {
	case workspace.Edited:
		switch {
		case e.stay:
			// The rank the person was on, whatever moved there.
		case msg.Focus >= 0:
			e.Cursor = e.c.WS.RankOf(msg.Focus)
		case e.under != "":
			// No item named (a setting, a swap made elsewhere, a deletion):
			// stay on the item, wherever it went; on the same rank if it
			// is gone.
			// The item is most often still on its rank (a setting keeps
			// the ranking): a look there spares a search of the list.
			if ws := e.c.WS; e.Cursor < 0 || e.Cursor >= ws.N() || ws.List().Items[ws.ItemAt(e.Cursor)].ID != e.under {
				if i := ws.IndexOf(e.under); i >= 0 {
					e.Cursor = ws.RankOf(i)
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
			e.Cursor--
		case tea.MouseWheelDown:
			e.Cursor++
		}
		e.clamp()
	case tea.MouseClickMsg:
		if e.editing != noField || msg.Button != tea.MouseLeft || msg.X >= e.tableW {
			return nil
		}
		if r := e.rankAtLine(msg.Y); r >= 0 {
			e.Cursor = r
			e.clamp()
		}
	case tea.PasteMsg:
		if e.editing != noField {
			e.Input.Update(msg)
			return nil
		}
	}
	return nil
}

func (e *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k, ws := e.c.Keys, e.c.WS
	var ed workspace.Edit
	var why string
	switch {
	case key.Matches(msg, k.Up):
		e.Cursor--
	case key.Matches(msg, k.Down):
		e.Cursor++
	case key.Matches(msg, k.PageUp):
		e.Cursor -= e.rowsShown()
	case key.Matches(msg, k.PageDown):
		e.Cursor += e.rowsShown()
	case key.Matches(msg, k.Top):
		e.Cursor = 0
	case key.Matches(msg, k.Bottom):
		e.Cursor = ws.N() - 1
	case key.Matches(msg, k.Grade):
		g, _ := strconv.Atoi(msg.String())
		ed, why = ws.SetGrade(e.Cursor, float64(g))
	case key.Matches(msg, k.GradeUp):
		ed, why = ws.StepGrade(e.Cursor, 1)
	case key.Matches(msg, k.GradeDown):
		ed, why = ws.StepGrade(e.Cursor, -1)
	case key.Matches(msg, k.EditScore):
		return e.startEditing(ScoreField)
	case key.Matches(msg, k.EditTitle):
		return e.startEditing(titleField)
	case key.Matches(msg, k.Add):
		ed, why = ws.Add(e.Cursor)
	case key.Matches(msg, k.Duplicate):
		ed, why = ws.Duplicate(e.Cursor)
	case key.Matches(msg, k.Delete):
		ed, why = ws.Delete(e.Cursor)
	case key.Matches(msg, k.MoveUp):
		ed, why = ws.Move(e.Cursor, -1)
	case key.Matches(msg, k.MoveDown):
		ed, why = ws.Move(e.Cursor, 1)
	case key.Matches(msg, k.Tie):
		ed, why = ws.Tie(e.Cursor)
	case key.Matches(msg, k.Untie):
		ed, why = ws.Untie(e.Cursor)
	case key.Matches(msg, notesKey):
		e.toggleNotes()
		return nil
	case key.Matches(msg, followKey):
		e.stay = !e.stay
		if e.stay {
			e.c.Status.SetHere(fmt.Sprintf("after an edit the cursor stays on rank %d (f: follow the item)", e.Cursor+1), false)
		} else {
			e.c.Status.SetHere("after an edit the cursor follows its item (f: stay on the rank)", false)
		}
		return nil
	case key.Matches(msg, PresentKey):
		e.Present = !e.Present
		e.layout()
		if e.Present {
			e.c.Status.SetHere("projector mode: the explorer's numbers large, R for the full table", false)
		} else {
			e.c.Status.SetHere("the full table: R for the projector mode", false)
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
func (e *Model) apply(ed workspace.Edit, why string) {
	if why != "" {
		e.c.SetStatus(why, true)
		return
	}
	if ed == nil {
		return
	}
	e.c.Apply(ed)
}

func (e *Model) startEditing(f field) tea.Cmd {
	ws := e.c.WS
	if ws.N() == 0 {
		e.c.SetStatus("the list is empty: press a to add an item", true)
		return nil
	}
	it := ws.List().Items[ws.ItemAt(e.Cursor)]
	e.editing = f
	e.sizeEditor()
	switch f {
	case ScoreField:
		v := ""
		if it.HasScore {
			v = layout.FmtNum(it.Score)
		}
		e.Input.SetValue(v)
		e.Input.Placeholder = "score"
		e.c.SetStatus(fmt.Sprintf("score of %s: %s · enter applies · esc cancels", common.Shown(it.ID), typeOver(v, "type a number")), false)
	case titleField:
		e.Input.SetValue(it.Title)
		e.Input.Placeholder = "title"
		e.c.SetStatus(fmt.Sprintf("title of %s: %s · tab: its id · enter applies · esc cancels", common.Shown(it.ID), typeOver(it.Title, "type a title")), false)
	case idField:
		e.Input.SetValue(it.ID)
		e.Input.Placeholder = "id"
		e.c.SetStatus(fmt.Sprintf("id of %s: type over it, ← edits it · tab: its title · enter applies · esc cancels", common.Shown(it.ID)), false)
	}
	// Selected, the old value is typed over, as a spreadsheet's cell:
	// s then 0.5 is 0.5, not 0.920.5.
	e.Input.Select()
	e.Input.Focus()
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

func (e *Model) updateEditor(msg tea.KeyPressMsg) tea.Cmd {
	k := e.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		e.stopEditing()
		e.c.SetStatus("edit cancelled", false)
		return nil
	case msg.String() == "tab" && e.editing != ScoreField:
		// The id and the title are one item's name: tab goes from one
		// to the other, what was typed in the first not applied.
		next := idField
		if e.editing == idField {
			next = titleField
		}
		return e.startEditing(next)
	case key.Matches(msg, k.Confirm):
		v := strings.TrimSpace(e.Input.Value())
		var ed workspace.Edit
		var why string
		firstScore := e.editing == ScoreField && !e.c.WS.List().Scored()
		switch e.editing {
		case idField:
			ed, why = e.c.WS.SetID(e.Cursor, v)
		case ScoreField:
			s, err := strconv.ParseFloat(v, 64)
			if err != nil {
				// A pasted value is cut (termsafe.Quote), so that the
				// reason after it stays on the status line.
				e.c.SetStatus(termsafe.Quote(v)+" is not a number: type a score such as 0.75 (esc cancels)", true)
				return nil
			}
			ed, why = e.c.WS.SetScore(e.Cursor, s)
		default:
			ed, why = e.c.WS.SetTitle(e.Cursor, e.Input.Value())
		}
		if why != "" {
			e.c.SetStatus(why+" (esc cancels)", true)
			return nil
		}
		e.stopEditing()
		e.apply(ed, "")
		if firstScore && ed != nil && e.c.WS.Err == nil {
			// Every other item got a score too: one key takes it back.
			e.c.SetStatus(e.c.Status.Text+"; u undoes", false)
		}
		e.clamp()
		return nil
	}
	e.Input.Update(msg)
	return nil
}

func (e *Model) stopEditing() {
	e.editing = noField
	e.Input.Blur()
}

// Refresh has nothing to work out: the workspace's result is the
// explorer's numbers, kept up to date by every edit.
func (e *Model) Refresh() {}
