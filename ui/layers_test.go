package ui

import (
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/internal/layertest"
)

// layers are the packages of the interface from the bottom up (package
// doc, Structure): a package imports only packages of its own layer or
// below, so that a view cannot reach the root model or a dialog, a
// widget cannot reach a view, and the style sheet and key map reach no
// widget. Every package is named here: a new one (a view, a widget, a
// dialog's package) fails the test until its layer is chosen.
var layers = [][]string{
	{"ui/room", "ui/components/layout", "ui/components/loading"},
	{"ui/common", "ui/internal/uitest"},
	{"ui/components/background", "ui/components/frame", "ui/components/table", "ui/components/textfield"},
	{"ui/views/view"},
	{"ui/views/explorer", "ui/views/arithmetic", "ui/views/order", "ui/views/compare", "ui/views/practice"},
	{"ui/views", "ui/dialogs"},
	{"ui"},
	{"ui/browser"},
}

// aView reports whether the package in dir is a package of views
// (ui/views/NAME, one view or several that teach together): it imports
// no other, so that each can be read, changed or removed alone.
func aView(dir string) bool {
	name, ok := strings.CutPrefix(dir, "ui/views/")
	return ok && name != "view" && !strings.Contains(name, "/")
}

func TestPackagesImportDownwards(t *testing.T) {
	layertest.Layers{Folder: "ui", Layers: layers, Apart: func(dir, dep string) string {
		if aView(dir) && aView(dep) {
			return "a package of views imports no other"
		}
		return ""
	}}.Check(t)
}
