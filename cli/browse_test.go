package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runExploreCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	code := Main(args, env)
	return code, out.String(), errOut.String()
}

// TestBrowseDispatch: --qrels and --run without --query ask for the
// query browser, which needs a terminal; with --query it is the
// explorer on one query, as before. Bad files are reported first.
func TestBrowseDispatch(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	qrels, run := filepath.Join(cases, "basic.qrels"), filepath.Join(cases, "basic.run")

	code, _, errOut := runExploreCmd("--qrels", qrels, "--run", run)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "the query browser needs a terminal")
	assert.Contains(t, errOut, "ndcg-explorer trec -q")

	code, _, errOut = runExploreCmd("--qrels", qrels, "--run", run, "--query", "101")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "the explorer needs a terminal")

	code, _, errOut = runExploreCmd("--qrels", qrels, "--run", run, "-k", "x")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "-k")

	code, _, errOut = runExploreCmd("--qrels", qrels, "--run", run, "-k", "all")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "needs a terminal", "-k all: the whole ranking, trec_eval's ndcg")

	bad := filepath.Join(t.TempDir(), "bad.run")
	require.NoError(t, os.WriteFile(bad, []byte("100 Q0 FT-1 1 0.5 r\n100 Q0 FT-1 2 0.4 r\n"), 0o600))
	code, _, errOut = runExploreCmd("--qrels", qrels, "--run", bad)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "bad.run")
	assert.Contains(t, errOut, "bad.run:2:")

	code, _, errOut = runExploreCmd("--qrels", qrels)
	assert.Equal(t, ExitBadInput, code, "--qrels alone is not a browser")
	assert.Contains(t, errOut, "--qrels and --run go together")

	// A query is named once: "basic.run query 101", not "…: query 101".
	code, out, stderr := reportRun("", "report", "--qrels", qrels, "--run", run, "--query", "101")
	assert.Equal(t, ExitOK, code, stderr)
	assert.True(t, strings.HasPrefix(out, run+" query 101\n"), out)

	// report reads one query: without --query it asks for one.
	code, _, errOut = reportRun("", "report", "--qrels", qrels, "--run", run)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "need --query QID")
}
