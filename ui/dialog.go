package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// The dialog on screen (Model.dialog): the program gives it the keys and
// pastes, draws it and its footer, and hands it a dialogHost, which is
// all of the program a dialog may reach.

// open puts d on screen in place of the dialog open, if any.
func (m *Model) open(d dialogs.Dialog) { m.dialog = d }

// dialogOpen reports whether a dialog is over the view.
func (m *Model) dialogOpen() bool { return m.dialog != nil }

// updater is a dialog that takes messages besides keys and pastes: the
// open dialog, reading a long list off the update loop.
type updater interface {
	Update(msg tea.Msg) (tea.Cmd, bool)
}

// relayouter is a dialog laid out for the screen's size and style sheet:
// the help.
type relayouter interface{ Relayout(w, h int) }

// relayoutHelp lays the help out again, if d is the help, for a screen
// of w×h cells or a new style sheet.
func relayoutHelp(d dialogs.Dialog, w, h int) {
	if r, ok := d.(relayouter); ok {
		r.Relayout(w, h-chromeLines+1)
	}
}

// dialogHost is what the program hands a dialog (dialogs.Host).
type dialogHost struct{ m *Model }

func (h dialogHost) Common() *common.Common   { return h.m.c }
func (h dialogHost) Size() (int, int)         { return h.m.win.width, h.m.win.height }
func (h dialogHost) Help() *help.Model        { return &h.m.help.Model }
func (h dialogHost) Open(d dialogs.Dialog)    { h.m.open(d) }
func (h dialogHost) Close()                   { h.m.dialog = nil }
func (h dialogHost) Remote() bool             { return h.m.remote != nil }
func (h dialogHost) InOneGo() bool            { return h.m.keys.InOneGo() }
func (h dialogHost) SavePath() string         { return savePath(h.m.c.WS.Doc) }
func (h dialogHost) HelpPages(w int) []string { return h.m.helpPages(w) }

// HelpNote is what digits do in the explorer, for the help's footer:
// under the guided path they type the answer.
func (h dialogHost) HelpNote() string {
	if h.m.help.answering {
		return "digits type the step's answer"
	}
	return "in the explorer, digits set the selected rank's grade"
}
func (h dialogHost) Copy(key string) tea.Cmd {
	return h.m.copyKey(key)
}

func (h dialogHost) Save(then dialogs.Then) tea.Cmd { return h.m.files.save(then) }

func (h dialogHost) SaveTo(path string, then dialogs.Then) tea.Cmd {
	return h.m.files.saveTo(path, then)
}

// Install puts an opened list in place of the one being edited, with a
// fresh undo history and fresh views.
func (h dialogHost) Install(ws *workspace.Workspace, fileGain *ndcg.Gain) {
	m := h.m
	m.c.WS = ws
	// What is known of the new list's file: what was read of it (a save
	// compares the file with it), and its gain map.
	m.files.fileState = fileState{disk: ws.Doc.Disk, gain: fileGain}
	m.drawn.conv.w = -1 // the header states the new list's conventions
	present := false
	if e, ok := m.views[0].(*explorer.Model); ok {
		present = e.Present
	}
	for i, r := range views.All {
		m.views[i] = r.Make(m.c)
	}
	if e, ok := m.views[0].(*explorer.Model); ok {
		e.Present = present
	}
	m.active = 0
	m.resize()
	m.c.SetStatus(m.greeting.words(m.c, m.win.width), false)
}
