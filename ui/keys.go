package ui

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// keyName writes a key as the help writes keys: "5", "x", "enter".
func keyName(msg tea.KeyPressMsg) string {
	if msg.Text != "" && msg.Text != " " {
		return strconv.Quote(msg.Text)
	}
	return msg.String()
}

// openKey opens another list from inside the explorer.
var openKey = common.Bind([]string{"o"}, "o", "open a list")

// handleKey routes a key press: to the dialog open, if it takes it; to
// a view taking text, which has every key but ctrl+c; then to the
// program's keys, and last to the view on screen.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	if _, asking := m.dialog.(*dialogs.Question); m.win.tooSmall() && !asking && !key.Matches(msg, k.Quit) && msg.String() != "ctrl+c" {
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
	typing := false
	if c, ok := active.(view.Capturer); ok && c.Capturing() {
		typing = true
		if msg.String() != "ctrl+c" {
			return active.Update(msg)
		}
	}
	if key.Matches(msg, k.Quit) {
		return m.quit(typing)
	}
	for _, handle := range []func(tea.KeyPressMsg) (tea.Cmd, bool){m.programKey, m.conventionKey, m.fileKey} {
		if cmd, ok := handle(msg); ok {
			return cmd
		}
	}
	return m.viewKey(msg)
}

// quit ends the program, or first asks what to do with what quitting
// would lose: an answer not sent, edits not saved (or, over the network,
// not copied), a text being typed, the edits an instructor's list
// replaced.
func (m *Model) quit(typing bool) tea.Cmd {
	ws := m.c.WS
	if h, ok := m.views[m.active].(view.HalfTyper); ok && h.HalfTyped() && !ws.Dirty() && !typing {
		// q is not a character of a number, so it cannot be typed
		// into the answer; it asks rather than throw the answer away.
		m.ask(dialogs.ThenQuit, "The answer is not sent yet", common.As(frame.QuitKeys.Quit, "y", "quit"),
			common.As(frame.QuitKeys.Stay, "esc", "stay and answer"))
		return nil
	}
	if !ws.Dirty() && !typing && !ws.ReplacedEdits() {
		return tea.Quit
	}
	switch {
	case ws.ReplacedEdits() && !typing:
		// Copying does not hold them: u brings them back, in this
		// session or the next (the server keeps them, Options.Own).
		m.ask(dialogs.ThenQuit, replacedQuestion, common.As(frame.QuitKeys.Quit, "y", "quit"), frame.QuitKeys.Stay)
	case m.remote != nil && m.remote.KeepsList && !typing:
		q := keptQuestion
		if m.remote.Browser {
			q = keptQuestionPage
		}
		m.ask(dialogs.ThenQuit, q, common.As(frame.QuitKeys.Save, "w", "copy it and quit"),
			common.As(frame.QuitKeys.Quit, "y", "quit"), frame.QuitKeys.Stay)
	case m.remote != nil:
		m.ask(dialogs.ThenQuit, "Unsaved edits", common.As(frame.QuitKeys.Save, "w", "copy the list and quit"),
			common.As(frame.QuitKeys.Quit, "y", "quit without copying"), frame.QuitKeys.Stay)
	default:
		m.ask(dialogs.ThenQuit, "Unsaved edits", frame.QuitKeys.Save, frame.QuitKeys.Quit, frame.QuitKeys.Stay)
	}
	return nil
}

// programKey handles the keys that work the same in every view: help,
// undo and redo, ASCII, and the keys that change the view. It reports
// whether msg was one of them.
func (m *Model) programKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, ws := m.c.Keys, m.c.WS
	switch {
	case key.Matches(msg, k.Help):
		// Headless: the footer says how to close it, which leaves every
		// key room at 80×24.
		m.open(dialogs.NewHelp(dialogHost{m}, m.win.width, m.win.height-chromeLines+1))
		m.greeting.clear(m.c)
	case key.Matches(msg, k.Undo):
		if ed, ok := ws.Undo(); ok {
			m.changed(ed)
		} else {
			m.c.SetStatus("nothing to undo", true)
		}
	case key.Matches(msg, k.Redo):
		if ed, ok := ws.Redo(); ok {
			m.changed(ed)
		} else {
			m.c.SetStatus("nothing to redo", true)
		}
	case key.Matches(msg, k.ViewMenu):
		m.open(dialogs.NewViewMenu(dialogHost{m}, menuEntries(), m.active, m.show))
		m.greeting.clear(m.c)
	case key.Matches(msg, k.ASCII):
		m.look.ascii = !m.look.ascii
		m.restyle()
	case key.Matches(msg, k.NextView):
		m.show((m.active + 1) % len(m.views))
	case key.Matches(msg, k.PrevView):
		m.show((m.active + len(m.views) - 1) % len(m.views))
	default:
		for i, b := range k.Views {
			if key.Matches(msg, b) {
				if i == conventionsSlot() {
					// The presets: esc goes back to where F4 was pressed.
					m.openPresets()
				} else {
					m.show(i)
				}
				return nil, true
			}
		}
		return nil, false
	}
	return nil, true
}

// conventionKey handles the keys that change the conventions in force:
// k, ], [, g, d, p, i, z, and esc out of the presets. It reports whether msg
// was one of them.
func (m *Model) conventionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, ws := m.c.Keys, m.c.WS
	switch {
	case key.Matches(msg, k.Cutoff):
		m.open(dialogs.NewCutoff(dialogHost{m}))
	case key.Matches(msg, k.KUp):
		m.settingsEdit(ws.KUp(), "k is already the whole list")
	case key.Matches(msg, k.KDown):
		m.settingsEdit(ws.KDown(), "k is already 1")
	case key.Matches(msg, k.Gain):
		m.settingsEdit(ws.NextGain(m.files.gain), "")
	case key.Matches(msg, k.Discount):
		m.settingsEdit(ws.NextDiscount(), "")
	case key.Matches(msg, k.Ties):
		m.settingsEdit(ws.NextTies(), "")
	case key.Matches(msg, k.IDCG):
		m.settingsEdit(ws.ToggleIDCG(), "")
		if len(ws.List().Pool) == 0 {
			m.c.SetStatus(m.c.Status.Text+": no unretrieved judged items here, so the same IDCG", false)
		}
	case key.Matches(msg, k.Zero):
		m.settingsEdit(ws.ToggleZero(), "")
	case key.Matches(msg, k.Cancel) && m.presets.from >= 0 && m.active == conventionsSlot():
		applied := ws.Version() != m.presets.at
		m.show(m.presets.from)
		if applied {
			m.c.SetStatus("presets closed: the conventions applied stay (u undoes them)", false)
		} else {
			m.c.SetStatus("presets closed: no preset applied", false)
		}
	default:
		return nil, false
	}
	return nil, true
}

// fileKey handles the keys that read, write and take out: o, w, W and y.
// It reports whether msg was one of them.
func (m *Model) fileKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	switch {
	case key.Matches(msg, openKey):
		if m.c.WS.Dirty() {
			m.ask(dialogs.ThenOpen, "Unsaved edits", openAnswers(m.remote != nil)...)
			return nil, true
		}
		m.open(dialogs.NewOpener(dialogHost{m}))
	case key.Matches(msg, k.Save):
		return m.files.save(dialogs.ThenStay), true
	case key.Matches(msg, k.SaveAs):
		if m.remote != nil {
			return m.files.copyReport(), true
		}
		m.open(dialogs.NewSaveAs(dialogHost{m}, dialogs.ThenStay))
	case key.Matches(msg, k.Copy):
		m.open(dialogs.NewCopy(dialogHost{m}))
	default:
		return nil, false
	}
	return nil, true
}

// viewKey gives a key to the view on screen. A key the view ignores
// says so, rather than nothing happening (a digit in the working view).
// Only the explorer's editing keys are watched, in a view that does not
// take them as its own (a number field, a binding of its help): they are
// what a person presses expecting an edit.
func (m *Model) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	ws, active := m.c.WS, m.views[m.active]
	said, at := m.c.Status.Text, ws.Version()
	watch := m.active != 0 && m.c.Keys.Edits(msg) && !view.Takes(active, msg)
	cmd := active.Update(msg)
	if watch && cmd == nil && m.c.Status.Text == said && ws.Version() == at {
		m.c.Status.SetHere(fmt.Sprintf("%s does nothing in the %s view (? lists the keys)", keyName(msg), viewName(m.active)), true)
	}
	if m.active == 0 && m.unbound(msg) {
		// Said once: pressed again, the line is already what it says.
		if text := keyName(msg) + " does nothing in the explorer (? lists the keys)"; m.c.Status.Text != text {
			m.c.Status.SetHere(text, true)
		}
	}
	return cmd
}

// unbound is whether msg is a character the explorer has no key for:
// not its own keys, the edits, nor the program's (handled before).
func (m *Model) unbound(msg tea.KeyPressMsg) bool {
	if utf8.RuneCountInString(msg.Text) != 1 || msg.Text == " " || m.c.Keys.Edits(msg) || view.Takes(m.views[0], msg) {
		return false
	}
	return !key.Matches(msg, append(explorer.Keys(), m.c.Keys.Up, m.c.Keys.Down)...)
}

// settingsEdit applies a change of conventions (Common.ApplySetting).
func (m *Model) settingsEdit(e workspace.Edit, unchanged string) {
	m.c.ApplySetting(e, unchanged)
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
