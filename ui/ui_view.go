package ui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// View is the whole screen as the last Update drew it: header, the
// active view (or a dialog), status line and key help.
func (m *Model) View() tea.View {
	return frameView(m.frame, m.windowTitle())
}

// windowTitle names the list in the terminal's title, and the attendee
// where the room knows them by a name of its own (Remote.Name).
func (m *Model) windowTitle() string {
	title := "ndcg-explorer: " + shown(m.c.WS.Doc.Name)
	if m.remote != nil && m.remote.Name != "" {
		title += " · " + shown(m.remote.Name)
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
		msg := tooSmall("The explorer", w, h, MinWidth, MinHeight)
		if m.confirm != thenStay {
			// The quit question must be seen, whole, to be answered: it
			// takes the last lines.
			lines := strings.Split(msg, "\n")
			q := strings.Split(wrap(m.c.status.text, w), "\n")
			q = q[:min(len(q), len(lines))]
			for i, l := range q {
				lines[len(lines)-len(q)+i] = m.c.status.paint(m.c.Styles, l)
			}
			msg = strings.Join(lines, "\n")
		}
		return msg
	}
	body := h - chromeLines
	bar := []string{m.viewBar(w)}
	var main string
	switch {
	case m.keysHelp.open:
		// The help and the dialogs take the view bar's line too: they
		// cover the views, and the help fits 80×24 whole with it.
		bar, body = nil, body+1
		main = m.keysHelp.view(m.c.Styles, w, body)
	case m.picker != nil:
		bar, body = nil, body+1
		main = m.picker.View(m.c, w, body)
	case m.opener != nil:
		bar, body = nil, body+1
		main = m.opener.View(m.c, w, body)
	default:
		main = m.views[m.active].View()
	}
	conv := m.conventionsLine(w)
	if m.c.WS.Pending() {
		// The numbers on screen are those before the last change: the
		// spinner says they are being worked out for these conventions.
		// The line makes room for it as for any width, settings giving
		// way whole.
		conv = m.later.glyph(m.c.Styles) + " " + m.conventionsLine(max(w-2, 0))
	}
	parts := append([]string{m.titleLine(w), conv}, bar...)
	status, more := m.statusLines(w)
	if more == "" {
		more = m.footer(w)
	}
	parts = append(parts, block(main, w, body), status, more)
	return strings.Join(parts, "\n")
}

func (m *Model) titleLine(w int) string {
	line, _ := titleLine(m.c.Styles, m.c.WS.Doc, titleRight(m.viewName(m.active), m.c.WS.Dirty()), w)
	return line
}

// titleRight is the end of the title line: the view's name, and
// "modified" while there are unsaved edits.
func titleRight(view string, dirty bool) string {
	if dirty {
		return "[" + view + "] modified"
	}
	return "[" + view + "]"
}

// titleLine is the first line of the screen in w cells: the program's
// name and the list's heading, right ending it. What does not fit gives
// way in this order: the directories of the list's file (its name says
// which list it is), the program's name (the window's title says it),
// then the end of the list's title, cut between two words. whole says
// the title is shown whole; when it is not, the notes (N) start with it.
func titleLine(st Styles, d *listio.Document, right string, w int) (line string, whole bool) {
	name, title := shown(d.Name), ""
	if d.Heading() != d.Name {
		title = shown(d.Title)
	}
	end := ""
	if d.New {
		end = " (new file: w saves it)"
	}
	room := w - ansi.StringWidth(right) - 1
	prog := st.title.paint("ndcg-explorer") + " "
	left := func(prog, name, title string) string {
		if title == "" {
			return prog + name + end
		}
		return prog + name + ": " + title + end
	}
	fits := func(s string) bool { return ansi.StringWidth(s) <= room }
	whole = true
	text := left(prog, name, title)
	if slash := strings.LastIndexByte(name, '/'); slash > 0 && !fits(text) {
		name = "…" + name[slash:]
		text = left(prog, name, title)
	}
	if !fits(text) {
		text = left("", name, title)
	}
	if !fits(text) && title != "" {
		whole = false
		if rest := room - ansi.StringWidth(left("", name, "")) - 2; rest >= 8 {
			text = left("", name, cutBetweenWords(title, rest))
		}
	}
	if !fits(text) {
		text = ansi.Truncate(text, max(room, 0), "…")
	}
	gap := max(w-ansi.StringWidth(text)-ansi.StringWidth(right), 1)
	return ansi.Truncate(text+strings.Repeat(" ", gap)+st.warn.paint(right), w, ""), whole
}

// titleCut reports whether the explorer's title line, w cells wide,
// cuts the list's title short; N then shows it whole, and the greeting
// says so. It is never cut before the width is known.
func titleCut(st Styles, ws *workspace.Workspace, w int) bool {
	if w <= 0 {
		return false
	}
	_, whole := titleLine(st, ws.Doc, titleRight("explorer", ws.Dirty()), w)
	return !whole
}

// cutBetweenWords shortens text to at most w cells, cut after its last
// whole word that fits and ending with …, so that no word is cut short;
// a first word too long for w is cut.
func cutBetweenWords(text string, w int) string {
	if ansi.StringWidth(text) <= w {
		return text
	}
	cut := ""
	for i, r := range text {
		if r != ' ' {
			continue
		}
		head := strings.TrimRight(text[:i], " ,;:—-")
		if ansi.StringWidth(head)+1 > w {
			break
		}
		cut = head
	}
	if cut == "" {
		return ansi.Truncate(text, w, "…")
	}
	return cut + "…"
}

// conventionsLine states the conventions in force, as every output
// does: in words when there is room, in short when not.
func (m *Model) conventionsLine(w int) string {
	s := m.shownSettings()
	if m.convW != w || !s.Equal(m.convFor) {
		m.convCache, m.convW, m.convFor = m.drawConventions(s, w), w, s
	}
	return m.convCache
}

// settingsShower is a view whose numbers follow conventions of its own
// (the quiz asks NDCG at its own k): the header states those.
type settingsShower interface{ shownSettings() ndcg.Settings }

// shownSettings are the conventions the active view computes under: the
// list's, but for a view that has its own.
func (m *Model) shownSettings() ndcg.Settings {
	if v, ok := m.views[m.active].(settingsShower); ok {
		return v.shownSettings()
	}
	return m.c.WS.Settings
}

func (m *Model) drawConventions(s ndcg.Settings, w int) string {
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
	line := joinNonEmpty(append(long, named("="+preset)), " · ")
	if ansi.StringWidth(line) > w {
		line = joinNonEmpty(append(short, named("="+preset)), " · ")
	}
	if ansi.StringWidth(line) > w {
		// A preset says it all: it goes first, so that it is never what
		// gets cut; the settings that do not fit whole give way from the
		// end (integer grades, then the IDCG=0 rule…), not a word cut.
		line = joinFit(append([]string{named("=" + preset)}, short...), " · ", w)
	}
	return m.c.Styles.subtle.paint(ansi.Truncate(line, w, "…"))
}

// joinFit joins the non-empty parts with sep in at most w cells: those
// that do not fit whole give way from the end, an … saying so.
func joinFit(parts []string, sep string, w int) string {
	line := joinNonEmpty(parts, sep)
	for n := len(parts) - 1; n > 0 && ansi.StringWidth(line) > w; n-- {
		line = joinNonEmpty(parts[:n], sep) + sep + "…"
	}
	return line
}

func joinNonEmpty(parts []string, sep string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
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
		return m.c.status.line(m.c.Styles, m.c.status.text, w), ""
	}
	return m.c.status.lines(m.c.Styles, m.c.status.text, w)
}

// promptLine is the line of the prompt typed into on the status line
// (k, save as, an image's name), if one is open.
func (m *Model) promptLine(w int) (string, bool) {
	st := m.c.Styles
	if line, ok := m.exportStatus(w); ok {
		return line, true
	}
	if m.cutoff != nil {
		return m.cutoffLine(w), true
	}
	if m.saveAs != nil {
		line := m.saveAsLabel + m.saveAs.View(&st)
		if m.overwrite != "" && m.overwrite == strings.TrimSpace(m.saveAs.Value()) {
			line = st.errorInk.paint("save as (exists: enter replaces it):") + " " + m.saveAs.View(&st)
		}
		return ansi.Truncate(line, w, ""), true
	}
	return "", false
}

// footer is the active view's short help, with ? and q always in view
// however narrow the terminal. It is drawn once per width, view and
// style sheet.
func (m *Model) footer(w int) string {
	if m.keysHelp.open {
		return m.helpFooter(w)
	}
	if m.picker != nil || m.opener != nil && m.opener.samplesOnly {
		// A list to choose from has the keys: the view's do nothing.
		return m.chooserFooter(w)
	}
	if m.exp.choosing {
		m.help.SetWidth(w)
		return m.help.ShortHelpView([]key.Binding{bind([]string{"v", "m", "j"}, "v/m/j", "choose"), as(m.c.Keys.Cancel, "esc", "cancel")})
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
		line = promptFooter(&m.help, k, w)
	} else {
		line = footerLine(&m.help, m.views[m.active].ShortHelp(), k.Help, k.Quit, w)
	}
	m.footerCache, m.footerW, m.footerView, m.footerTyping = line, w, m.active, typing
	return m.footerCache
}

// helpFooter is the footer under the help: which lines are on screen
// when not all are, and the keys that scroll and close it.
func (m *Model) helpFooter(w int) string {
	m.help.SetWidth(w)
	line := m.help.ShortHelpView([]key.Binding{helpClose})
	if where := m.keysHelp.place(); where != "" {
		line = m.c.Styles.Subtle.Render(where) + " " + m.help.ShortHelpView([]key.Binding{helpScroll, helpClose})
	} else {
		line += m.c.Styles.Subtle.Render(" · in the explorer, digits set the selected rank's grade")
	}
	return ansi.Truncate(line, w, "…")
}

// chooserFooter is the footer under the preset picker, and under the
// open dialog of a session over the network, which offers the samples
// alone: the keys that choose, take and close.
func (m *Model) chooserFooter(w int) string {
	k := m.c.Keys
	take, closeKey := as(k.Confirm, "enter", "open it"), as(k.Cancel, "esc", "close")
	if m.picker != nil {
		take, closeKey = as(k.Confirm, "enter", "apply it"), bind([]string{"esc", "P", "q"}, "esc/P/q", "close")
	}
	m.help.SetWidth(w)
	return ansi.Truncate(m.help.ShortHelpView([]key.Binding{bind([]string{"up", "down"}, "↑/↓", "choose"), take, closeKey}), w, "")
}

// The keys of the open help as its footer names them (handleKey reads
// them from the key map: ? or q again, esc, the arrows and pages).
var (
	helpScroll = bind([]string{"up", "down", "pgup", "pgdown"}, "↑/↓", "scroll")
	helpClose  = bind([]string{"?", "esc", "q"}, "?/esc/q", "close")
)

// typing reports whether a text field has the keys: a prompt over the
// view (open, save as, an image's name, k) or the explorer's score or
// title edited in place. The check and quiz views, whose fields take a
// number, say so in their own footers.
func (m *Model) typing() bool {
	if m.saveAs != nil || m.cutoff != nil || m.exp.shotAs != nil || m.opener != nil && !m.opener.samplesOnly {
		return true
	}
	e, ok := m.views[m.active].(*explorer)
	return ok && e.Capturing()
}

// promptFooter is the footer while a field has the keys: enter and esc,
// then the field's keys that a prompt most needs, cut to w cells.
func promptFooter(h *help.Model, k KeyMap, w int) string {
	f := fieldKeys
	h.SetWidth(w)
	line := h.ShortHelpView([]key.Binding{k.Confirm, k.Cancel, f.DeleteWordBack, f.DeleteToStart, f.WordLeft, f.WordRight, f.Home, f.End})
	return ansi.Truncate(line, w, "")
}

// helpText lays out the full help a group per column, as many columns
// abreast as fit in w, so nothing is dropped on a narrow terminal; the
// views, the last group, go across the width below them, as their keys
// and names are short.
func (m *Model) helpText(w int) string {
	st := m.c.Styles
	groups := m.fullHelp()
	views := groups[len(groups)-1]
	groups = groups[:len(groups)-1]
	var cols []string
	colW := 0
	for i, g := range groups {
		c := st.PanelTitle.Render(HelpGroups[i]) + "\n" + m.help.FullHelpView([][]key.Binding{g})
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
	rows = append(rows, m.acrossHelp(HelpGroups[len(HelpGroups)-1], views, w)...)
	// What the screen's marks mean, below the keys (↓ scrolls to it
	// where the keys fill the screen).
	rows = append(rows, "", st.PanelTitle.Render("On the screen"))
	for _, l := range screenLegend {
		// Continuation lines hang under the meaning, clear of the marks'
		// column, where they started under the marks.
		rows = append(rows, hangAfterFirst(l, w, legendMarkW)...)
	}
	return strings.Join(rows, "\n")
}

// acrossHelp lays bindings out one after the other after their group's
// name, in lines of w cells, a binding never split between two.
func (m *Model) acrossHelp(name string, bindings []key.Binding, w int) []string {
	st, hs := m.c.Styles, m.help.Styles
	indent := cellWidth(name) + 2
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

// wideLegend is screenLegend in short, under the summary on a wide
// screen.
const wideLegend = "zero→0: NDCG when IDCG is 0 · 3.50*: a tie group's mean gain · ideal: the ideal ranking's grade (not a gain) · ·: past k"

// screenLegend says what the marks of the explorer's screen mean.
// hangAfterFirst wraps text to w cells, the first line as wide as it
// goes and the others indented by indent cells.
func hangAfterFirst(text string, w, indent int) []string {
	lines := strings.SplitN(wrap(text, w), "\n", 2)
	if len(lines) == 1 || w-indent < 10 {
		return strings.Split(wrap(text, w), "\n")
	}
	rest := strings.Join(strings.Fields(lines[1]), " ")
	return append(lines[:1], hang(rest, indent, w)...)
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

// layoutHelp lays the open help out again for a new size or style sheet.
func (m *Model) layoutHelp() {
	if m.keysHelp.open {
		m.keysHelp.set(m.helpText(m.width), m.width, m.height-chromeLines+1)
	}
}
