package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReferenceIsCurrent: docs/reference.md is what the commands print
// today, so a new flag or a changed help text comes with its page.
func TestReferenceIsCurrent(t *testing.T) {
	want, err := Generate()
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join("..", "..", Path))
	require.NoError(t, err)
	assert.Equal(t, want, string(got), "%s is not what the commands print: run go run ./tools/cmdref", Path)
}

// The page holds every command the top help lists, each with its usage.
func TestReferenceHoldsEveryCommand(t *testing.T) {
	page, err := Generate()
	require.NoError(t, err)
	for _, cmd := range []string{"report", "check", "trec", "ltr", "samples", "serve", "man", "completion"} {
		assert.Contains(t, page, "\n## ndcg-explorer "+cmd+"\n", cmd)
		assert.Contains(t, page, "ndcg-explorer "+cmd, cmd)
	}
	assert.NotContains(t, page, "\n## ndcg-explorer help\n", "help is a command about the others")
	assert.False(t, strings.Contains(page, " \n"), "no line ends in spaces")
}
