package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExploreWithoutATerminalPointsToReport(t *testing.T) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, IsTerminal: func() bool { return false }}
	code := Main([]string{"--grades", "3,2,3,0,1", "--ascii"}, env)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errb.String(), "ndcg-explorer report")
	assert.Empty(t, out.String())
}

func TestExploreBadInputFailsBeforeTheTerminalCheck(t *testing.T) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, IsTerminal: func() bool { return true }}
	assert.Equal(t, ExitBadInput, Main([]string{"--grades", "3,x"}, env))
	assert.Contains(t, errb.String(), "--grades")
	errb.Reset()
	assert.Equal(t, ExitBadInput, Main([]string{"--grades", "3,2", "-k", "-1"}, env))
	assert.Contains(t, errb.String(), "-k")
}

func TestExploreHelpListsItsFlags(t *testing.T) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	assert.Equal(t, ExitOK, Main([]string{"-h"}, env))
	assert.Contains(t, out.String(), "-ascii")
	assert.Contains(t, out.String(), "-seed")
}
