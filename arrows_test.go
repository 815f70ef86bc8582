package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The module's packages import downwards: internal/ holds leaf libraries
// that import nothing of the module outside internal/, and tools/ holds
// developer programs that nothing imports. (ui/layers_test.go orders
// the interface's packages among themselves.)
func TestNoArrowRunsBackUp(t *testing.T) {
	const module = "github.com/ndcg-explorer/ndcg-explorer/"
	var internal, tools int
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, build.ImportComment)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		require.NoError(t, err)
		dir := filepath.ToSlash(path)
		for _, imp := range append(append(pkg.Imports, pkg.TestImports...), pkg.XTestImports...) {
			dep, ok := strings.CutPrefix(imp, module)
			assert.False(t, ok && strings.HasPrefix(dep, "tools/"), "%s imports %s: nothing imports a developer program", dir, dep)
		}
		for _, imp := range pkg.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if ok && strings.HasPrefix(dir, "internal/") {
				assert.True(t, strings.HasPrefix(dep, "internal/"), "%s imports %s: a leaf library of internal/ imports only internal/", dir, dep)
			}
		}
		switch {
		case strings.HasPrefix(dir, "internal/"):
			internal++
		case strings.HasPrefix(dir, "tools/"):
			tools++
			assert.Equal(t, "main", pkg.Name, "%s: tools/ holds programs", dir)
		}
		return nil
	}))
	assert.Greater(t, internal, 10, "every package of internal/")
	assert.Equal(t, 3, tools, "cmdref, svganim, termsvg")
}
