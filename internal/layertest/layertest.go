package layertest

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/ndcg-explorer/ndcg-explorer/"

// Layers are the packages of one folder of the module, from the bottom
// up, each named by its path from the module's root ("ui/common").
type Layers struct {
	// Folder is the folder the test runs in ("ui"), whose packages
	// these are.
	Folder string
	// Layers name every package under Folder, the lowest layer first.
	Layers [][]string
	// Tests holds a package's tests to its layer too: a test that
	// needed a package above would say the package does.
	Tests bool
	// Apart, when set, says why dir may not import dep even from its
	// own layer or below ("" when it may).
	Apart func(dir, dep string) string
}

// of is the layer of the package dir.
func (l Layers) of(t *testing.T, dir string) int {
	t.Helper()
	for i, layer := range l.Layers {
		for _, p := range layer {
			if p == dir {
				return i
			}
		}
	}
	t.Fatalf("%s is in no layer: add it to the layers of %s, where it may import what it needs and nothing above", dir, l.Folder)
	return -1
}

// Check walks the packages under the test's folder and fails on every
// import that runs up a layer or that Apart refuses.
func (l Layers) Check(t *testing.T) {
	t.Helper()
	checked := 0
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		pkg, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		require.NoError(t, err)
		dir := filepath.ToSlash(filepath.Join(l.Folder, path))
		layer := l.of(t, dir)
		imports := pkg.Imports
		if l.Tests {
			imports = append(append(append([]string(nil), imports...), pkg.TestImports...), pkg.XTestImports...)
		}
		for _, imp := range imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || dep != l.Folder && !strings.HasPrefix(dep, l.Folder+"/") {
				continue
			}
			assert.LessOrEqual(t, l.of(t, dep), layer, "%s imports %s, a layer above it", dir, dep)
			if l.Apart != nil {
				if why := l.Apart(dir, dep); why != "" {
					t.Errorf("%s imports %s: %s", dir, dep, why)
				}
			}
		}
		checked++
		return nil
	}))
	named := 0
	for _, layer := range l.Layers {
		named += len(layer)
	}
	assert.Equal(t, named, checked, "every package named in the layers of %s is there, and walked", l.Folder)
}
