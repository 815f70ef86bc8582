package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
