package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

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
	// Remote, when set, runs the explorer for a session over the
	// network: no file is read or written (see Remote).
	Remote *Remote
	// Modified starts the list as modified, with edits not saved: a
	// list given back by a server that kept it (an attendee's, edited
	// and not copied before their connection ended). The title says
	// modified, and quitting asks first.
	Modified bool
	// Notice is shown in the status line at start as a warning, in the
	// errors' ink (a recovery copy of unsaved edits waiting, say).
	Notice string
	// Welcome is shown in the status line at start in place of the
	// greeting, as any status is: news that is no problem (an attendee
	// back after their connection dropped: "welcome back: your list is
	// as you left it"). A Notice, when there is one, is shown instead.
	Welcome string
	// Newcomer says the explorer was started with nothing named (no
	// file, no flag): the greeting offers the guided path.
	Newcomer bool
}

// Model is the root model.
type Model struct {
	c      *Common
	views  []view
	active int

	width, height int
	isDark        bool
	ascii         bool // the style sheet's glyphs are ASCII (A switches)
	colour        bool
	// profile is the terminal's colour profile (Bubble Tea reports it at
	// start): faint is used past k only from 256 colours up.
	profile colorprofile.Profile

	help     help.Model
	keysHelp overlay // the full help, open after ?
	picker   *presetPicker
	opener   *opener    // the open dialog, after o
	cutoff   *textField // the cutoff field, after k
	saveAs   *textField
	// saveAsLabel is what the save as field's line starts with: "save
	// as: ", or why w asks for a name when the list came from a CSV.
	saveAsLabel string
	// overwrite is a file that exists, named in save as: enter a second
	// time replaces it.
	overwrite string
	// confirm is set while asking what to do with unsaved edits before
	// quitting (thenQuit) or opening another list (thenOpen); answers
	// are the answers the question offers, the only keys it takes.
	confirm afterSave
	answers []key.Binding
	// question is the question asked, as the status line puts it.
	question string
	// keys is when the last keys came, to tell an answer to the
	// question from a key typed in one go with the one that asked it.
	keys KeyTimes
	// thenSave is what follows once the save-as dialog has saved (the
	// program ends, the open dialog opens).
	thenSave    afterSave
	footerCache string
	footerW     int
	footerView  int
	// footerTyping is whether a field had the keys when footerCache was
	// drawn: a prompt opened within an Update (X) changes the footer.
	footerTyping bool
	// convCache is the conventions line for convW cells, drawn again
	// after an edit or a change of styles (convW -1).
	convCache string
	convW     int
	convFor   ndcg.Settings
	// frame is the whole screen, drawn at the end of each Update.
	frame string
	// fileGain is the gain map the list's file set, which g keeps in its
	// cycle of gains beside the built-in ones; nil without one.
	fileGain *ndcg.Gain
	// exp is the state of the copy (y) and screen image (X) keys.
	exp exporter

	// later is the workspace's recomputation off the update loop (see
	// recomputeLater).
	later work

	remote *Remote
	// welcome is Options.Welcome, kept on the status line by a round
	// that resumes what it says (RoomRound with the attendee's answer).
	welcome string
	offer   *offerWaiting // a list the instructor sent, not yet opened or declined
	// disk is the list file's size and time when it was read or last
	// saved; a save over a file that has changed since asks first.
	disk listio.Stamp
	// changedOnDisk is the file whose change a first w reported: a
	// second w overwrites it.
	changedOnDisk string
	// greeted is the greeting on the status line ("" once another
	// status, a welcome or a notice, has replaced it).
	greeted string
	// newcomer is Options.Newcomer.
	newcomer bool
}

// New builds the explorer on a document.
func New(o Options) *Model {
	ws := workspace.New(o.Doc, o.Settings)
	if o.Remote != nil {
		ws.MaxItems = o.Remote.MaxItems
	}
	c := &Common{WS: ws, Keys: DefaultKeyMap(), Seed: o.Seed, remote: o.Remote}
	if o.Remote != nil {
		c.Keys = remoteKeys(c.Keys)
	}
	m := &Model{c: c, isDark: true, colour: !o.NoColor, ascii: o.ASCII, help: help.New(), remote: o.Remote, newcomer: o.Newcomer}
	if p := m.savePath(); p != "" {
		m.disk = listio.StampOf(p)
	}
	if o.Modified {
		// No version of the history holds what was last saved.
		ws.MarkSaved(-1)
	}
	c.tell = m.changed
	m.fileGain = fileGainOf(o.Settings)
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
		m.setRemote(o.Remote)
	}
	m.restyle()
	m.greet()
	if o.Welcome != "" {
		m.welcome = o.Welcome
		c.SetStatus(o.Welcome, false)
	}
	if o.Notice != "" {
		c.SetStatus(o.Notice, true)
	}
	return m
}

// greet puts the greeting on the status line, until the next status.
func (m *Model) greet() {
	m.c.SetStatus(m.greeting(), false)
	m.greeted = m.c.status.text
}

// regreet words the greeting again for the terminal's width while it is
// on the status line: whether N shows the title whole depends on it.
func (m *Model) regreet() {
	if m.greeted == "" || m.c.status.text != m.greeted {
		m.greeted = "" // a welcome or a notice took its place
		return
	}
	fresh := m.c.status.fresh
	m.c.SetStatus(m.greeting(), false)
	m.c.status.fresh = fresh
	m.greeted = m.c.status.text
}

// ungreet clears the greeting from the status line, if it is still
// there, where it would speak of keys that do something else: in another
// view, under the help (which it points to) or the preset picker.
func (m *Model) ungreet() {
	if m.greeted != "" && m.c.status.text == m.greeted {
		m.c.SetStatus("", false)
	}
}

func (m *Model) greeting() string {
	d := m.c.WS.Doc
	text := fmt.Sprintf("%s: %d items", d.Name, m.c.WS.N())
	notes, cut := strings.TrimSpace(d.Notes) != "", titleCut(m.c.Styles, m.c.WS, m.width)
	switch {
	case cut && notes:
		text += "; N shows its whole title and its notes"
	case cut:
		text += "; N shows its whole title"
	case notes:
		text += "; N shows its notes"
	}
	text += ". Digits set the grade of the selected rank; ? lists every key."
	if m.newcomer {
		// Last, where a status cut to one line drops it first: the
		// explorer's own keys come before the way to another command.
		text += " New to NDCG? Run ndcg-explorer learn."
	}
	return text
}

// Workspace is the list being edited, for callers that inspect the end state.
func (m *Model) Workspace() *workspace.Workspace { return m.c.WS }

// FileName is the file the list saves to, or, for a list without a JSON
// file of its own, the name save as suggests (a query of a run:
// RUN-query-QID.json beside the run).
func (m *Model) FileName() string {
	if p := m.savePath(); p != "" {
		return p
	}
	return m.suggestedPath()
}

func (m *Model) restyle() {
	m.c.Styles = NewStyles(m.isDark, m.colour, m.ascii)
	if m.colour {
		m.c.Styles.FaintPastK(m.profile)
	}
	m.c.styled++
	m.help.Styles = m.c.Styles.Help
	m.footerCache = ""
	m.convW = -1
	m.layoutHelp()
}

// Init asks the terminal for its background, to pick light or dark styles.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message: dialogs first, then a view that is taking
// text, then the global keys, then the active view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The workspace leaves its recomputation for later from the length
	// the views do (a variable, which tests set to draw both ways).
	m.c.WS.LaterFrom = backgroundFrom
	switch msg.(type) {
	case tea.KeyPressMsg, RoomRound, RoomRoundEnd:
		// A view's footer may change with its state (the quiz's, once
		// answered): drawn again after what can change that state.
		m.footerCache = ""
	}
	switch msg.(type) {
	case tea.KeyPressMsg:
		m.keys.Press(now())
		m.c.status.seen()
	case tea.MouseClickMsg, tea.PasteMsg:
		// The status before it has been read (see status.fresh).
		m.c.status.seen()
	}
	cmd := m.update(msg)
	return m, tea.Batch(cmd, m.recomputeLater(), m.redraw(), m.fingerprintLater())
}

// redraw brings the active view up to date and draws the screen View
// hands out; the command is the view's work off the update loop, if it
// starts some.
func (m *Model) redraw() tea.Cmd {
	work := m.refreshActive()
	m.frame = m.render()
	return work
}

// worker is a view that works some of its numbers out off the update
// loop on a long list (see work): after refresh, startWork starts that
// computation when what it draws from has changed, before the view is
// drawn (with its spinner).
type worker interface{ startWork() tea.Cmd }

// refreshActive brings the view on screen up to date and draws it, so
// that View only hands out what is ready. A view hidden by the help,
// the preset picker or a screen too small to draw it is not drawn.
func (m *Model) refreshActive() tea.Cmd {
	v := m.views[m.active]
	v.refresh()
	var work tea.Cmd
	if w, ok := v.(worker); ok && !m.c.WS.Pending() {
		// A view works from the workspace's result: while that waits
		// for its recomputation, so does the view (with its spinner).
		work = w.startWork()
	}
	if m.width > 0 && m.height > 0 && !m.tooSmall() && !m.keysHelp.open && m.picker == nil {
		v.keep(v.draw())
	}
	return work
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.remoteUpdate(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.resize()
		m.regreet()
		return nil
	case tea.BackgroundColorMsg:
		m.isDark = msg.IsDark()
		m.restyle()
		return nil
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		m.restyle()
		return nil
	case statusMsg:
		m.c.SetStatus(msg.Text, msg.Err)
		return nil
	case savedMsg:
		return m.saved(msg)
	case workDone, spinner.TickMsg:
		// A view's computation, or its spinner, reports back whether or
		// not the view is still on screen.
		if cmd, ok := m.later.update(msg); ok {
			return cmd
		}
		if m.opener != nil {
			if cmd, ok := m.opener.load.update(msg); ok {
				return cmd
			}
		}
		var cmds []tea.Cmd
		for _, v := range m.views {
			cmds = append(cmds, v.Update(msg))
		}
		return tea.Batch(cmds...)
	case tea.KeyPressMsg:
		m.settle()
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.dialogOpen() {
			m.dialogPaste(msg)
			return nil
		}
	case tea.MouseClickMsg:
		// Views see coordinates relative to their own top left corner.
		msg.Y -= headerLines
		if m.dialogOpen() {
			return nil
		}
		return m.views[m.active].Update(msg)
	case tea.MouseWheelMsg:
		msg.Y -= headerLines
		if m.dialogOpen() {
			return nil
		}
		return m.views[m.active].Update(msg)
	}
	return m.views[m.active].Update(msg)
}

// dialogPaste puts a paste (the terminal's, bracketed) in the field of
// the dialog that has the keys, the one handleKey gives them to; a
// dialog without a field drops it, as the view under it is not the one
// being typed into.
func (m *Model) dialogPaste(msg tea.PasteMsg) {
	switch {
	case m.confirm != thenStay:
	case m.saveAs != nil:
		m.saveAs.Update(msg)
	case m.exp.shotAs != nil:
		m.exp.shotAs.Update(msg)
	case m.picker != nil:
	case m.opener != nil:
		if !m.opener.samplesOnly && m.opener.opening == "" {
			m.opener.path.Update(msg)
		}
	case m.cutoff != nil:
		m.cutoff.Insert(digits(msg.Content))
	}
}

// tooSmall reports whether the terminal is too small to draw the
// explorer (and so to show what a key would change).
func (m *Model) tooSmall() bool {
	return m.width > 0 && m.height > 0 && (m.width < MinWidth || m.height < MinHeight)
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
	if m.tooSmall() && m.confirm == thenStay && !key.Matches(msg, k.Quit) && msg.String() != "ctrl+c" {
		// Nothing of the list is on the screen: an edit made blind
		// would be a surprise. The screen says to enlarge it or quit.
		return nil
	}
	switch {
	case m.confirm != thenStay:
		return m.confirmKey(msg)
	case m.saveAs != nil:
		return m.saveAsKey(msg)
	case m.exporting():
		return m.exportKey(msg)
	case m.picker != nil:
		return m.pickerKey(msg)
	case m.opener != nil:
		return m.openerKey(msg)
	case m.cutoff != nil && msg.String() != "ctrl+c":
		// ctrl+c still quits (asking first with unsaved edits).
		return m.cutoffFieldKey(msg)
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
		if h, ok := active.(halfTyper); ok && h.halfTyped() && !ws.Dirty() && !typing {
			// q is not a character of a number, so it cannot be typed
			// into the answer; it asks rather than throw the answer away.
			m.ask(thenQuit, "The answer is not sent yet", as(quitKeys.Quit, "y", "quit"),
				as(quitKeys.Stay, "esc", "stay and answer"))
			return nil
		}
		if ws.Dirty() || typing || ws.ReplacedEdits() {
			switch {
			case ws.ReplacedEdits() && !typing:
				// Neither copying nor the list the server keeps holds
				// them: only u brings them back.
				m.ask(thenQuit, replacedQuestion, as(quitKeys.Quit, "y", "quit"), quitKeys.Stay)
			case m.remote != nil && m.remote.KeepsList && !typing:
				m.ask(thenQuit, keptQuestion, as(quitKeys.Save, "w", "copy it and quit"),
					as(quitKeys.Quit, "y", "quit"), quitKeys.Stay)
			case m.remote != nil:
				m.ask(thenQuit, "Unsaved edits", as(quitKeys.Save, "w", "copy the list and quit"),
					as(quitKeys.Quit, "y", "quit without copying"), quitKeys.Stay)
			default:
				m.ask(thenQuit, "Unsaved edits", quitKeys.Save, quitKeys.Quit, quitKeys.Stay)
			}
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		// Headless: the footer says how to close it, which leaves every
		// key room at 80×24.
		m.keysHelp.headless = true
		m.keysHelp.show("Keys", "", m.helpText(m.width), m.width, m.height-chromeLines+1)
		m.ungreet()
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
	case key.Matches(msg, k.Cutoff):
		m.openCutoff()
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
		// The picker's heading says what its keys do: the greeting's
		// digits set no grade there.
		m.ungreet()
		return nil
	case key.Matches(msg, openKey):
		if ws.Dirty() {
			m.ask(thenOpen, "Unsaved edits", openAnswers(m.remote != nil)...)
			return nil
		}
		m.opener = newOpener(m.width, m.remote != nil)
		return nil
	case key.Matches(msg, k.Save):
		return m.save(thenStay)
	case key.Matches(msg, k.SaveAs):
		if m.remote != nil {
			return m.copyReport()
		}
		m.openSaveAs()
		m.thenSave = thenStay
		return nil
	case key.Matches(msg, k.Copy):
		m.openCopy()
		return nil
	case key.Matches(msg, k.Screenshot):
		return m.openShot()
	case key.Matches(msg, k.ASCII):
		m.ascii = !m.ascii
		m.restyle()
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
	// A key the view ignores says so, rather than nothing happening (a
	// digit in the working view). Only the explorer's editing keys are
	// watched, in a view that does not take them as its own (a number
	// field, a binding of its help): they are what a person presses
	// expecting an edit.
	said, at := m.c.status.text, ws.Version()
	watch := m.active != 0 && k.edits(msg) && !takes(active, msg)
	cmd := active.Update(msg)
	if watch && cmd == nil && m.c.status.text == said && ws.Version() == at {
		m.c.SetStatus(fmt.Sprintf("%s does nothing in the %s view (? lists the keys)", keyName(msg), m.viewName(m.active)), true)
	}
	return cmd
}

// show makes view i the active one. The greeting speaks of the
// explorer's keys (digits set grades), so it does not follow into a view
// where they mean something else (ungreet).
func (m *Model) show(i int) {
	m.ungreet()
	m.active = i
	// The end of a round read elsewhere pointed here: now the working
	// is below, not behind Z.
	if q, ok := m.views[i].(*quizView); ok && strings.HasSuffix(m.c.status.text, zShowsWorking) {
		m.c.SetStatus(strings.TrimSuffix(m.c.status.text, zShowsWorking)+": the working is below"+q.scrollHint(), false)
	}
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
	m.convW = -1
	for _, v := range m.views {
		v.Update(ed)
	}
	if err := m.c.WS.Err; err != nil {
		m.c.SetStatus(ed.What+": "+err.Error(), true)
		return
	}
	m.c.SetStatus(ed.What, false)
}

// confirmKey reads the answer to the question about unsaved edits:
// save first, go on without saving, or stay.
func (m *Model) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	then := m.confirm
	if !key.Matches(msg, m.answers...) {
		// Not an answer: the question stays, and says so, rather than a
		// key typed ahead (a path for o) vanishing, or a later w or y of
		// it answering a question never seen.
		m.c.SetStatus(quitKeys.ask("Answer first", m.answers...), true)
		return nil
	}
	if m.keys.InOneGo() && !key.Matches(msg, quitKeys.Stay) {
		// Typed in one go with the key that asked (q then w or y of a
		// word, a burst): the question was not read, so it stays, led
		// by a word on why the key did nothing. Staying, which loses
		// nothing, is taken at once.
		m.c.SetStatus(ReadFirst(m.question), true)
		return nil
	}
	switch {
	case key.Matches(msg, quitKeys.Quit):
		m.confirm = thenStay
		if then == thenOpen {
			// The edits go only once another list is opened: esc in the
			// open dialog still keeps them.
			m.opener = newOpener(m.width, m.remote != nil)
			m.c.SetStatus("", false)
			return nil
		}
		return tea.Quit
	case key.Matches(msg, quitKeys.Save):
		m.confirm = thenStay
		return m.save(then)
	case key.Matches(msg, quitKeys.Stay):
		m.confirm = thenStay
		if then == thenOpen {
			m.c.SetStatus("not opening another list", false)
		} else {
			m.c.SetStatus("not quitting", false)
		}
	}
	return nil
}

// ask puts the question about unsaved edits (what, then the answers)
// on the status line; confirmKey reads the answer.
func (m *Model) ask(then afterSave, what string, answers ...key.Binding) {
	m.confirm, m.answers = then, answers
	m.question = quitKeys.ask(what, answers...)
	m.c.SetStatus(m.question, true)
}

// openAnswers are the answers to what to do with unsaved edits before
// opening another list; over the network, saving is copying the list.
func openAnswers(remote bool) []key.Binding {
	if remote {
		return []key.Binding{as(quitKeys.Save, "w", "copy, then open"),
			as(quitKeys.Quit, "y", "open without copying"), as(quitKeys.Stay, "esc", "cancel")}
	}
	return []key.Binding{as(quitKeys.Save, "w", "save, then open"),
		as(quitKeys.Quit, "y", "open without saving"), as(quitKeys.Stay, "esc", "cancel")}
}
