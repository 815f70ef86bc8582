package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxLines is what a file of the module's code stays under (ui/doc.go
// says why: past it, a file is split where it already has named steps).
// Test files are not held to it.
const maxLines = 500

// longFiles are the files past maxLines, each with why it is one file.
// An entry leaves the list once its file is back under the limit.
var longFiles = map[string]string{}

// TestFilesStayUnder500Lines: every file of the module's code is under
// maxLines, or named in longFiles with its reason.
func TestFilesStayUnder500Lines(t *testing.T) {
	seen := map[string]bool{}
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		name := filepath.ToSlash(path)
		n := bytes.Count(data, []byte("\n"))
		if _, named := longFiles[name]; named {
			seen[name] = true
			assert.Greater(t, n, maxLines, "%s is %d lines: under %d, it leaves longFiles", name, n, maxLines)
			return nil
		}
		assert.LessOrEqual(t, n, maxLines, "%s is %d lines: split it where it has named steps, or name it in longFiles with why it is one file", name, n)
		return nil
	}))
	for name := range longFiles {
		assert.True(t, seen[name], "%s is in longFiles and is no file of the module", name)
	}
}
