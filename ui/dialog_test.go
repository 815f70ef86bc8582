package ui

import "github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"

// dialogOf is the dialog of type T on screen, or nil when another or
// none is.
func dialogOf[T dialogs.Dialog](m *Model) T {
	d, _ := m.dialog.(T)
	return d
}
