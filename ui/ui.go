// Package ui is the interactive explorer: a Bubble Tea program where a
// person edits a ranked list and sees every NDCG number change as they
// type. The root Model owns the workspace (the list, the settings, the
// undo history) and switches between views; each view is a sub-model
// that owns its own state and size. Keys live in keys.go, styles in
// styles.go, messages in messages.go.
package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// headerLines are the title and conventions lines above every view.
const headerLines = 2

// The smallest terminal the explorer draws in; below it, it says so.
const (
	MinWidth  = 50
	MinHeight = 12
)

// Options start the explorer.
type Options struct {
	Doc      *listio.Document
	Settings ndcg.Settings
	// ASCII draws bars with # and brackets with ASCII characters.
	ASCII bool
	// NoColor drops every colour from the style sheet (NO_COLOR).
	NoColor bool
	// Seed makes random lists (the quiz) repeatable; 0 means the clock.
	Seed int64
	// SaveName is the file name save as suggests when the list has no
	// JSON file of its own; empty means one made from the list's name.
	SaveName string
	// Markdown writes the report for the copy key (y m); nil leaves that
	// choice out.
	Markdown MarkdownReport
}

// Common is what every view shares: the workspace, the keys, the styles
// and the status line.
type Common struct {
	WS     *Workspace
	Keys   KeyMap
	Styles Styles
	ASCII  bool
	// Seed is the quiz's seed, 0 for one from the clock.
	Seed int64

	status    string
	statusErr bool
}

// SetStatus shows text in the status line until the next one.
func (c *Common) SetStatus(text string, isErr bool) { c.status, c.statusErr = text, isErr }

// view is one screen of the program. Views draw exactly the size they
// were given, read the workspace from Common and may change it; the root
// model tells them with editedMsg when something else did.
type view interface {
	Name() string
	SetSize(w, h int)
	Update(msg tea.Msg) tea.Cmd
	View() string
}

// Model is the root model.
type Model struct {
	c      *Common
	views  []view
	active int

	width, height int
	isDark        bool
	colour        bool

	help     help.Model
	showHelp bool
	helpTop  int // first line of the help shown, when it is taller than the screen
	picker   *presetPicker
	saveAs   *textinput.Model
	// overwrite is a file that exists, named in save as: enter a second
	// time replaces it.
	overwrite string
	confirm   bool // asking whether to quit with unsaved edits
	// quitAfterSave ends the program once the save-as dialog has saved.
	quitAfterSave bool
	footerCache   string
	footerW       int
	footerView    int
	fileGain      *ndcg.Gain
	saveName      string // what save as suggests for a list without a file
	// announced is set when a key's edit has been shown (undo and redo
	// say so themselves), so the catch-all after the key does not
	// announce it again without its prefix.
	announced bool
	// exp is the state of the copy (y) and screen image (X) keys.
	exp exporter
}

// New builds the explorer on a document.
func New(o Options) *Model {
	ws := NewWorkspace(o.Doc, o.Settings)
	c := &Common{WS: ws, Keys: DefaultKeyMap(), ASCII: o.ASCII, Seed: o.Seed}
	m := &Model{c: c, isDark: true, colour: !o.NoColor, help: help.New(), saveName: o.SaveName}
	m.exp.markdown = o.Markdown
	if o.Settings.Gain.Kind == ndcg.GainMap {
		g := o.Settings.Gain
		m.fileGain = &g
	}
	m.views = append([]view{newExplorer(c)}, teachingViews(c)...)
	for i, v := range m.views {
		c.Keys.Views = append(c.Keys.Views, viewKey(i, v.Name()))
	}
	m.restyle()
	c.SetStatus(m.greeting(), false)
	return m
}

func (m *Model) greeting() string {
	d := m.c.WS.Doc
	return fmt.Sprintf("%s: %d items. Digits set the grade of the selected rank; ? lists every key.", d.Name, m.c.WS.N())
}

// Workspace is the list being edited, for callers that inspect the end state.
func (m *Model) Workspace() *Workspace { return m.c.WS }

func (m *Model) restyle() {
	m.c.Styles = NewStyles(m.isDark, m.colour)
	m.help.Styles = m.c.Styles.Help
	m.footerCache = ""
}

// Init asks the terminal for its background, to pick light or dark styles.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message: dialogs first, then a view that is taking
// text, then the global keys, then the active view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.resize()
		return m, nil
	case tea.BackgroundColorMsg:
		m.isDark = msg.IsDark()
		m.restyle()
		return m, nil
	case statusMsg:
		m.c.SetStatus(msg.Text, msg.Err)
		return m, nil
	case savedMsg:
		return m, m.saved(msg)
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.MouseClickMsg:
		// Views see coordinates relative to their own top left corner.
		msg.Y -= headerLines
		if m.showHelp || m.picker != nil || m.saveAs != nil || m.confirm || m.exporting() {
			return m, nil
		}
		return m, m.views[m.active].Update(msg)
	case tea.MouseWheelMsg:
		msg.Y -= headerLines
		if m.showHelp || m.picker != nil || m.saveAs != nil || m.confirm || m.exporting() {
			return m, nil
		}
		return m, m.views[m.active].Update(msg)
	}
	return m, m.views[m.active].Update(msg)
}

func (m *Model) resize() {
	body := max(m.height-4, 0) // two header lines, status and help below
	for _, v := range m.views {
		v.SetSize(m.width, body)
	}
	m.help.SetWidth(m.width)
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case m.confirm:
		return m.confirmKey(msg)
	case m.saveAs != nil:
		return m.saveAsKey(msg)
	case m.exporting():
		return m.exportKey(msg)
	case m.picker != nil:
		return m.pickerKey(msg)
	case m.showHelp:
		switch {
		case key.Matches(msg, k.Help, k.Cancel, k.Quit):
			m.showHelp = false
		case key.Matches(msg, k.Up):
			m.helpTop--
		case key.Matches(msg, k.Down):
			m.helpTop++
		case key.Matches(msg, k.PageUp):
			m.helpTop -= max(m.height-6, 1)
		case key.Matches(msg, k.PageDown):
			m.helpTop += max(m.height-6, 1)
		}
		return nil
	}
	active := m.views[m.active]
	ws := m.c.WS
	before := ws.hist.pos
	m.announced = false
	defer func() {
		if ws.hist.pos != before && !m.announced {
			m.changedBy(active)
		}
	}()
	typing := false
	if c, ok := active.(capturer); ok && c.Capturing() {
		typing = true
		if msg.String() != "ctrl+c" {
			return active.Update(msg)
		}
	}
	switch {
	case key.Matches(msg, k.Quit):
		if ws.Dirty() || typing {
			m.confirm = true
			m.c.SetStatus("Unsaved edits. w: save and quit · y: quit without saving · esc: stay", true)
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp, m.helpTop = true, 0
		return nil
	case key.Matches(msg, k.Undo):
		if f, ok := ws.Undo(); ok {
			m.changed(f, "undid: ")
		} else {
			m.c.SetStatus("nothing to undo", true)
		}
		return nil
	case key.Matches(msg, k.Redo):
		if f, ok := ws.Redo(); ok {
			m.changed(f, "redid: ")
		} else {
			m.c.SetStatus("nothing to redo", true)
		}
		return nil
	case key.Matches(msg, k.KUp):
		return m.settingsEdit(ws.KUp(), "k is already the whole list")
	case key.Matches(msg, k.KDown):
		return m.settingsEdit(ws.KDown(), "k is already 1")
	case key.Matches(msg, k.Gain):
		return m.settingsEdit(ws.NextGain(m.fileGain), "")
	case key.Matches(msg, k.Discount):
		return m.settingsEdit(ws.NextDiscount(), "")
	case key.Matches(msg, k.Ties):
		return m.settingsEdit(ws.NextTies(), "")
	case key.Matches(msg, k.IDCG):
		e := ws.ToggleIDCG()
		cmd := m.settingsEdit(e, "")
		if len(ws.List().Pool) == 0 {
			m.c.SetStatus(m.c.status+": no unretrieved judged items here, so the same IDCG", false)
		}
		return cmd
	case key.Matches(msg, k.Zero):
		return m.settingsEdit(ws.ToggleZero(), "")
	case key.Matches(msg, k.Preset):
		m.picker = newPresetPicker(ws)
		return nil
	case key.Matches(msg, k.Save):
		return m.save(false)
	case key.Matches(msg, k.SaveAs):
		m.openSaveAs()
		m.quitAfterSave = false
		return nil
	case key.Matches(msg, k.Copy):
		m.openCopy()
		return nil
	case key.Matches(msg, k.Screenshot):
		m.openShot()
		return nil
	case key.Matches(msg, k.ASCII):
		m.c.ASCII = !m.c.ASCII
		return nil
	case key.Matches(msg, k.NextView):
		m.show((m.active + 1) % len(m.views))
		return nil
	case key.Matches(msg, k.PrevView):
		m.show((m.active + len(m.views) - 1) % len(m.views))
		return nil
	}
	for i, b := range k.Views {
		if key.Matches(msg, b) {
			m.show(i)
			return nil
		}
	}
	return active.Update(msg)
}

// show makes view i the active one. The greeting speaks of the
// explorer's keys (digits set grades), so it does not follow into a view
// where they mean something else.
func (m *Model) show(i int) {
	if m.c.status == m.greeting() {
		m.c.SetStatus("", false)
	}
	m.active = i
}

// settingsEdit applies a change of conventions.
func (m *Model) settingsEdit(e edit, unchanged string) tea.Cmd {
	if e == nil {
		if unchanged != "" {
			m.c.SetStatus(unchanged, true)
		}
		return nil
	}
	f := m.c.WS.Apply(e)
	m.changed(f, "")
	return nil
}

// changed tells every view that the workspace changed and shows what.
func (m *Model) changed(focus int, prefix string) {
	m.announced = true
	for _, v := range m.views {
		v.Update(editedMsg{Focus: focus})
	}
	m.showChange(prefix)
}

// changedBy tells the views other than the one that made the edit.
func (m *Model) changedBy(src view) {
	for _, v := range m.views {
		if v != src {
			v.Update(editedMsg{Focus: -1})
		}
	}
	m.showChange("")
}

func (m *Model) showChange(prefix string) {
	ws := m.c.WS
	what := ws.LastChange()
	if ws.Err != nil {
		m.c.SetStatus(prefix+what+": "+ws.Err.Error(), true)
		return
	}
	m.c.SetStatus(prefix+what, false)
}

func (m *Model) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "y", "Y":
		return tea.Quit
	case "w", "s", "ctrl+s":
		m.confirm = false
		return m.save(true)
	case "esc", "n", "N":
		m.confirm = false
		m.c.SetStatus("not quitting", false)
	}
	return nil
}

// View draws the whole screen: header, the active view (or a dialog),
// status line and key help.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	// Clicks select a rank and the wheel scrolls; shift-drag still
	// selects text in most terminals.
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "ndcg-explorer: " + m.c.WS.Doc.Name
	return v
}

func (m *Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < MinWidth || h < MinHeight {
		return tooSmall("The explorer", w, h, MinWidth, MinHeight)
	}
	body := h - 4
	var main string
	switch {
	case m.showHelp:
		main = m.helpView(w, body)
	case m.picker != nil:
		main = m.picker.View(m.c, w, body)
	default:
		main = m.views[m.active].View()
	}
	parts := []string{
		m.titleLine(w),
		m.conventionsLine(w),
		block(main, w, body),
		m.statusLine(w),
		m.footer(w),
	}
	return strings.Join(parts, "\n")
}

func (m *Model) titleLine(w int) string {
	st, ws := m.c.Styles, m.c.WS
	name := ws.Doc.Name
	if t := ws.Doc.Title; t != "" && !strings.HasSuffix(name, t) {
		// (A TREC query is named "run query 301" and titled "query 301".)
		name += ": " + t
	}
	left := st.title.paint("ndcg-explorer") + " " + name
	right := []string{"[" + m.views[m.active].Name() + "]"}
	if ws.Dirty() {
		right = append(right, "modified")
	}
	r := strings.Join(right, " ")
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(r)
	if gap < 1 {
		left = ansi.Truncate(left, max(w-ansi.StringWidth(r)-1, 0), "…")
		gap = w - ansi.StringWidth(left) - ansi.StringWidth(r)
	}
	return ansi.Truncate(left+strings.Repeat(" ", max(gap, 0))+st.warn.paint(r), w, "")
}

// conventionsLine states the conventions in force, as every output
// does: in words when there is room, in short when not.
func (m *Model) conventionsLine(w int) string {
	s := m.c.WS.Settings
	preset := ""
	for _, p := range ndcg.Presets {
		if p.Matches(s) {
			preset = p.Name
			break
		}
	}
	integer := ""
	if s.TruncateGrades {
		integer = "integer grades"
	}
	long := []string{
		"gain " + s.Gain.String() + " (" + s.Gain.Formula() + ")", "discount " + s.Discount.String(),
		"k=" + s.KString(), "ties " + s.Ties.String(), "IDCG from " + s.IDCG.String(),
		"NDCG=" + fmtNum(s.Zero) + " when IDCG=0", integer,
	}
	short := []string{
		"gain " + s.Gain.String(), s.Discount.String(), "k=" + s.KString(), "ties " + s.Ties.String(),
		"IDCG " + s.IDCG.String(), "zero→" + fmtNum(s.Zero), integer,
	}
	named := func(p string) string {
		if preset == "" {
			return ""
		}
		return p
	}
	line := joinNonEmpty(append(long, named("(= "+preset+")")), " · ")
	if ansi.StringWidth(line) > w {
		line = joinNonEmpty(append(short, named("="+preset)), " · ")
	}
	if ansi.StringWidth(line) > w {
		// A preset says it all: it goes first, so that it is never what
		// gets cut.
		line = joinNonEmpty(append([]string{named("=" + preset)}, short...), " · ")
	}
	return m.c.Styles.subtle.paint(ansi.Truncate(line, w, "…"))
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

func (m *Model) statusLine(w int) string {
	st := m.c.Styles
	if line, ok := m.exportStatus(w); ok {
		return line
	}
	if m.saveAs != nil {
		line := "save as: " + m.saveAs.View()
		if m.overwrite != "" && m.overwrite == strings.TrimSpace(m.saveAs.Value()) {
			line = st.errorInk.paint("save as (exists: enter replaces it):") + " " + m.saveAs.View()
		}
		return ansi.Truncate(line, w, "")
	}
	text := ansi.Truncate(m.c.status, w, "…")
	if m.c.statusErr {
		return st.errorInk.paint(text)
	}
	return st.status.paint(text)
}

// footer is the active view's short help, with ? and q always in view
// however narrow the terminal. It is drawn once per width, view and
// style sheet.
func (m *Model) footer(w int) string {
	if m.footerCache != "" && m.footerW == w && m.footerView == m.active {
		return m.footerCache
	}
	k := m.c.Keys
	line := footerLine(&m.help, k.ShortHelpFor(m.views[m.active].Name()), k.Help, k.Quit, w)
	m.footerCache, m.footerW, m.footerView = line, w, m.active
	return m.footerCache
}

// tooSmall is the screen drawn instead of what needs minW×minH.
func tooSmall(what string, w, h, minW, minH int) string {
	msg := fmt.Sprintf("Terminal too small: %d×%d. %s needs at least %d×%d: make the window larger, or press q to quit.", w, h, what, minW, minH)
	return block(wrap(msg, w), w, h)
}

// footerLine is a short help line of at most w cells that always ends
// with the help and quit keys: the other bindings go first and are cut,
// most important first, when the line is too narrow for them all.
func footerLine(h *help.Model, bindings []key.Binding, helpKey, quitKey key.Binding, w int) string {
	tail := h.ShortHelpView([]key.Binding{helpKey, quitKey})
	sep := h.ShortSeparator
	var rest []key.Binding
	for _, b := range bindings {
		if k := b.Help().Key; k != helpKey.Help().Key && k != quitKey.Help().Key {
			rest = append(rest, b)
		}
	}
	room := max(w-cellWidth(ansi.Strip(tail))-cellWidth(sep), 1)
	h.SetWidth(room)
	head := h.ShortHelpView(rest)
	// The help model adds a binding that overflows when not even its
	// ellipsis would fit; drop bindings from the end until the line fits.
	for n := len(rest) - 1; n >= 0 && cellWidth(head) > room; n-- {
		head = h.ShortHelpView(rest[:n])
	}
	h.SetWidth(w)
	line := tail
	if head != "" {
		line = head + h.Styles.ShortSeparator.Inline(true).Render(sep) + tail
	}
	return ansi.Truncate(line, w, "")
}

// helpView lays out the full help a group per column, as many columns
// abreast as fit, so nothing is dropped on a narrow terminal.
func (m *Model) helpView(w, h int) string {
	st := m.c.Styles
	groups := m.c.Keys.FullHelp()
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
	return scrolled(st, "Keys", "(? or esc closes; in the explorer digits set the selected rank's grade)",
		strings.Join(rows, "\n"), &m.helpTop, w, h)
}

// scrolled draws a titled text in w×h: whole when it fits, else the
// lines from *top on, the heading saying which and how to scroll (*top
// is kept within the text).
func scrolled(st Styles, title, note, text string, top *int, w, h int) string {
	body := strings.Split(text, "\n")
	if len(body) <= h-1 {
		*top = 0
		return block(st.Title.Render(title)+st.Subtle.Render("  "+note)+"\n"+text, w, h)
	}
	shown := max(h-1, 1)
	*top = max(min(*top, len(body)-shown), 0)
	head := st.Title.Render(title) + st.Subtle.Render(fmt.Sprintf("  lines %d–%d of %d, ↑/↓ scroll",
		*top+1, *top+shown, len(body)))
	return block(head+"\n"+strings.Join(body[*top:*top+shown], "\n"), w, h)
}

// save writes the list to its file, or asks for a name when it has none.
func (m *Model) save(quit bool) tea.Cmd {
	path := m.savePath()
	if path == "" {
		m.openSaveAs()
		m.quitAfterSave = quit
		return nil
	}
	return m.saveTo(path, quit)
}

// savePath is the file the document came from, if it is a file.
func (m *Model) savePath() string {
	n := m.c.WS.Doc.Name
	if n == "" || n == "-" || n == "inline" || strings.HasPrefix(n, "sample:") || !strings.HasSuffix(strings.ToLower(n), ".json") {
		return ""
	}
	return n
}

// saveTo encodes the document now, so later edits cannot race the write,
// and writes it atomically in a command.
func (m *Model) saveTo(path string, quit bool) tea.Cmd {
	ws := m.c.WS
	data, err := listio.WriteJSON(ws.Doc, ws.Settings)
	at := ws.hist.pos
	if err != nil {
		return func() tea.Msg { return savedMsg{Path: path, Err: err, At: at} }
	}
	m.c.SetStatus("saving "+path+"…", false)
	return func() tea.Msg {
		return savedMsg{Path: path, Err: listio.WriteFileAtomic(path, data), At: at, Quit: quit}
	}
}

func (m *Model) saved(msg savedMsg) tea.Cmd {
	if msg.Err != nil {
		m.c.SetStatus("not saved: "+msg.Err.Error(), true)
		return nil
	}
	ws := m.c.WS
	ws.savedAt = msg.At
	ws.Doc.Name = msg.Path
	m.c.SetStatus(fmt.Sprintf("saved %d items to %s", ws.N(), msg.Path), false)
	if msg.Quit {
		return tea.Quit
	}
	return nil
}

func (m *Model) openSaveAs() {
	in := textinput.New()
	in.Prompt = ""
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	in.SetWidth(max(m.width-12, 10))
	def := m.savePath()
	if def == "" && m.saveName != "" {
		def = m.saveName
	}
	if def == "" {
		base := strings.TrimPrefix(m.c.WS.Doc.Name, "sample:")
		if base == "" || base == "-" || base == "inline" {
			base = "list"
		}
		def = strings.TrimSuffix(filepath.Base(base), filepath.Ext(base)) + ".json"
	}
	in.SetValue(def)
	in.CursorEnd()
	in.Focus()
	m.saveAs = &in
	m.c.SetStatus("", false)
}

func (m *Model) saveAsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.saveAs, m.overwrite = nil, ""
		m.quitAfterSave = false
		m.c.SetStatus("not saved", false)
		return nil
	case key.Matches(msg, k.Confirm):
		path := strings.TrimSpace(m.saveAs.Value())
		if path == "" {
			return func() tea.Msg { return statusMsg{Text: "type a file name (esc cancels)", Err: true} }
		}
		if _, err := os.Stat(path); err == nil && path != m.savePath() && path != m.overwrite {
			m.overwrite = path
			return nil
		}
		m.saveAs, m.overwrite = nil, ""
		return m.saveTo(path, m.quitAfterSave)
	}
	in, cmd := m.saveAs.Update(msg)
	m.saveAs = &in
	return cmd
}

func (m *Model) pickerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	p := m.picker
	switch {
	case key.Matches(msg, k.Cancel, k.Preset, k.Quit):
		m.picker = nil
	case key.Matches(msg, k.Up):
		p.cursor = (p.cursor + len(p.rows) - 1) % len(p.rows)
	case key.Matches(msg, k.Down):
		p.cursor = (p.cursor + 1) % len(p.rows)
	case key.Matches(msg, k.Confirm):
		s := p.rows[p.cursor].settings
		m.picker = nil
		return m.settingsEdit(m.c.WS.ChangeSettings(s), "these conventions are already in force")
	}
	return nil
}
