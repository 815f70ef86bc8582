package ui

import "github.com/ndcg-explorer/ndcg-explorer/ui/views/view"

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
	// The presets P opened: esc goes back to the view P was pressed in.
	return m.presetsFrom >= 0
}
