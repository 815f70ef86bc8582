package ui

import (
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// CapturesEsc reports whether Esc means something inside the explorer
// right now: a dialog (quit confirmation, save as, presets), the help,
// or a view taking text is open, and Esc closes or cancels it. A program
// that embeds the explorer, like the query browser, takes Esc as "back"
// only when this is false, so that Esc never both cancels an edit and
// leaves the query.
func (m *Model) CapturesEsc() bool {
	if m.dialogOpen() {
		return true
	}
	if c, ok := m.views[m.active].(view.Capturer); ok && c.Capturing() {
		return true
	}
	// The presets F4 opened: esc goes back to the view F4 was pressed in.
	return m.presets.from >= 0
}

// SetStatus shows text on the explorer's status line until the next
// one, as a problem when isErr: what a program embedding the explorer
// says about it (the query browser, which query this is).
func (m *Model) SetStatus(text string, isErr bool) { m.c.SetStatus(text, isErr) }

// StatusText is the text on the explorer's status line.
func (m *Model) StatusText() string { return m.c.Status.Text }

// Workspace is the list being edited, for callers that inspect the end state.
func (m *Model) Workspace() *workspace.Workspace { return m.c.WS }

// TerminalSize is told the terminal's true size before a window size
// bounded to what is drawn (winsize.Filter), so that the explorer can
// say the terminal is larger than its window.
func (m *Model) TerminalSize(w, h int) { m.win.bound.w, m.win.bound.h = w, h }

// termBound is the terminal's size where it is larger than the window
// drawn (TerminalSize), and the status line that says so, while it does.
type termBound struct {
	w, h int
	said string
}

// FileName is the file the list saves to, or, for a list without a JSON
// file of its own, the name save as suggests (a query of a run:
// RUN-query-QID.json beside the run).
func (m *Model) FileName() string {
	if p := savePath(m.c.WS.Doc); p != "" {
		return p
	}
	return dialogs.SuggestedPath(m.c.WS.Doc)
}
