package compare

import (
	"context"
	"fmt"
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

// Conventions puts this list's NDCG@k under every preset side by
// side, marks where each departs from the conventions in force, and
// says, one setting at a time, what each departure does on this list.
// enter applies the selected preset.
type Conventions struct {
	view.Drawn
	view.Lazy
	cursor int
	// chosen says the cursor was moved by a key, a click or the wheel:
	// until then it stays on the preset in force, as F4 opens the view
	// on it, and follows it when the conventions change.
	chosen bool

	rows []explain.PresetValue
	// reasons explain the selected preset; reasonsFor is the cursor they
	// were worked out for (-1: none yet).
	reasons    []explain.Reason
	reasonsErr error
	reasonsFor int
	// rowsOut says the computation running off the update loop works
	// the rows out, not only the reasons.
	rowsOut bool
}

// NewConventions is the conventions view of c's workspace.
func NewConventions(c *common.Common) view.View {
	return &Conventions{Lazy: view.Lazy{C: c, Stale: true}, reasonsFor: -1}
}

// ShortHelp is the conventions view's footer.
func (v *Conventions) ShortHelp() []key.Binding {
	k := v.C.Keys
	return append([]key.Binding{common.As(k.Up, "↑/↓", "preset"), common.As(k.Apply, "enter", "apply it")}, k.Tail(true)...)
}

func (v *Conventions) Update(msg tea.Msg) tea.Cmd {
	if v.Edited(msg) {
		return nil
	}
	if cmd, ok := v.Job.Update(msg); ok {
		return cmd
	}
	n := len(ndcg.Presets)
	switch mm := msg.(type) {
	case tea.MouseWheelMsg:
		v.chosen = true
		switch mm.Button {
		case tea.MouseWheelUp:
			v.cursor = (v.cursor + n - 1) % n
		case tea.MouseWheelDown:
			v.cursor = (v.cursor + 1) % n
		}
		return nil
	case tea.MouseClickMsg:
		// The presets' rows start under the title, the heading and the
		// row of the conventions in force.
		if i := mm.Y - convFirstRow; mm.Button == tea.MouseLeft && i >= 0 && i < n {
			v.cursor, v.chosen = i, true
		}
		return nil
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k, ws := v.C.Keys, v.C.WS
	switch {
	case key.Matches(km, k.Up):
		v.cursor, v.chosen = (v.cursor+n-1)%n, true
	case key.Matches(km, k.Down):
		v.cursor, v.chosen = (v.cursor+1)%n, true
	case key.Matches(km, k.Top):
		v.cursor, v.chosen = 0, true
	case key.Matches(km, k.Bottom):
		v.cursor, v.chosen = n-1, true
	case key.Matches(km, k.Apply):
		p := ndcg.Presets[v.cursor]
		e := ws.ChangeSettings(p.Apply(ws.Settings))
		if e == nil {
			v.C.SetStatus(p.Name+"'s conventions are already in force", false)
			return nil
		}
		v.Apply(e, "")
	}
	return nil
}

// OnInForce puts the cursor back on the preset in force, as F4 opens the
// view (the cursor follows it until a key moves it).
func (v *Conventions) OnInForce() {
	v.chosen = false
	if v.rows != nil {
		v.cursor = inForceRow(v.rows, v.cursor)
	}
}

func (v *Conventions) Refresh() {
	ws := v.C.WS
	if background.Needed(ws) {
		return // startWork takes it from here
	}
	if v.Stale {
		v.Stale = false
		v.rows = explain.SideBySide(ws.List(), ws.Settings)
		v.reasonsFor = -1
		if !v.chosen {
			v.cursor = inForceRow(v.rows, v.cursor)
		}
	}
	if v.reasonsFor != v.cursor {
		v.reasonsFor = v.cursor
		v.reasons, v.reasonsErr = explain.Reasons(ws.List(), ws.Settings, v.rows[v.cursor].Settings)
	}
}

// inForceRow is the row of the preset in force, or cursor when no
// preset follows the conventions in force.
func inForceRow(rows []explain.PresetValue, cursor int) int {
	for i, pv := range rows {
		if pv.InForce {
			return i
		}
	}
	return cursor
}

// StartWork works the rows out off the update loop on a long list (each
// preset computes the list again), or, when only the cursor moved, the
// reasons for the selected preset (each setting computes it again).
func (v *Conventions) StartWork() tea.Cmd {
	ws := v.C.WS
	if v.Job.Running || !background.Needed(ws) || (!v.Stale && v.reasonsFor == v.cursor) {
		return nil
	}
	list, s := v.Job.Snapshot(ws)
	cursor, rows, chosen := v.cursor, v.rows, v.chosen
	v.rowsOut = v.Stale
	if v.Stale {
		rows = nil
		v.Stale = false
	}
	return v.Job.Start(func(ctx context.Context) func() {
		if rows == nil {
			rows = explain.SideBySide(list, s)
			if !chosen {
				cursor = inForceRow(rows, cursor)
			}
		}
		if background.Cancelled(ctx) {
			return nil
		}
		reasons, err := explain.Reasons(list, s, rows[cursor].Settings)
		return func() {
			if !v.chosen {
				// A key that moved the cursor meanwhile wins; the
				// reasons are then worked out again for its row.
				v.cursor = cursor
			}
			v.rows, v.reasons, v.reasonsErr, v.reasonsFor, v.rowsOut = rows, reasons, err, cursor, false
		}
	})
}

// convFirstRow is the line of the first preset.
const convFirstRow = 3

// convWidths are the table's column widths: preset, NDCG@k, gain,
// discount, ties, IDCG, IDCG=0, grades. A narrow terminal shows the
// columns that fit whole, never a value cut short.
var convWidths = []int{11, 9, 8, 9, 9, 7, 7, 9}

// convShown is how many columns fit in w cells.
func convShown(w int) int {
	used, n := 2, 0
	for i, cw := range convWidths {
		if i > 0 {
			cw++
		}
		if used+cw > w {
			break
		}
		used, n = used+cw, n+1
	}
	return max(n, 1)
}

// convLine joins the cells that fit, each padded to its column.
func convLine(cells []string, w int) string {
	n := min(convShown(w), len(cells))
	var b strings.Builder
	b.WriteString("  ")
	for i, c := range cells[:n] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(layout.PadRight(c, convWidths[i]))
	}
	return strings.TrimRight(b.String(), " ")
}

func (v *Conventions) Draw() string {
	w, h := v.Width, v.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	st, ws := v.C.Styles, v.C.WS
	s := ws.Settings
	k := s.KString()
	if v.rows == nil || (background.Needed(ws) && (v.Stale || v.rowsOut)) {
		return v.BusyView("Conventions", "NDCG@"+k+" under each preset")
	}
	lines := []string{
		view.Head(v.C, "Conventions", "NDCG@"+k+" of this list under each preset", "↑/↓ choose · enter applies", w),
		st.Header.Render(ansi.Truncate(convLine([]string{"preset", "NDCG@" + k, "gain", "discount", "ties", "IDCG", "IDCG=0", "grades"}, w), w, "")),
	}
	nd := "error"
	if r := ws.Result; r != nil {
		nd = fmt.Sprintf("%.4f", r.NDCG())
	}
	lines = append(lines, ansi.Truncate(v.row("in force", nd, s, nil, w), w, ""))
	inForce := ""
	var presets []string
	for i, pv := range v.rows {
		val := fmt.Sprintf("%.4f", pv.NDCG)
		if pv.Err != nil {
			val = "error"
		}
		line := v.row(common.PresetName(pv.Preset.Name, pv.InForce), val, pv.Settings, pv.Differs, w)
		if pv.InForce {
			inForce = pv.Preset.Name
		}
		if i == v.cursor {
			line = st.Cursor.Render(">" + ansi.Strip(line)[1:])
		}
		presets = append(presets, ansi.Truncate(line, w, ""))
	}
	// On a screen too short for every preset, the rows around the
	// cursor, so that the one selected is always in sight.
	if room := max(h-len(lines), 1); len(presets) > room {
		from := layout.ScrollTo(0, v.cursor, len(presets), room)
		presets = presets[from : from+room]
	}
	lines = append(lines, presets...)
	note := "  * departs from the conventions in force; no preset follows them"
	if inForce != "" {
		note = "  * departs from the conventions in force; =" + inForce + " is the preset in force"
	}
	// The gain maps the table names "map" are part of the table: a
	// column reading "map" says nothing without them.
	lines = append(lines, gainMaps(s.Gain, v.rows, w)...)
	why := v.explanation(w)
	pv := v.rows[v.cursor]
	if len(lines)+len(why) > h && v.reasoned(pv) {
		// The footer says enter applies and u undoes; the line saying it
		// again gives way to the reasons, then the preset's note, whose
		// row the cursor marks.
		why = why[:len(why)-1]
		if len(lines)+len(why) > h {
			why = why[1:]
		}
	} else if len(lines)+1+len(why) > h && v.reasoned(pv) {
		// It gives way to the legend of the stars too, which nothing
		// else on screen says.
		why = why[:len(why)-1]
	}
	// The legend of the stars goes before any line of the reasons.
	if len(lines)+1+len(why) <= h {
		lines = append(lines, st.Subtle.Render(ansi.Truncate(note, w, "")))
	}
	if len(lines)+1+len(why) <= h {
		lines = append(lines, "") // room to breathe only when it costs no line of the reasons
	}
	if room := h - len(lines); len(why) > room && room > 0 {
		// Reasons past the screen end on a line that says so, rather
		// than one cut short with nothing to tell.
		more := len(why) - room + 1
		why = append(why[:room-1], st.Subtle.Render(fmt.Sprintf("  %s %d more line(s): a taller terminal shows them", st.G.Below, more)))
	}
	lines = append(lines, why...)
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// row is one line of the table; the settings in differs are starred
// and coloured, so they stand out without colour too.
func (v *Conventions) row(name, value string, s ndcg.Settings, differs []ndcg.Setting, w int) string {
	st := v.C.Styles
	cell := func(setting ndcg.Setting, text string, width int) string {
		text = ansi.Truncate(text, width-1, "…")
		for _, d := range differs {
			if d == setting {
				return st.Warn.Render(text + "*")
			}
		}
		return text
	}
	grades := "as given"
	if s.TruncateGrades {
		grades = "integer"
	}
	return convLine([]string{name, value,
		cell(ndcg.SettingGain, gainCell(s.Gain), convWidths[2]),
		cell(ndcg.SettingDiscount, s.Discount.String(), convWidths[3]),
		cell(ndcg.SettingTies, s.Ties.String(), convWidths[4]),
		cell(ndcg.SettingIDCG, s.IDCG.String(), convWidths[5]),
		cell(ndcg.SettingZero, layout.FmtNum(s.Zero), convWidths[6]),
		cell(ndcg.SettingGrades, grades, convWidths[7]),
	}, w)
}

// gainCell is a gain in the table's gain column: a gain map too wide
// for it is named "map", and spelled out whole under the table
// (gainMaps), where 0=0,1=… said nothing of the gains.
func gainCell(g ndcg.Gain) string {
	if t := g.String(); ansi.StringWidth(t) < convWidths[2] {
		return t
	}
	return "map"
}

// gainMaps are the lines under the table that spell out the gain maps
// its column names "map": the one in force, and any other a preset
// keeps.
func gainMaps(inForce ndcg.Gain, rows []explain.PresetValue, w int) []string {
	var out []string
	seen := map[string]bool{}
	add := func(who string, g ndcg.Gain) {
		t := g.String()
		if gainCell(g) != "map" || seen[t] {
			return
		}
		seen[t] = true
		out = append(out, wrapIndent("  map = the gain per grade "+who+": "+t, w, "    ")...)
	}
	add("in force", inForce)
	for _, pv := range rows {
		add("under "+pv.Preset.Name, pv.Settings.Gain)
	}
	return out
}

// reasoned says the explanation of pv is its reasons: its note, the two
// values, a line a setting and the line on enter and u.
func (v *Conventions) reasoned(pv explain.PresetValue) bool {
	return !pv.InForce && v.reasonsFor == v.cursor && v.reasonsErr == nil && pv.Err == nil
}

// explanation says why the selected preset gives what it gives.
func (v *Conventions) explanation(w int) []string {
	st, ws := v.C.Styles, v.C.WS
	pv := v.rows[v.cursor]
	k := ws.Settings.KString()
	out := []string{st.Header.Render(ansi.Truncate(pv.Preset.Name+": "+pv.Preset.Note, w, "…"))}
	switch {
	case pv.InForce:
		return append(out, wrapIndent("These are the conventions in force; ↑/↓ choose another preset to see what each of its settings does on this list.", w, "")...)
	case v.reasonsFor != v.cursor:
		return append(out, v.Job.Glyph(st)+st.Subtle.Render(" working out what each setting does…"))
	case v.reasonsErr != nil:
		return append(out, wrapIndent("cannot compute under the conventions in force: "+v.reasonsErr.Error(), w, "")...)
	case pv.Err != nil:
		return append(out, wrapIndent("cannot compute under "+pv.Preset.Name+": "+pv.Err.Error(), w, "")...)
	}
	now := 0.0
	if r := ws.Result; r != nil {
		now = r.NDCG()
	}
	out = append(out, fmt.Sprintf("NDCG@%s %.4f here, %.4f under %s; one setting at a time:", k, now, pv.NDCG, pv.Preset.Name))
	bullet := st.G.Bullet
	for _, rs := range v.reasons {
		text := wrapIndent(bullet+rs.Text, w, "  ")
		if rs.Moves {
			text[0] = st.Warn.Render(text[0])
		}
		out = append(out, text...)
	}
	return append(out, st.Subtle.Render(ansi.Truncate(fmt.Sprintf("enter applies %s (k stays %s); u undoes", pv.Preset.Name, k), w, "")))
}

// wrapIndent wraps text to w cells, continuation lines indented.
func wrapIndent(text string, w int, indent string) []string {
	lines := strings.Split(layout.Wrap(text, max(w-len(indent), 1)), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return lines
}
