package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
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
	// Markdown writes the report for the copy key (y m); nil leaves that
	// choice out.
	Markdown MarkdownReport
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
}

// Model is the root model.
type Model struct {
	c      *common.Common
	views  []view.View
	active int

	width, height int
	isDark        bool
	ascii         bool // the style sheet's glyphs are ASCII (b switches)
	colour        bool
	// profile is the terminal's colour profile (Bubble Tea reports it at
	// start): faint is used past k only from 256 colours up.
	profile colorprofile.Profile

	help help.Model
	// dialog has the keys over the view while it is open: the question
	// about unsaved edits, save as, copy, the screen's image, the
	// presets, the open dialog, the cutoff or the help (package dialogs).
	dialog dialogs.Dialog
	// keys is when the last keys came, to tell an answer to a question
	// from a key typed in one go with the one that asked it.
	keys        frame.KeyTimes
	footerCache string
	footerW     int
	footerView  int
	// footerTyping is whether a field had the keys when footerCache was
	// drawn: a prompt opened within an Update (y s) changes the footer.
	footerTyping bool
	// convCache is the conventions line for convW cells, drawn again
	// after an edit or a change of styles (convW -1).
	convCache string
	convW     int
	// frame is the whole screen, drawn at the end of each Update.
	frame string
	// fileGain is the gain map the list's file set, which g keeps in its
	// cycle of gains beside the built-in ones; nil without one.
	fileGain *ndcg.Gain
	// exp is the state of the take-out keys (y, and y s for the screen).
	exp exporter

	// later is the workspace's recomputation off the update loop (see
	// recomputeLater).
	later background.Job

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
	// presetsFrom is the view P was pressed in, while the conventions
	// view it opened is on screen (esc goes back there); -1 otherwise.
	presetsFrom int
	// presetsAt is the workspace's version when P opened them: esc says
	// whether a preset was applied since.
	presetsAt int
	// greeted is the greeting on the status line ("" once another
	// status, a welcome or a notice, has replaced it).
	greeted string
}

// New builds the explorer on a document.
func New(o Options) *Model {
	ws := workspace.New(o.Doc, o.Settings)
	if o.Remote != nil {
		ws.MaxItems = o.Remote.MaxItems
	}
	c := &common.Common{WS: ws, Keys: common.DefaultKeyMap(), Seed: o.Seed, Remote: o.Remote}
	if o.Remote != nil {
		c.Keys = common.RemoteKeys(c.Keys)
	}
	m := &Model{c: c, presetsFrom: -1, isDark: true, colour: !o.NoColor, ascii: o.ASCII, help: help.New(), remote: o.Remote}
	if p := m.savePath(); p != "" {
		m.disk = listio.StampOf(p)
	}
	if o.Modified {
		// No version of the history holds what was last saved.
		ws.MarkSaved(-1)
	}
	c.Tell = m.changed
	m.exp.markdown = o.Markdown
	m.fileGain = dialogs.FileGainOf(o.Settings)
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
	m.greet()
	if o.Welcome == "" && o.Remote != nil {
		// The first frame an attendee sees: in place of the greeting,
		// and, as it, gone with the next status.
		c.SetStatus(attendeeWelcome(o.Remote), false)
		m.greeted = c.Status.Text
	}
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
	m.greeted = m.c.Status.Text
}

// regreet words the greeting again for the terminal's width while it is
// on the status line: whether N shows the title whole depends on it.
func (m *Model) regreet() {
	if m.greeted == "" || m.c.Status.Text != m.greeted {
		m.greeted = "" // a welcome or a notice took its place
		return
	}
	if m.remote != nil && m.greeted == attendeeWelcome(m.remote) {
		return // the same words at every width
	}
	fresh := m.c.Status.Fresh
	m.c.SetStatus(m.greeting(), false)
	m.c.Status.Fresh = fresh
	m.greeted = m.c.Status.Text
}

// ungreet clears the greeting from the status line, if it is still
// there, where it would speak of keys that do something else: in another
// view, under the help (which it points to) or the view menu.
func (m *Model) ungreet() {
	if m.greeted != "" && m.c.Status.Text == m.greeted {
		m.c.SetStatus("", false)
	}
}

func (m *Model) greeting() string {
	d := m.c.WS.Doc
	notes, cut := strings.TrimSpace(d.Notes) != "", frame.TitleCut(m.c.Styles, m.c.WS, m.width)
	var n string
	switch {
	case cut && notes:
		n = "N shows its whole title and notes"
	case cut:
		n = "N shows its whole title"
	case notes:
		n = "N shows its notes"
	case m.c.WS.N() == 0:
		// A new list: nothing to grade yet.
		return "Press a to add an item, then a digit to set its grade, v for the views, ? for help."
	default:
		return "Press " + strings.Join(firstSteps, ", ") + "."
	}
	// One line at 80 columns with N too: the steps in fewer words.
	return n + "; " + strings.Join(firstStepsShort, ", ") + "."
}

// firstSteps are what the greeting tells a person new to the explorer to
// do first, in the order they would: change a grade and watch NDCG move,
// then find the other views and the keys; firstStepsShort is the same in
// fewer words, after what N shows. A guided path, where there is one, goes
// first. The greeting is one line at 80 columns, above the footer.
var (
	firstSteps      = []string{"a digit to set the selected rank's grade", "v for the views", "? for help"}
	firstStepsShort = []string{"a digit sets a grade", "v the views", "? help"}
)

// Workspace is the list being edited, for callers that inspect the end state.
func (m *Model) Workspace() *workspace.Workspace { return m.c.WS }

// FileName is the file the list saves to, or, for a list without a JSON
// file of its own, the name save as suggests (a query of a run:
// RUN-query-QID.json beside the run).
func (m *Model) FileName() string {
	if p := m.savePath(); p != "" {
		return p
	}
	return dialogs.SuggestedPath(m.c.WS.Doc)
}

func (m *Model) restyle() {
	m.c.Styles = common.NewStyles(m.isDark, m.colour, m.ascii)
	if m.colour {
		m.c.Styles.FaintPastK(m.profile)
	}
	m.c.Styled++
	m.help.Styles = m.c.Styles.Help
	m.footerCache = ""
	m.convW = -1
	m.relayoutHelp()
}

// Init asks the terminal for its background, to pick light or dark styles.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message: dialogs first, then a view that is taking
// text, then the global keys, then the active view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The workspace leaves its recomputation for later from the length
	// the views do (a variable, which tests set to draw both ways).
	m.c.WS.LaterFrom = background.From
	switch msg.(type) {
	case tea.KeyPressMsg, RoomRound, RoomRoundEnd:
		// A view's footer may change with its state (the quiz's, once
		// answered): drawn again after what can change that state.
		m.footerCache = ""
	}
	switch msg.(type) {
	case tea.KeyPressMsg:
		m.keys.Press(now())
		m.c.Status.Seen()
	case tea.MouseClickMsg, tea.PasteMsg:
		// The status before it has been read (see status.fresh).
		m.c.Status.Seen()
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

// refreshActive brings the view on screen up to date and draws it, so
// that View only hands out what is ready. A view hidden by a dialog
// drawn over it (the help, the presets, the open dialog) or a screen too
// small to draw it is not drawn.
func (m *Model) refreshActive() tea.Cmd {
	v := m.views[m.active]
	v.Refresh()
	var work tea.Cmd
	if w, ok := v.(view.Worker); ok && !m.c.WS.Pending() {
		// A view works from the workspace's result: while that waits
		// for its recomputation, so does the view (with its spinner).
		work = w.StartWork()
	}
	if m.width > 0 && m.height > 0 && !m.tooSmall() && (m.dialog == nil || !m.dialog.Covers()) {
		v.Keep(v.Draw())
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
	case common.StatusMsg:
		m.c.SetStatus(msg.Text, msg.Err)
		return nil
	case savedMsg:
		return m.saved(msg)
	case background.Done, spinner.TickMsg:
		// A view's computation, or its spinner, reports back whether or
		// not the view is still on screen.
		if cmd, ok := m.later.Update(msg); ok {
			return cmd
		}
		if u, ok := m.dialog.(updater); ok {
			if cmd, ok := u.Update(msg); ok {
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
		if m.dialog != nil {
			m.dialog.Paste(msg)
			return nil
		}
	case tea.MouseClickMsg:
		// Views see coordinates relative to their own top left corner.
		msg.Y -= headerLines
		if m.dialog != nil {
			return nil
		}
		return m.views[m.active].Update(msg)
	case tea.MouseWheelMsg:
		msg.Y -= headerLines
		if m.dialog != nil {
			return nil
		}
		return m.views[m.active].Update(msg)
	}
	return m.views[m.active].Update(msg)
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
	m.relayoutHelp()
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	if _, asking := m.dialog.(*dialogs.Question); m.tooSmall() && !asking && !key.Matches(msg, k.Quit) && msg.String() != "ctrl+c" {
		// Nothing of the list is on the screen: an edit made blind
		// would be a surprise. The screen says to enlarge it or quit.
		return nil
	}
	if m.dialog != nil {
		if cmd, taken := m.dialog.Key(msg); taken {
			return cmd
		}
	}
	active := m.views[m.active]
	ws := m.c.WS
	typing := false
	if c, ok := active.(view.Capturer); ok && c.Capturing() {
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
		if h, ok := active.(view.HalfTyper); ok && h.HalfTyped() && !ws.Dirty() && !typing {
			// q is not a character of a number, so it cannot be typed
			// into the answer; it asks rather than throw the answer away.
			m.ask(dialogs.ThenQuit, "The answer is not sent yet", common.As(frame.QuitKeys.Quit, "y", "quit"),
				common.As(frame.QuitKeys.Stay, "esc", "stay and answer"))
			return nil
		}
		if ws.Dirty() || typing || ws.ReplacedEdits() {
			switch {
			case ws.ReplacedEdits() && !typing:
				// Neither copying nor the list the server keeps holds
				// them: only u brings them back.
				m.ask(dialogs.ThenQuit, replacedQuestion, common.As(frame.QuitKeys.Quit, "y", "quit"), frame.QuitKeys.Stay)
			case m.remote != nil && m.remote.KeepsList && !typing:
				m.ask(dialogs.ThenQuit, keptQuestion, common.As(frame.QuitKeys.Save, "w", "copy it and quit"),
					common.As(frame.QuitKeys.Quit, "y", "quit"), frame.QuitKeys.Stay)
			case m.remote != nil:
				m.ask(dialogs.ThenQuit, "Unsaved edits", common.As(frame.QuitKeys.Save, "w", "copy the list and quit"),
					common.As(frame.QuitKeys.Quit, "y", "quit without copying"), frame.QuitKeys.Stay)
			default:
				m.ask(dialogs.ThenQuit, "Unsaved edits", frame.QuitKeys.Save, frame.QuitKeys.Quit, frame.QuitKeys.Stay)
			}
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		// Headless: the footer says how to close it, which leaves every
		// key room at 80×24.
		m.open(dialogs.NewHelp(dialogHost{m}, m.width, m.height-chromeLines+1))
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
		m.open(dialogs.NewCutoff(dialogHost{m}))
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
			m.c.SetStatus(m.c.Status.Text+": no unretrieved judged items here, so the same IDCG", false)
		}
		return cmd
	case key.Matches(msg, k.Zero):
		return m.settingsEdit(ws.ToggleZero(), "")
	case key.Matches(msg, k.Preset):
		// The presets are the conventions view's table: P opens it on
		// the preset in force, and esc goes back to where P was pressed.
		return m.openPresets()
	case key.Matches(msg, k.Cancel) && m.presetsFrom >= 0 && m.active == conventionsSlot():
		applied := ws.Version() != m.presetsAt
		m.show(m.presetsFrom)
		if applied {
			m.c.SetStatus("presets closed: the conventions applied stay (u undoes them)", false)
		} else {
			m.c.SetStatus("presets closed: no preset applied", false)
		}
		return nil
	case key.Matches(msg, openKey):
		if ws.Dirty() {
			m.ask(dialogs.ThenOpen, "Unsaved edits", openAnswers(m.remote != nil)...)
			return nil
		}
		m.open(dialogs.NewOpener(dialogHost{m}))
		return nil
	case key.Matches(msg, k.Save):
		return m.save(dialogs.ThenStay)
	case key.Matches(msg, k.SaveAs):
		if m.remote != nil {
			return m.copyReport()
		}
		m.open(dialogs.NewSaveAs(dialogHost{m}, dialogs.ThenStay))
		return nil
	case key.Matches(msg, k.Copy):
		m.open(dialogs.NewCopy(dialogHost{m}))
		return nil
	case key.Matches(msg, k.ViewMenu):
		m.open(dialogs.NewViewMenu(dialogHost{m}, menuEntries(), m.active, m.show))
		m.ungreet()
		return nil
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
	said, at := m.c.Status.Text, ws.Version()
	watch := m.active != 0 && k.Edits(msg) && !view.Takes(active, msg)
	cmd := active.Update(msg)
	if watch && cmd == nil && m.c.Status.Text == said && ws.Version() == at {
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
	m.presetsFrom = -1
	// The end of a round read elsewhere pointed here: now the working
	// is below, not behind Z.
	if q, ok := m.views[i].(*quizView); ok && strings.HasSuffix(m.c.Status.Text, zShowsWorking) {
		m.c.SetStatus(strings.TrimSuffix(m.c.Status.Text, zShowsWorking)+": the working is below"+q.scrollHint(), false)
	}
}

// settingsEdit applies a change of conventions (Common.ApplySetting).
func (m *Model) settingsEdit(e workspace.Edit, unchanged string) tea.Cmd {
	m.c.ApplySetting(e, unchanged)
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

// ask puts the question about unsaved edits (what, then the answers)
// on the status line, over the prompt open, if any.
func (m *Model) ask(then dialogs.Then, what string, answers ...key.Binding) {
	m.open(dialogs.NewQuestion(dialogHost{m}, m.dialog, then, what, answers...))
}

// openAnswers are the answers to what to do with unsaved edits before
// opening another list; over the network, saving is copying the list.
func openAnswers(remote bool) []key.Binding {
	if remote {
		return []key.Binding{common.As(frame.QuitKeys.Save, "w", "copy, then open"),
			common.As(frame.QuitKeys.Quit, "y", "open without copying"), common.As(frame.QuitKeys.Stay, "esc", "cancel")}
	}
	return []key.Binding{common.As(frame.QuitKeys.Save, "w", "save, then open"),
		common.As(frame.QuitKeys.Quit, "y", "open without saving"), common.As(frame.QuitKeys.Stay, "esc", "cancel")}
}

// now is the clock keys are timed by; tests set their own.
var now = time.Now
