package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An empty -k (from an empty shell variable) is refused as a cutoff
// that is not one, where it was taken as "all".
func TestEmptyCutoffRefused(t *testing.T) {
	for _, flag := range []string{"-k", "--cutoff"} {
		code, out, errOut := runCmd(t, "report", flag, "", "sample:ties-at-k")
		assert.Equal(t, ExitBadInput, code, out)
		assert.Contains(t, errOut, "-k: empty; give a cutoff ≥ 1, as in -k 10, or all for the whole list")
	}
}

// A usage error's message ends with a full stop before the line that
// points at --help, so that read on one line the two do not run
// together ("…is not a whole number Run ndcg-explorer…").
func TestUsageErrorEndsItsSentence(t *testing.T) {
	_, _, errOut := runTrecCmd(t, "", "-M", "x", "q", "r")
	assert.Contains(t, errOut, "is not a whole number.\nRun ndcg-explorer trec --help for its flags.\n")
}

// nan or inf on a predictions file's first line is a score that is not
// finite, where it was called a header to remove.
func TestNaNPredictionNotAHeader(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "t.txt")
	require.NoError(t, os.WriteFile(data, []byte("1 qid:1 1:0.5\n0 qid:1 1:0.1\n"), 0o644))
	for _, v := range []string{"nan", "inf", "-Inf"} {
		preds := filepath.Join(dir, "p.txt")
		require.NoError(t, os.WriteFile(preds, []byte(v+"\n0.5\n"), 0o644))
		code, _, errOut := runCmd(t, "ltr", data, preds)
		assert.Equal(t, ExitBadInput, code)
		assert.Contains(t, errOut, "p.txt:1: prediction: \""+v+"\" is not a finite number")
		assert.NotContains(t, errOut, "header")
	}
}
