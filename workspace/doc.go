// Package workspace is the list being edited in the explorer: the
// document, the settings in force, the result of the last computation
// and the undo history. Edits are values (Edit) made by the functions of
// this package from the rank under a cursor; Apply, Undo and Redo make
// them and each returns the Edited message that every view receives.
// Work off the update loop reads the list without a copy (Lend: an edit
// made meanwhile writes into arrays of the workspace's own), and on a
// long list the recomputation after a change of settings is such work
// (Pending, Recomputation), so that no key waits for every rank, as is
// the taking of the saved state's fingerprints after a long list is
// opened or saved (Fingerprinting), which the first edit needs.
// Nothing here draws: the package knows no terminal.
package workspace
