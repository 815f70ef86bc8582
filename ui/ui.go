package ui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
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
	// Remote, when set, runs the explorer for a session over the
	// network: no file is read or written (see Remote). The room's side
	// of Remote (offers, rounds, the ask to show the screen) is the
	// Workshop's, which NewWorkshop builds around the explorer.
	Remote *Remote
	// Modified starts the list as modified, with edits not saved: a
	// list given back by a server that kept it (an attendee's, edited
	// and not copied before their connection ended). The title says
	// modified, and quitting asks first.
	Modified bool
	// Own, when set, is the attendee's own list, which Doc (the
	// instructor's, opened) replaced in their session before: the
	// explorer starts on Doc opened over it, so that u still takes the
	// instructor's list back after a reconnect or a server's restart.
	Own *Own
	// Notice is shown in the status line at start as a warning, in the
	// errors' ink (a recovery copy of unsaved edits waiting, say).
	Notice string
	// Welcome is an attendee's first words, for NewWorkshop (the root
	// explorer does not read it): shown in the status line at start in
	// place of the greeting, as any status is: news that is no problem
	// (an attendee back after their connection dropped: "welcome back:
	// your list is as you left it"). A Notice, when there is one, is
	// shown instead.
	Welcome string
	// Newcomer says the explorer was started with nothing named (no
	// file, no flag): the greeting offers the guided path.
	Newcomer bool
}

// Model is the root model.
type Model struct {
	c      *common.Common
	views  []view.View
	active int

	// win is the window drawn, and the terminal around it (embed.go).
	win window
	// look is what the style sheet is made for (restyle).
	look look

	// help draws the keys' help (help.go).
	help keyHelp
	// dialog has the keys over the view while it is open: the question
	// about unsaved edits, save as, copy, the screen's image, the
	// presets, the open dialog, the cutoff or the help (package dialogs).
	dialog dialogs.Dialog
	// keys is when the last keys came, to tell an answer to a question
	// from a key typed in one go with the one that asked it.
	keys frame.KeyTimes
	// drawn is the screen, its footer and its conventions line as last
	// drawn (draw.go).
	drawn drawn

	// later is the workspace's recomputation off the update loop (see
	// recomputeLater).
	later background.Job

	// remote is Options.Remote: no file of the machine it runs on is
	// read or written, the save keys copy to the clipboard.
	remote *Remote
	// deco is what a program built on the explorer adds to its screen
	// (the workshop's: Workshop); zero for none.
	deco decor
	// files is the list's file: saving it, and what is known of it
	// (save.go).
	files files
	// presets is where F4 opened the presets from (viewbar.go).
	presets presetsOpened
	// greeting is the greeting on the status line (greeting.go).
	greeting greeter
}

// Own is an attendee's own list under the one they opened (Options.Own).
type Own struct {
	Doc      *listio.Document
	Settings ndcg.Settings
	// Modified says it had edits not saved when the other replaced it.
	Modified bool
}

// openOwn is the workspace an explorer starts on: the list given, or,
// under it, the attendee's own, the list given opened over it as when
// they opened it (one edit, which u takes back).
func openOwn(o Options) *workspace.Workspace {
	if o.Own == nil {
		return workspace.New(o.Doc, o.Settings)
	}
	ws := workspace.New(o.Own.Doc, o.Own.Settings)
	if o.Own.Modified {
		ws.MarkSaved(-1)
	}
	ws.Apply(ws.Open(o.Doc, o.Settings))
	switch {
	case o.Modified:
		ws.MarkSaved(-1)
	case !o.Own.Modified:
		// The instructor's list, opened and not changed, is no edit of
		// the attendee's (offerKey).
		ws.MarkSaved(ws.Version())
	}
	return ws
}

// remoteTitleLimit bounds a title typed or pasted in a remote session,
// so a huge paste cannot make every frame carry it.
const remoteTitleLimit = 200

// New builds the explorer on a document.
func New(o Options) *Model {
	ws := openOwn(o)
	if o.Remote != nil {
		ws.MaxItems = o.Remote.MaxItems
	}
	c := &common.Common{WS: ws, Keys: common.DefaultKeyMap(), Seed: o.Seed, Remote: o.Remote != nil}
	if o.Remote != nil {
		c.Keys = common.RemoteKeys(c.Keys)
	}
	m := &Model{c: c, presets: presetsOpened{from: -1}, look: look{dark: true, colour: !o.NoColor, ascii: o.ASCII}, help: keyHelp{Model: help.New()}, remote: o.Remote, greeting: greeter{newcomer: o.Newcomer}}
	m.files.h = dialogHost{m}
	if p := savePath(o.Doc); p != "" {
		m.files.disk = o.Doc.Disk
		if m.files.disk == (listio.Stamp{}) {
			m.files.disk = listio.StampOf(p)
		}
	}
	if o.Modified && o.Own == nil {
		// No version of the history holds what was last saved.
		ws.MarkSaved(-1)
	}
	c.Tell = m.changed
	m.files.gain = dialogs.FileGainOf(o.Settings)
	for i, r := range views.All {
		c.Keys.Views = append(c.Keys.Views, viewKey(i, r))
	}
	for _, r := range views.All {
		m.views = append(m.views, r.Make(c))
	}
	if e, ok := m.views[0].(*explorer.Model); ok {
		e.Present = o.Present
	}
	if o.Remote != nil {
		for _, v := range m.views {
			if e, ok := v.(*explorer.Model); ok {
				e.Input.Limit = remoteTitleLimit
			}
		}
	}
	m.restyle()
	m.greeting.put(m.c, m.win.width)
	if o.Notice != "" {
		c.SetStatus(o.Notice, true)
	}
	return m
}

// look is what the style sheet is made for: the terminal's background
// and colour profile, colour allowed or not (NO_COLOR), and ASCII glyphs
// (--ascii; A switches).
type look struct {
	dark, colour, ascii bool
	// profile is the terminal's colour profile (Bubble Tea reports it at
	// start): faint is used past k only from 256 colours up.
	profile colorprofile.Profile
}

// restyle makes the style sheet again for the look, and forgets what
// was drawn with the last one.
func (m *Model) restyle() {
	m.c.Styles = common.NewStyles(m.look.dark, m.look.colour, m.look.ascii)
	if m.look.colour {
		m.c.Styles.FaintPastK(m.look.profile, m.look.dark)
	}
	m.c.Styled++
	m.help.Styles = m.c.Styles.Help
	m.drawn.foot = drawnFooter{}
	m.drawn.conv.w = -1
	relayoutHelp(m.dialog, m.win.width, m.win.height)
}

// Init asks the terminal for its background, to pick light or dark styles.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message: dialogs first, then a view that is taking
// text, then the global keys, then the active view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The workspace leaves its recomputation for later from the length
	// the views do (a variable, which tests set to draw both ways).
	m.c.WS.LaterFrom = background.From
	m.seen(msg)
	cmd := m.update(msg)
	return m, m.after(cmd)
}

// seen notes a message's coming before it is handled: a key's time,
// and that the status before it has been read (see common.Status.Fresh).
func (m *Model) seen(msg tea.Msg) {
	switch msg.(type) {
	case tea.KeyPressMsg:
		// A view's footer may change with its state (the quiz's, once
		// answered): drawn again after what can change that state.
		m.drawn.foot = drawnFooter{}
		m.keys.Press(frame.Now())
		m.c.Status.Seen()
	case tea.MouseClickMsg, tea.PasteMsg:
		m.c.Status.Seen()
	}
}

// after is what follows a message handled: cmd, the workspace's
// recomputation, the screen drawn again, and the fingerprint of what it
// shows.
func (m *Model) after(cmd tea.Cmd) tea.Cmd {
	return tea.Batch(cmd, recomputeLater(&m.later, m.c, m.views), m.redraw(), fingerprintLater(m.c.WS))
}

// redraw brings the active view up to date and draws the screen View
// hands out; the command is the view's work off the update loop, if it
// starts some.
func (m *Model) redraw() tea.Cmd {
	work := m.refreshActive()
	m.drawn.frame = m.render()
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
	if m.win.width > 0 && m.win.height > 0 && !m.win.tooSmall() && (m.dialog == nil || !m.dialog.Covers()) {
		v.Keep(v.Draw())
	}
	return work
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.win.width, m.win.height = msg.Width, msg.Height
		m.resize()
		m.greeting.again(m.c, m.win.width)
		bounded := ""
		if m.win.bound.w > msg.Width || m.win.bound.h > msg.Height {
			bounded = fmt.Sprintf("the terminal is %d×%d: drawn in its top left %d×%d, the most drawn", m.win.bound.w, m.win.bound.h, msg.Width, msg.Height)
		}
		if bounded != "" || (m.win.bound.said != "" && m.c.Status.Text == m.win.bound.said) {
			m.c.SetStatus(bounded, false)
		}
		m.win.bound.said = bounded
		return nil
	case tea.BackgroundColorMsg:
		m.look.dark = msg.IsDark()
		m.restyle()
		return nil
	case tea.ColorProfileMsg:
		m.look.profile = msg.Profile
		m.restyle()
		return nil
	case common.StatusMsg:
		if msg.Here {
			m.c.Status.SetHere(msg.Text, msg.Err)
		} else {
			m.c.SetStatus(msg.Text, msg.Err)
		}
		return nil
	case savedMsg:
		return m.files.saved(msg)
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
		settle(m.c, m.views)
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

// window is the window drawn: its size, and the terminal's around it
// where that is larger (TerminalSize).
type window struct {
	width, height int
	bound         termBound
}

// tooSmall reports whether the window is too small to draw the explorer
// (and so to show what a key would change).
func (w window) tooSmall() bool {
	return w.width > 0 && w.height > 0 && (w.width < MinWidth || w.height < MinHeight)
}

// keysFree reports whether a key would reach the program's keys: the
// screen is drawn, no dialog is open and no view is taking text.
func (m *Model) keysFree() bool {
	if m.win.tooSmall() || m.dialog != nil {
		return false
	}
	c, ok := m.views[m.active].(view.Capturer)
	return !ok || !c.Capturing()
}

// halfTyped reports whether v holds an answer typed and not sent.
func halfTyped(v view.View) bool {
	h, ok := v.(view.HalfTyper)
	return ok && h.HalfTyped()
}

// quizOf is the quiz view among vs, which holds the room's round.
func quizOf(vs []view.View) *practice.Quiz {
	for _, v := range vs {
		if q, ok := v.(*practice.Quiz); ok {
			return q
		}
	}
	return nil
}

// Size is the screen's size, as drawn (the window, within its bound).
func (m *Model) Size() (w, h int) { return m.win.width, m.win.height }

func (m *Model) resize() {
	body := max(m.win.height-chromeLines, 0) // header lines, status and help below
	for _, v := range m.views {
		v.SetSize(m.win.width, body)
	}
	m.help.SetWidth(m.win.width)
	relayoutHelp(m.dialog, m.win.width, m.win.height)
}

// show makes view i the active one. The greeting speaks of the
// explorer's keys (digits set grades), so it does not follow into a view
// where they mean something else (ungreet).
func (m *Model) show(i int) {
	m.greeting.clear(m.c)
	if i != m.active {
		m.c.Status.LeftView()
	}
	m.active = i
	m.presets.from = -1
}

// changed tells every view that the workspace changed and shows what.
func (m *Model) changed(ed workspace.Edited) {
	m.drawn.conv.w = -1
	for _, v := range m.views {
		v.Update(ed)
	}
	if err := m.c.WS.Err; err != nil {
		m.c.SetStatus(ed.What+": "+err.Error(), true)
		return
	}
	m.c.SetStatus(ed.What, false)
}
