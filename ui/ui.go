// Package ui is the interactive explorer: a Bubble Tea program where a
// person edits a ranked list and sees every NDCG number change as they
// type. The root Model owns the workspace (package workspace: the list,
// the settings, the undo history) and switches between views; each view
// is a sub-model that owns its own state, size, footer and keys. The
// views are listed in teach.go, the keys they share in keys.go, styles
// in styles.go, messages in messages.go.
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
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// headerLines are the title, conventions and view bar lines above every
// view; chromeLines adds the status and footer lines below it.
const (
	headerLines = 3
	chromeLines = headerLines + 2
)

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
	// Present opens the explorer in projector mode (R switches it).
	Present bool
	// SaveName is the file name save as suggests when the list has no
	// JSON file of its own; empty means one made from the list's name.
	SaveName string
	// Remote, when set, runs the explorer for a session over the
	// network: no file is read or written (see Remote).
	Remote *Remote
}

// Common is what every view shares: the workspace, the keys, the styles
// and the status line.
type Common struct {
	WS     *workspace.Workspace
	Keys   KeyMap
	Styles Styles
	ASCII  bool
	// Seed is the quiz's seed, 0 for one from the clock.
	Seed int64
	// remote is set in a session over the network.
	remote *Remote

	status status
	// tell hands a change of the workspace to the root model, which
	// passes it to every view.
	tell func(workspace.Edited)
}

// Apply makes an edit and tells every view, the one that made it too.
func (c *Common) Apply(e workspace.Edit) { c.tell(c.WS.Apply(e)) }

// ApplyAside is Apply for an edit made in a teaching view: the edit names
// no item, so the explorer's cursor stays on the item it was on rather
// than jump to the one edited, which the person has not chosen there.
func (c *Common) ApplyAside(e workspace.Edit) {
	ed := c.WS.Apply(e)
	ed.Focus = -1
	c.tell(ed)
}

// SetStatus shows text in the status line until the next one.
func (c *Common) SetStatus(text string, isErr bool) { c.status.set(text, isErr) }

// Model is the root model.
type Model struct {
	c      *Common
	views  []view
	active int

	width, height int
	isDark        bool
	colour        bool

	help     help.Model
	keysHelp overlay // the full help, open after ?
	picker   *presetPicker
	opener   *opener // the open dialog, after o
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

	remote *Remote
	offer  *Offer // a list the instructor sent, not yet opened or declined
}

// New builds the explorer on a document.
func New(o Options) *Model {
	ws := workspace.New(o.Doc, o.Settings)
	if o.Remote != nil {
		ws.MaxItems = o.Remote.MaxItems
	}
	c := &Common{WS: ws, Keys: DefaultKeyMap(), ASCII: o.ASCII, Seed: o.Seed, remote: o.Remote}
	m := &Model{c: c, isDark: true, colour: !o.NoColor, help: help.New(), saveName: o.SaveName, remote: o.Remote}
	c.tell = m.changed
	if o.Settings.Gain.Kind == ndcg.GainMap {
		g := o.Settings.Gain
		m.fileGain = &g
	}
	for i, r := range views {
		c.Keys.Views = append(c.Keys.Views, viewKey(i, r))
	}
	for _, r := range views {
		m.views = append(m.views, r.make(c))
	}
	if e, ok := m.views[0].(*explorer); ok {
		e.present = o.Present
	}
	if o.Remote != nil {
		m.setRemote()
	}
	m.restyle()
	c.SetStatus(m.greeting(), false)
	return m
}

func (m *Model) greeting() string {
	d := m.c.WS.Doc
	if strings.TrimSpace(d.Notes) != "" {
		return fmt.Sprintf("%s: %d items; N shows its notes. Digits set the grade of the selected rank; ? lists every key.", d.Name, m.c.WS.N())
	}
	return fmt.Sprintf("%s: %d items. Digits set the grade of the selected rank; ? lists every key.", d.Name, m.c.WS.N())
}

// Workspace is the list being edited, for callers that inspect the end state.
func (m *Model) Workspace() *workspace.Workspace { return m.c.WS }

func (m *Model) restyle() {
	m.c.Styles = NewStyles(m.isDark, m.colour)
	m.help.Styles = m.c.Styles.Help
	m.footerCache = ""
	m.layoutHelp()
}

// Init asks the terminal for its background, to pick light or dark styles.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message: dialogs first, then a view that is taking
// text, then the global keys, then the active view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := m.remoteUpdate(msg); ok {
		return m, cmd
	}
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
		if m.dialogOpen() {
			return m, nil
		}
		return m, m.views[m.active].Update(msg)
	case tea.MouseWheelMsg:
		msg.Y -= headerLines
		if m.dialogOpen() {
			return m, nil
		}
		return m, m.views[m.active].Update(msg)
	}
	return m, m.views[m.active].Update(msg)
}

func (m *Model) resize() {
	body := max(m.height-chromeLines, 0) // header lines, status and help below
	for _, v := range m.views {
		v.SetSize(m.width, body)
	}
	m.help.SetWidth(m.width)
	m.layoutHelp()
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case m.confirm:
		return m.confirmKey(msg)
	case m.saveAs != nil:
		return m.saveAsKey(msg)
	case m.picker != nil:
		return m.pickerKey(msg)
	case m.opener != nil:
		return m.openerKey(msg)
	case m.keysHelp.open:
		switch {
		case key.Matches(msg, k.Help, k.Cancel, k.Quit):
			m.keysHelp.open = false
		case key.Matches(msg, k.Up):
			m.keysHelp.scroll(-1)
		case key.Matches(msg, k.Down):
			m.keysHelp.scroll(1)
		case key.Matches(msg, k.PageUp):
			m.keysHelp.scroll(-max(m.height-6, 1))
		case key.Matches(msg, k.PageDown):
			m.keysHelp.scroll(max(m.height-6, 1))
		}
		return nil
	}
	active := m.views[m.active]
	ws := m.c.WS
	typing := false
	if c, ok := active.(capturer); ok && c.Capturing() {
		typing = true
		if msg.String() != "ctrl+c" {
			return active.Update(msg)
		}
	}
	if cmd, ok := m.offerKey(msg); ok {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Quit):
		if ws.Dirty() || typing {
			m.confirm = true
			if m.remote != nil {
				m.c.SetStatus(quitKeys.ask("Unsaved edits", as(quitKeys.Save, "w", "copy the list and quit"),
					as(quitKeys.Quit, "y", "quit without copying"), quitKeys.Stay), true)
			} else {
				m.c.SetStatus(quitKeys.ask("Unsaved edits", quitKeys.Save, quitKeys.Quit, quitKeys.Stay), true)
			}
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.keysHelp.show("Keys", "(? or esc closes; in the explorer digits set the selected rank's grade)",
			m.helpText(m.width), m.width, m.height-chromeLines+1)
		return nil
	case key.Matches(msg, k.Undo):
		if ed, ok := ws.Undo(); ok {
			m.changed(ed)
		} else {
			m.c.SetStatus("nothing to undo", true)
		}
		return nil
	case key.Matches(msg, k.Redo):
		if ed, ok := ws.Redo(); ok {
			m.changed(ed)
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
			m.c.SetStatus(m.c.status.text+": no unretrieved judged items here, so the same IDCG", false)
		}
		return cmd
	case key.Matches(msg, k.Zero):
		return m.settingsEdit(ws.ToggleZero(), "")
	case key.Matches(msg, k.Preset):
		m.picker = newPresetPicker(ws)
		return nil
	case key.Matches(msg, openKey):
		if ws.Dirty() {
			m.c.SetStatus("unsaved edits: save them (w) or undo them (u) before opening another list", true)
			return nil
		}
		m.opener = newOpener(m.width)
		return nil
	case key.Matches(msg, k.Save):
		return m.save(false)
	case key.Matches(msg, k.SaveAs):
		if m.remote != nil {
			return m.copyReport()
		}
		m.openSaveAs()
		m.quitAfterSave = false
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
	// A key the view ignores says so, rather than nothing happening
	// (a digit in the working view): the view, the list and the status
	// line all unchanged. Moving past an end is not worth a word.
	before, said, at := active.View(), m.c.status.text, ws.Version()
	cmd := active.Update(msg)
	if cmd == nil && m.c.status.text == said && ws.Version() == at && !k.moves(msg) && active.View() == before {
		m.c.SetStatus(fmt.Sprintf("%s does nothing in the %s view (? lists the keys)", keyName(msg), m.viewName(m.active)), true)
	}
	return cmd
}

// show makes view i the active one. The greeting speaks of the
// explorer's keys (digits set grades), so it does not follow into a view
// where they mean something else.
func (m *Model) show(i int) {
	if m.c.status.text == m.greeting() {
		m.c.SetStatus("", false)
	}
	m.active = i
}

// settingsEdit applies a change of conventions.
func (m *Model) settingsEdit(e workspace.Edit, unchanged string) tea.Cmd {
	if e == nil {
		if unchanged != "" {
			m.c.SetStatus(unchanged, true)
		}
		return nil
	}
	m.c.Apply(e)
	return nil
}

// changed tells every view that the workspace changed and shows what.
func (m *Model) changed(ed workspace.Edited) {
	for _, v := range m.views {
		v.Update(ed)
	}
	if err := m.c.WS.Err; err != nil {
		m.c.SetStatus(ed.What+": "+err.Error(), true)
		return
	}
	m.c.SetStatus(ed.What, false)
}

func (m *Model) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, quitKeys.Quit):
		return tea.Quit
	case key.Matches(msg, quitKeys.Save):
		m.confirm = false
		return m.save(true)
	case key.Matches(msg, quitKeys.Stay):
		m.confirm = false
		m.c.SetStatus("not quitting", false)
	}
	return nil
}

// View draws the whole screen: header, the active view (or a dialog),
// status line and key help.
func (m *Model) View() tea.View {
	return frameView(m.render(), "ndcg-explorer: "+m.c.WS.Doc.Name)
}

func (m *Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < MinWidth || h < MinHeight {
		return tooSmall("The explorer", w, h, MinWidth, MinHeight)
	}
	body := h - chromeLines
	bar := []string{m.viewBar(w)}
	var main string
	switch {
	case m.keysHelp.open:
		// The help and the picker take the view bar's line too: they
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
	parts := append([]string{m.titleLine(w), m.conventionsLine(w)}, bar...)
	parts = append(parts,
		block(main, w, body),
		m.statusLine(w),
		m.footer(w),
	)
	return strings.Join(parts, "\n")
}

func (m *Model) titleLine(w int) string {
	st, ws := m.c.Styles, m.c.WS
	name := ws.Doc.Name
	if t := ws.Doc.Title; t != "" && !strings.HasSuffix(name, t) {
		// (A TREC query is named "run query 301" and titled "query 301".)
		name += ": " + t
	}
	if ws.Doc.New {
		name += " (new file: w saves it)"
	}
	left := st.title.paint("ndcg-explorer") + " " + name
	right := []string{"[" + m.viewName(m.active) + "]"}
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
	if m.saveAs != nil {
		line := "save as: " + m.saveAs.View()
		if m.overwrite != "" && m.overwrite == strings.TrimSpace(m.saveAs.Value()) {
			line = st.errorInk.paint("save as (exists: enter replaces it):") + " " + m.saveAs.View()
		}
		return ansi.Truncate(line, w, "")
	}
	return m.c.status.line(st, m.c.status.text, w)
}

// footer is the active view's short help, with ? and q always in view
// however narrow the terminal. It is drawn once per width, view and
// style sheet.
func (m *Model) footer(w int) string {
	if m.footerCache != "" && m.footerW == w && m.footerView == m.active {
		return m.footerCache
	}
	k := m.c.Keys
	line := footerLine(&m.help, m.views[m.active].ShortHelp(), k.Help, k.Quit, w)
	m.footerCache, m.footerW, m.footerView = line, w, m.active
	return m.footerCache
}

// helpText lays out the full help a group per column, as many columns
// abreast as fit in w, so nothing is dropped on a narrow terminal.
func (m *Model) helpText(w int) string {
	st := m.c.Styles
	groups := m.fullHelp()
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
	// What the screen's marks mean, below the keys (↓ scrolls to it
	// where the keys fill the screen).
	rows = append(rows, "", st.PanelTitle.Render("On the screen"))
	for _, l := range screenLegend {
		rows = append(rows, wrap(l, w))
	}
	return strings.Join(rows, "\n")
}

// screenLegend says what the marks of the explorer's screen mean.
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

// save writes the list to its file, or asks for a name when it has none.
func (m *Model) save(quit bool) tea.Cmd {
	if m.remote != nil {
		return m.copyList(quit)
	}
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
	at := ws.Version()
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
	ws.MarkSaved(msg.At)
	ws.Doc.Name = msg.Path
	ws.Doc.New = false
	items := "items"
	if ws.N() == 1 {
		items = "item"
	}
	m.c.SetStatus(fmt.Sprintf("saved %d %s to %s", ws.N(), items, msg.Path), false)
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
