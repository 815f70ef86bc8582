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

// runTrecCmd runs "ndcg-explorer trec ARGS" with stdin and returns the
// exit status, stdout and stderr.
func runTrecCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	code := Main(append([]string{"trec"}, args...), env)
	return code, out.String(), errOut.String()
}

func TestTrecCommand(t *testing.T) {
	// The trec package's tests compare these cases with trec_eval's output.
	cases := filepath.Join("..", "trec", "testdata")
	qrels := filepath.Join(cases, "cases", "ties.qrels")
	run := filepath.Join(cases, "cases", "ties.run")
	want, err := os.ReadFile(filepath.Join(cases, "expected", "ties.0.out"))
	require.NoError(t, err)

	code, out, errOut := runTrecCmd(t, "", "-q", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20,100", qrels, run)
	assert.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, string(want), out)
	assert.Empty(t, errOut)

	runText, err := os.ReadFile(run)
	require.NoError(t, err)
	code, out, _ = runTrecCmd(t, string(runText), qrels, "-", "-q", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20,100")
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, string(want), out, "the run from standard input, flags after the files")

	code, out, _ = runTrecCmd(t, "", "-q", "--ties", "-m", "ndcg_cut.10", qrels, run)
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "# tie bands: measure, query, worst, expected, best, spread (best − worst), trec_eval's value\n")
	assert.Regexp(t, `ndcg_cut_10           \t\d+ of 33 queries depend on tie order; spread mean 0\.\d{4}, largest \d\.\d{4} \(query \w+\); all 0\.\d{4} could be 0\.\d{4} to 0\.\d{4} \(expected 0\.\d{4}\)\n`, out)
}

func TestTrecCommandWarnsAndFails(t *testing.T) {
	dir := t.TempDir()
	qrels, run := filepath.Join(dir, "qrels"), filepath.Join(dir, "run")
	require.NoError(t, os.WriteFile(qrels, []byte("1 0 a 1\n2 0 a 1\n"), 0o644))
	require.NoError(t, os.WriteFile(run, []byte("1 Q0 a 1 1 r\n"), 0o644))

	code, out, errOut := runTrecCmd(t, "", "-m", "ndcg", qrels, run)
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, "ndcg                  \tall\t1.0000\n", out)
	assert.Equal(t, "ndcg-explorer: warning: 1 query of "+qrels+" has no lines in "+run+" and is skipped: 2 (use -c to count them as 0)\n", errOut)

	code, out, errOut = runTrecCmd(t, "", "-c", "-q", "-m", "ndcg", qrels, run)
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, "ndcg                  \t1\t1.0000\nndcg                  \t2\t0.0000\nndcg                  \tall\t0.5000\n", out)
	assert.Empty(t, errOut)

	require.NoError(t, os.WriteFile(run, []byte("1 Q0 a 1 1 r\n1 Q0 a 2 0.5 r\n"), 0o644))
	code, _, errOut = runTrecCmd(t, "", qrels, run)
	assert.Equal(t, ExitBadInput, code)
	assert.Equal(t, "ndcg-explorer: "+run+`:2: document "a" is retrieved twice for query "1" (first on line 1); trec_eval stops on this too: keep one line`+"\n", errOut)

	code, _, errOut = runTrecCmd(t, "", "-m", "map", qrels, run)
	assert.Equal(t, ExitTrecUsage, code, "trec_eval's status for an illegal measure")
	assert.Contains(t, errOut, `unknown measure "map"`)

	code, _, errOut = runTrecCmd(t, "", qrels)
	assert.Equal(t, ExitTrecUsage, code, "trec_eval's status for a usage error")
	assert.Equal(t, "ndcg-explorer: trec needs two files, QRELS and RUN; got 1 argument(s): ndcg-explorer trec QRELS RUN (-h for the flags)\n", errOut,
		"the error alone, as for a bad flag, not the whole help")

	code, out, _ = runTrecCmd(t, "", "-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "ndcg-explorer trec QRELS RUN [--flags]")
}
