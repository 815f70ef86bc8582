// Package workspace is the list being edited in the explorer: the
// document, the settings in force, the result of the last computation
// and the undo history. Edits are values (Edit) made by the functions of
// this package from the rank under a cursor; Apply, Undo and Redo make
// them and each returns the Edited message that every view receives.
// Nothing here draws: the package knows no terminal.
package workspace
