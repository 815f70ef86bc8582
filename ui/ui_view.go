package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// View is the whole screen as the last Update drew it: header, the
// active view (or a dialog), status line and key help.
func (m *Model) View() tea.View {
	return frame.View(m.frame, m.windowTitle())
}

// windowTitle names the list in the terminal's title, and the attendee
// where the room knows them by a name of its own (Remote.Name).
func (m *Model) windowTitle() string {
	title := "ndcg-explorer: " + common.Shown(m.c.WS.Doc.Name)
	if m.remote != nil && m.remote.Name != "" {
		title += " · " + common.Shown(m.remote.Name)
	}
	return title
}

// render draws the whole screen.
func (m *Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if m.tooSmall() {
		msg := frame.TooSmall("The explorer", w, h, MinWidth, MinHeight)
		if _, asking := m.dialog.(*dialogs.Question); asking {
			// The quit question must be seen, whole, to be answered: it
			// takes the last lines.
			lines := strings.Split(msg, "\n")
			q := strings.Split(layout.Wrap(m.c.Status.Text, w), "\n")
			q = q[:min(len(q), len(lines))]
			for i, l := range q {
				lines[len(lines)-len(q)+i] = m.c.Status.Paint(m.c.Styles, l)
			}
			msg = strings.Join(lines, "\n")
		}
		return msg
	}
	body := h - chromeLines
	bar := []string{m.viewBar(w)}
	var main string
	if m.dialog != nil && m.dialog.Covers() {
		// The help and the dialogs take the view bar's line too: they
		// cover the views, and the help fits 80×24 whole with it.
		bar, body = nil, body+1
		main = m.dialog.View(w, body)
	} else {
		main = m.views[m.active].View()
	}
	conv := m.conventionsLine(w)
	if m.c.WS.Pending() {
		// The numbers on screen are those before the last change: the
		// spinner says they are being worked out for these conventions.
		// The line makes room for it as for any width, settings giving
		// way whole.
		conv = m.later.Glyph(m.c.Styles) + " " + m.conventionsLine(max(w-2, 0))
	}
	parts := append([]string{m.titleLine(w), conv}, bar...)
	status, more := m.statusLines(w)
	if more == "" {
		more = m.footer(w)
	}
	parts = append(parts, layout.Block(main, w, body), status, more)
	return strings.Join(parts, "\n")
}

func (m *Model) titleLine(w int) string {
	line, _ := frame.TitleLine(m.c.Styles, m.c.WS.Doc, frame.TitleRight(m.viewName(m.active), m.c.WS.Dirty()), w)
	return line
}

// conventionsLine states the conventions in force, as every output
// does: in words when there is room, in short when not.
func (m *Model) conventionsLine(w int) string {
	if m.convW != w {
		m.convCache, m.convW = m.drawConventions(w), w
	}
	return m.convCache
}

func (m *Model) drawConventions(w int) string {
	s := m.c.WS.Settings
	c := explain.State(s)
	preset := c.Preset
	long := []string{
		c.Gain + " (" + c.GainFormula + ")", c.Discount, c.K, c.Ties, c.IDCG, c.Zero, c.GradesShort,
	}
	// The short form abbreviates what the long one says.
	short := c.Short()
	named := func(p string) string {
		if preset == "" {
			return ""
		}
		return p
	}
	// =NAME, the preset in force, which the presets picker and the
	// conventions view mark (explain.PresetInForce): a list read under
	// a library's rules but with a setting of its own (LightGBM's with
	// a label gain) names none, as they mark none.
	line := layout.JoinNonEmpty(append(long, named("="+preset)), " · ")
	if ansi.StringWidth(line) > w {
		line = layout.JoinNonEmpty(append(short, named("="+preset)), " · ")
	}
	if ansi.StringWidth(line) > w {
		// A preset says it all: it goes first, so that it is never what
		// gets cut; the settings that do not fit whole give way from the
		// end (integer grades, then the IDCG=0 rule…), not a word cut.
		line = joinFit(append([]string{named("=" + preset)}, short...), " · ", w)
	}
	return m.c.Styles.SubtleInk.Paint(ansi.Truncate(line, w, "…"))
}

// joinFit joins the non-empty parts with sep in at most w cells: those
// that do not fit whole give way from the end, an … saying so.
func joinFit(parts []string, sep string, w int) string {
	line := layout.JoinNonEmpty(parts, sep)
	for n := len(parts) - 1; n > 0 && ansi.StringWidth(line) > w; n-- {
		line = layout.JoinNonEmpty(parts[:n], sep) + sep + "…"
	}
	return line
}

// statusLines is the status line and, when a status just set is too
// long for it, its second line, drawn instead of the footer (see
// status.fresh), unless the footer is the offer's. A prompt's field has
// the line to itself.
func (m *Model) statusLines(w int) (string, string) {
	if line, ok := m.promptLine(w); ok {
		return line, ""
	}
	if m.offerAnswerable() {
		// The footer names the keys that answer the instructor's list,
		// which enter and esc mean until then: no status covers it.
		return m.c.Status.Line(m.c.Styles, m.c.Status.Text, w), ""
	}
	return m.c.Status.Lines(m.c.Styles, m.c.Status.Text, w)
}

// promptLine is the line of the dialog on the status line (k, save as,
// an image's name, what to copy), if one is open.
func (m *Model) promptLine(w int) (string, bool) {
	if m.dialog == nil || m.dialog.Covers() {
		return "", false
	}
	line := m.dialog.View(w, 1)
	return line, line != ""
}

// footer is the active view's short help, with ? and q always in view
// however narrow the terminal. It is drawn once per width, view and
// style sheet.
func (m *Model) footer(w int) string {
	if m.dialog != nil {
		// A dialog has the keys: its footer names them, the view's do
		// nothing.
		if line := m.dialog.Footer(w); line != "" {
			return line
		}
	}
	if m.offerAnswerable() {
		return m.offerFooter(w)
	}
	typing := m.typing()
	if m.footerCache != "" && m.footerW == w && m.footerView == m.active && m.footerTyping == typing {
		return m.footerCache
	}
	k := m.c.Keys
	var line string
	if typing {
		// Every key but enter and esc goes into the field, ? and q too:
		// the footer names the field's keys instead of the view's.
		line = frame.PromptFooter(&m.help, k, w)
	} else {
		// The view menu is always in sight: how a lesson finds every
		// other view.
		line = frame.FooterLine(&m.help, m.views[m.active].ShortHelp(), k.Help, k.Quit, w, k.ViewMenu)
	}
	m.footerCache, m.footerW, m.footerView, m.footerTyping = line, w, m.active, typing
	return m.footerCache
}

// typing reports whether the explorer's score or title is being edited
// in place, where the field has the keys (a dialog's field names its
// keys in its own footer). The check and quiz views, whose fields take a
// number, say so in their own footers.
func (m *Model) typing() bool {
	e, ok := m.views[m.active].(*explorer)
	return ok && e.Capturing()
}

// helpPages is the help (?) of the view in sight laid out for w cells:
// its keys a group per column, as many columns abreast as fit in w, so
// nothing is dropped on a narrow terminal, the field's keys across the
// width below them; then, in the explorer, a second page saying what the
// screen's marks mean (? again turns to it).
func (m *Model) helpPages(w int) []string {
	st := m.c.Styles
	groups := m.helpGroups()
	var cols []string
	colW := 0
	for _, g := range groups {
		if len(g.keys) == 0 {
			continue
		}
		c := st.PanelTitle.Render(g.name) + "\n" + m.help.FullHelpView([][]key.Binding{g.keys})
		cols = append(cols, c)
		colW = max(colW, lipgloss.Width(c))
	}
	colW += 2
	per := max((w+2)/colW, 1)
	var rows []string
	for i := 0; i < len(cols); i += per {
		var row []string
		for _, c := range cols[i:min(i+per, len(cols))] {
			row = append(row, lipgloss.NewStyle().Width(colW).Render(c))
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	f := fieldHelp()
	rows = append(rows, m.acrossHelp(f.name, f.keys, w)...)
	pages := []string{strings.Join(rows, "\n")}
	if m.active != 0 {
		return pages
	}
	legend := []string{st.PanelTitle.Render("On the screen")}
	for _, l := range screenLegend {
		// Continuation lines hang under the meaning, clear of the marks'
		// column, where they started under the marks.
		legend = append(legend, hangAfterFirst(l, w, legendMarkW)...)
	}
	return append(pages, strings.Join(legend, "\n"))
}

// acrossHelp lays bindings out one after the other after their group's
// name, in lines of w cells, a binding never split between two.
func (m *Model) acrossHelp(name string, bindings []key.Binding, w int) []string {
	st, hs := m.c.Styles, m.help.Styles
	indent := layout.CellWidth(name) + 2
	sep, sepW := " · ", 3
	lines := []string{st.PanelTitle.Render(name) + "  "}
	used := indent
	for i, b := range bindings {
		item := hs.FullKey.Render(b.Help().Key) + " " + hs.FullDesc.Render(b.Help().Desc)
		iw := ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
		if i > 0 {
			if used+sepW+iw > w {
				lines = append(lines, strings.Repeat(" ", indent))
				used = indent
			} else {
				lines[len(lines)-1] += hs.FullSeparator.Render(sep)
				used += sepW
			}
		}
		lines[len(lines)-1] += item
		used += iw
	}
	return lines
}

// screenLegend says what the marks of the explorer's screen mean.
// hangAfterFirst wraps text to w cells, the first line as wide as it
// goes and the others indented by indent cells.
func hangAfterFirst(text string, w, indent int) []string {
	lines := strings.SplitN(layout.Wrap(text, w), "\n", 2)
	if len(lines) == 1 || w-indent < 10 {
		return strings.Split(layout.Wrap(text, w), "\n")
	}
	rest := strings.Join(strings.Fields(lines[1]), " ")
	return append(lines[:1], layout.Hang(rest, indent, w)...)
}

// legendMarkW is the width of the marks' column of screenLegend.
const legendMarkW = 9

var screenLegend = []string{
	"zero→0   NDCG when IDCG is 0 (no relevant item): 0, or 1 under zero→1 (z switches)",
	"=sklearn the preset whose conventions are in force (P picks one)",
	"3.50*    a tied rank's gain under expected ties: the mean gain of its tie group",
	"┌T1 └    a tie group (items with equal scores), T1, T2 … in rank order",
	"ideal    the grade at rank i of the ideal ranking (a grade, not a gain); IDCG@i sums its gains",
	"·        a rank past k: it does not count in DCG@k or NDCG@k",
}
