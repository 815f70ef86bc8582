package dialogs

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Dialog is what has the keys over the view until it closes: the
// question about unsaved edits, save as, copy, the screen's image, the
// presets, the open dialog, the cutoff and the help. The program holds
// at most one; it gives it every key and paste while it is open, draws
// it, and asks it for the footer, so that a new dialog is a file of this
// package and the key that opens it.
type Dialog interface {
	// Key handles a key press. The dialog closes itself, or puts another
	// in its place, through its Host. taken false leaves the key to the
	// program, as if the dialog were not there (ctrl+c in the cutoff
	// field still quits).
	Key(msg tea.KeyPressMsg) (cmd tea.Cmd, taken bool)
	// Paste takes the terminal's paste: a dialog with a field types it
	// there; one without drops it, as the view under it is not the one
	// being typed into.
	Paste(msg tea.PasteMsg)
	// Covers says whether the dialog is drawn over the view (the help,
	// the presets, the open dialog) rather than on the status line (a
	// prompt, a question), which leaves the view in sight.
	Covers() bool
	// View draws the dialog: over the view in w×h cells when it covers
	// it, else the status line in w cells, "" leaving the status as it is.
	View(w, h int) string
	// Footer is the line of keys under the dialog in w cells; "" leaves
	// the program's own (the view's keys, or a field's when one has them).
	Footer(w int) string
}

// Then is what a save was asked for on the way to: the quit and open
// questions both offer to save first.
type Then int

const (
	ThenStay Then = iota
	ThenQuit
	ThenOpen
)

// Host is what a dialog may ask of the program that opened it, and all
// it may: the Common every view shares, the program's size and help
// model, and the program's own work (saving, opening a list, copying)
// that a dialog's answer starts.
type Host interface {
	Common() *common.Common
	// Size is the whole screen's.
	Size() (w, h int)
	// Help is the program's help model, styled, for the footers.
	Help() *help.Model
	// Open puts d on screen in place of the dialog open; Close closes it.
	Open(d Dialog)
	Close()
	// Remote says the program runs for a session over the network,
	// where no file is read or written.
	Remote() bool
	// InOneGo says the last key came in one go with the one before it:
	// typed ahead, not an answer to a question it asked.
	InOneGo() bool
	// Save writes the list to its file (or asks for a name), then does
	// then; SaveTo writes it to path; SavePath is its own file, "" when
	// it has none.
	Save(then Then) tea.Cmd
	SaveTo(path string, then Then) tea.Cmd
	SavePath() string
	// Install puts a list read by the open dialog in place of the one
	// being edited, with fresh views.
	Install(ws *workspace.Workspace, fileGain *ndcg.Gain)
	// Copy copies what the key after y names (v, m, j) to the clipboard,
	// or, for s, writes the screen as an SVG image.
	Copy(key string) tea.Cmd
	// HelpPages is the help of the view in sight laid out for w cells:
	// its keys, then any further page (what the screen's marks mean).
	HelpPages(w int) []string
	// HelpNote is what digits do, under the help's keys.
	HelpNote() string
}

// Keys are the keys the dialogs take outside a field (the copy menu's
// second key, the closing keys), for the table that checks the key map.
func Keys() []key.Binding {
	var ks []key.Binding
	for _, c := range copyChoices {
		ks = append(ks, common.Bind([]string{c.key}, c.key, c.what))
	}
	return append(ks, helpClose, helpScroll, helpTurn, helpEsc, viewMenuNumber, viewMenuClose)
}
