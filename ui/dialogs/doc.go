// Package dialogs holds what has the keys over the explorer's view until
// it closes, each a Dialog in a file of its own: Question (what to do
// with unsaved edits before quitting or opening another list), SaveAs,
// Copy (y, then what to take out), Shot (y s: the screen as an SVG
// file), ViewMenu (v: every view by name and purpose), Opener (another
// list, or a sample), Cutoff (k typed as a number) and Help (?).
//
// The explorer holds at most one dialog. It gives it every key (Key) and
// paste (Paste), draws it over the view or on the status line (Covers,
// View), and puts its footer under it (Footer). A dialog reaches the
// program only through the Host it was made with: the Common every view
// shares, the screen's size, and the program's own work that an answer
// starts (saving, installing a list read, copying).
//
// # Adding a dialog
//
//  1. In a new file dialogs/NAME.go, write a type that implements Dialog,
//     made by NewNAME(h Host, …), closing itself with h.Close.
//  2. In the key that opens it (ui/ui.go, handleKey), m.open(NewNAME(…)).
//
// Nothing else changes: the program's key routing, paste, drawing and
// footer go through the interface. A dialog's test hands it a Host of its
// own (dialog_test.go).
//
// Files: dialog.go (Dialog, Host, Then), then one file a dialog:
// question.go, saveas.go, copy.go, shot.go, views.go (the view menu),
// opener.go, cutoff.go, help.go; and pathfield.go, the file name typed
// by the two that write a file (save as, the screen as SVG).
package dialogs
