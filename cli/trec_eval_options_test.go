package cli

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The same argument vectors through trec_eval 10.0 (recorded by
// testdata/trec_eval/record.sh) and through trec: the same standard
// output, byte for byte, and the same exit status.
func TestTrecEvalOptions(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "trec_eval"))
	require.NoError(t, err)
	manifest, err := os.ReadFile(filepath.Join(dir, "MANIFEST"))
	require.NoError(t, err)
	t.Chdir(dir)
	sc := bufio.NewScanner(bytes.NewReader(manifest))
	n := 0
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 4)
		require.Len(t, f, 4, sc.Text())
		name, kind, args := f[0], f[1], strings.Fields(f[3])
		status, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		t.Run(name+" "+f[3], func(t *testing.T) {
			var out, errOut bytes.Buffer
			env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
			code := Main(append([]string{"trec"}, args...), env)
			assert.Equal(t, status, code, "exit status; stderr: %s", errOut.String())
			if kind == "out" {
				want, err := os.ReadFile(name + ".out")
				require.NoError(t, err)
				assert.Equal(t, string(want), out.String())
			}
		})
		n++
	}
	require.NoError(t, sc.Err())
	assert.Greater(t, n, 30)
}

// The options of trec_eval that trec cannot honour are refused by name,
// with trec_eval's usage status; those that change nothing for ndcg are
// accepted.
func TestTrecUnsupportedOptions(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	qrels, run := filepath.Join(cases, "basic.qrels"), filepath.Join(cases, "basic.run")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-D", "1"}, "trec_eval's -D (--Debug_level) is not supported"},
		{[]string{"--Zscore", "z.txt"}, "trec_eval's -Z (--Zscore) is not supported"},
		{[]string{"-R", "prefs"}, "trec_eval's -R prefs is not supported: trec reads QRELS in the qrels format only"},
		{[]string{"-Ttrec_results_x"}, "trec_eval's -T trec_results_x is not supported"},
		{[]string{"-m", "map"}, `unknown measure "map": trec computes trec_eval's NDCG measures: ndcg, ndcg_cut.K1,K2,…, ndcg_rel and Rndcg`},
		{[]string{"--run-format", "beir"}, `--run-format "beir": use one of trec, msmarco, json, jsonl, csv, tsv`},
		// trec_eval crashes on a negative -M; a run cut to fewer than no
		// documents is a mistake to name, not a table of zeros.
		{[]string{"-M", "-1"}, "-M (--Max_retrieved_per_topic): -1 is negative: give the number of documents to score, 0 or more"},
		{[]string{"-M", "abc"}, `ndcg-explorer: -M (--Max_retrieved_per_topic): "abc" is not a whole number.` + "\nRun ndcg-explorer trec --help"},
	} {
		code, out, errOut := runTrecCmd(t, "", append(c.args, qrels, run)...)
		assert.Equal(t, ExitTrecUsage, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
	code, out, _ := runTrecCmd(t, "", "-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "Not supported: measures other than the NDCG ones")
}

// trec -v names every trec_eval measure trec computes, not only the first
// two it had.
func TestTrecVersionNamesItsMeasures(t *testing.T) {
	code, out, errOut := runTrecCmd(t, "", "-v")
	assert.Equal(t, ExitOK, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "(ndcg, ndcg_cut, ndcg_rel and Rndcg as trec_eval version 10.0)")
}
