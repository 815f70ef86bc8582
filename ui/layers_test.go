package ui

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// layerOf is the layer of the package in folder dir (relative to the
// module's root).
func layerOf(t *testing.T, dir string) int {
	for i, l := range layers {
		for _, p := range l {
			if p == dir {
				return i
			}
		}
	}
	t.Fatalf("%s is in no layer: add it to layers, where it may import what it needs and nothing above", dir)
	return -1
}

// aView reports whether the package in dir is a package of views
// (ui/views/NAME, one view or several that teach together): it imports
// no other, so that each can be read, changed or removed alone.
func aView(dir string) bool {
	name, ok := strings.CutPrefix(dir, "ui/views/")
	return ok && name != "view" && !strings.Contains(name, "/")
}

func TestPackagesImportDownwards(t *testing.T) {
	const module = "github.com/ndcg-explorer/ndcg-explorer/"
	var checked int
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		pkg, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		require.NoError(t, err)
		dir := filepath.ToSlash(filepath.Join("ui", path))
		layer := layerOf(t, dir)
		for _, imp := range pkg.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || !strings.HasPrefix(dep+"/", "ui/") {
				continue
			}
			assert.LessOrEqual(t, layerOf(t, dep), layer, "%s imports %s, a layer above it", dir, dep)
			assert.False(t, aView(dir) && aView(dep), "%s imports %s: a package of views imports no other", dir, dep)
		}
		checked++
		return nil
	}))
	var named int
	for _, l := range layers {
		named += len(l)
	}
	assert.Equal(t, named, checked, "every package named in layers is one of the interface's, and walked")
}
