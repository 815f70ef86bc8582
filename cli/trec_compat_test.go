package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trec gives trec_eval's output on the cases trec/testdata/compat records
// from trec_eval 10.0 (expected.sh): a fractional cutoff, which trec
// refused ("cutoff 23.4 is not a whole number") where trec_eval's own
// tests give it and read it as 23, now read so with a warning; and -M
// with a duplicate docno below rank M, which trec refused where
// trec_eval cuts each ranking to M documents before it looks for
// duplicates.
func TestTrecEvalCompatCases(t *testing.T) {
	dir := filepath.Join("..", "trec", "testdata", "compat")
	f, err := os.Open(filepath.Join(dir, "MANIFEST"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		require.Len(t, parts, 3)
		name, status := parts[0], parts[1]
		args := strings.Fields(parts[2])
		for i, a := range args {
			if strings.HasSuffix(a, ".qrels") || strings.HasSuffix(a, ".run") {
				args[i] = filepath.Join(dir, a)
			}
		}
		want, err := os.ReadFile(filepath.Join(dir, name+".out"))
		require.NoError(t, err)
		code, out, errOut := runTrecCmd(t, "", args...)
		if status == "0" {
			assert.Equal(t, ExitOK, code, "%s: %s", name, errOut)
		} else {
			assert.NotEqual(t, ExitOK, code, name)
		}
		assert.Equal(t, string(want), out, name)
		if status != "0" && strings.Contains(parts[2], "-q") {
			assert.Contains(t, errOut, "(with -q, trec_eval prints the values of the queries before this one, then stops; trec prints none of a run it stops on)", name)
		}
		if strings.Contains(parts[2], "23.4") {
			assert.Contains(t, errOut, "warning: -m: measure ndcg_cut.10,20,23.4: cutoff 23.4 read as 23", name)
		}
		n++
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 7, n)
}
