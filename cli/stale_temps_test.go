package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A command that only reads a list (report, check) leaves the temporary
// file a killed save left beside it; the explorer, which saves, clears
// it when it opens the list.
func TestStaleTempsAreClearedByTheExplorerAlone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "a", "grade": 1}, {"id": "b", "grade": 0}]}`), 0o644))
	// A process id that cannot be running (beyond Linux's pid_max).
	dead := filepath.Join(dir, ".list.json.99999999.123.tmp")
	require.NoError(t, os.WriteFile(dead, []byte("{"), 0o644))

	for _, args := range [][]string{{"report", path}, {"check", "--ndcg", "1", path}, {"report", "--format", "json", path}} {
		code, _, errOut := mainWith("", args...)
		require.Equal(t, ExitOK, code, "%v: %s", args, errOut)
		assert.FileExists(t, dead, "%v", strings.Join(args, " "))
	}

	env := &Env{Stdin: strings.NewReader(""), Stdout: &strings.Builder{}, Stderr: &strings.Builder{}, IsTerminal: func() bool { return false }}
	_, _, err := openList(env, &listFlags{}, []string{path})
	require.NoError(t, err)
	assert.NoFileExists(t, dead, "the explorer's open clears it")
}
