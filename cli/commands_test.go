package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each entry of commands is named after the command it builds.
func TestCommandsAreNamedAsTheyBuild(t *testing.T) {
	env := &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, IsTerminal: func() bool { return false }}
	for _, c := range commands {
		assert.Equal(t, c.name, c.build(env).Name())
	}
}

// A run that builds only the command it runs (or none, for --version)
// prints and exits exactly as a run on the whole tree does.
func TestPartialTreeRunsAsTheWholeTree(t *testing.T) {
	runs := [][]string{
		{"--version"}, {"-v"}, {"version"},
		{"report", "--grades", "3,2,3,0,1", "-k", "5"},
		{"report", "sample:ties-at-k", "--format", "json"},
		{"report", "--bogus"}, {"report", "--format", "nope", "sample:ties-at-k"},
		{"report", "help"}, {"report", "no-such-file.json"},
		{"samples"}, {"samples", "ties-at-k"}, {"samples", "nope"}, {"samples", "a", "b"},
		{"check", "sample:all-claims-hold"}, {"trec"}, {"ltr"},
		{"report", "--version"}, {"samples", "-v"}, {"version", "--help"},
		// Help asked for after other flags, and a usage error.
		{"report", "-k", "3", "sample:ties-at-k", "--help"}, {"trec", "-qh"}, {"trec", "-q", "--help"},
		{"samples", "ties-at-k", "-h"}, {"check", "help"}, {"report", "-k", "x"}, {"trec", "-Z"},
		{"version"}, {"version", "extra"},
	}
	for _, c := range commands {
		runs = append(runs, []string{c.name, "--help"}, []string{c.name, "-h"})
	}
	// The runs above do build less than the whole tree.
	assert.False(t, needed([]string{"report", "x.json"})("check"))
	assert.False(t, needed([]string{"--version"})("version"))
	assert.True(t, needed([]string{"--version"})(""), "the root's --version")
	assert.False(t, needed([]string{"samples"})(""), "a named command has no --version")
	assert.True(t, needed([]string{"man"})("report"), "the manual page lists every command")
	assert.True(t, needed([]string{"help", "report"})("check"))
	for _, args := range runs {
		code, out, errOut := mainWith("", args...)
		var wholeOut, wholeErr bytes.Buffer
		env := &Env{Stdin: strings.NewReader(""), Stdout: &wholeOut, Stderr: &wholeErr, IsTerminal: func() bool { return false }}
		wholeCode := run(args, env, newRoot(env, func(string) bool { return true }), Version())
		assert.Equal(t, wholeCode, code, "%v", args)
		assert.Equal(t, wholeOut.String(), out, "%v", args)
		assert.Equal(t, wholeErr.String(), errOut, "%v", args)
	}
}
