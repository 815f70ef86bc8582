package serve

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveLayers are serve's packages from the bottom up (doc.go): the
// attendee's session knows nothing of the server, the server nothing of
// the instructor's screen. A package imports only packages of its own
// layer or below; a new one fails the test until its layer is chosen.
var serveLayers = [][]string{
	{"serve/session", "serve/internal/sshtest"},
	{"serve"},
	{"serve/dashboard"},
}

func serveLayerOf(t *testing.T, dir string) int {
	for i, l := range serveLayers {
		for _, p := range l {
			if p == dir {
				return i
			}
		}
	}
	t.Fatalf("%s is in no layer: add it to serveLayers, where it may import what it needs and nothing above", dir)
	return -1
}

func TestServePackagesImportDownwards(t *testing.T) {
	const module = "github.com/ndcg-explorer/ndcg-explorer/"
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
		dir := filepath.ToSlash(filepath.Join("serve", path))
		layer := serveLayerOf(t, dir)
		// A package's tests are held to its layer too: a test of the
		// session that needed a server would say the session does.
		for _, imp := range append(append(pkg.Imports, pkg.TestImports...), pkg.XTestImports...) {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || dep != "serve" && !strings.HasPrefix(dep, "serve/") {
				continue
			}
			assert.LessOrEqual(t, serveLayerOf(t, dep), layer, "%s imports %s, a layer above it", dir, dep)
		}
		checked++
		return nil
	}))
	assert.Equal(t, 4, checked, "serve, serve/session, serve/internal/sshtest, serve/dashboard")
}
