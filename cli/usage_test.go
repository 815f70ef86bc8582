package cli

import (
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// A mistyped flag is answered with the flag meant, as a mistyped command
// is; one near no flag is only said to be unknown.
func TestFlagTypoSuggestsTheFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--gian", "exp", "sample:ties-at-k"}, "ndcg-explorer: unknown flag: --gian; did you mean --gain?\nRun ndcg-explorer report --help for its flags.\n"},
		{[]string{"report", "--cutof", "3", "sample:ties-at-k"}, "ndcg-explorer: unknown flag: --cutof; did you mean --cutoff?\nRun ndcg-explorer report --help for its flags.\n"},
		{[]string{"check", "--gian=exp", "sample:ties-at-k"}, "ndcg-explorer: unknown flag: --gian; did you mean --gain?\nRun ndcg-explorer check --help for its flags.\n"},
		{[]string{"--cutof", "3", "sample:ties-at-k"}, "ndcg-explorer: unknown flag: --cutof; did you mean --cutoff?\nRun ndcg-explorer --help for its flags.\n"},
		{[]string{"serve", "--listn", ":1"}, "ndcg-explorer: unknown flag: --listn; did you mean --listen?\nRun ndcg-explorer serve --help for its flags.\n"},
		{[]string{"trec", "--tis", "q", "r"}, "ndcg-explorer: unknown flag: --tis; did you mean --ties?\nRun ndcg-explorer trec --help for its flags.\n"},
		{[]string{"report", "--zzzz", "sample:ties-at-k"}, "ndcg-explorer: unknown flag: --zzzz.\nRun ndcg-explorer report --help for its flags.\n"},
		// One dash: pflag reads short flags, the message says which.
		{[]string{"report", "-cutof", "3", "sample:ties-at-k"}, "ndcg-explorer: unknown shorthand flag: 'c' in -cutof; did you mean --cutoff?\nRun ndcg-explorer report --help for its flags.\n"},
	} {
		code, out, stderr := mainWith("", c.args...)
		assert.NotEqual(t, ExitOK, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, c.want, stderr, "%v", c.args)
	}
}

// --query with an id --qrels does not judge says which ids it does: the
// qrels file basic.qrels judges 100 to 105, q0, q1 and q2 (cut -d' ' -f1
// | sort -u), nine queries, of which the first five in byte order.
func TestQueryNotFoundListsTheQueries(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	qrels, run := filepath.Join(cases, "basic.qrels"), filepath.Join(cases, "basic.run")
	code, out, stderr := mainWith("", "report", "--qrels", qrels, "--run", run, "--query", "999")
	assert.Equal(t, ExitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, `query "999" is in neither`)
	assert.Contains(t, stderr, "; "+qrels+" judges 9 queries: 100, 101, 102, 103, 104 and 4 more\n")
	// A query the run holds and the qrels do not is opened, as before.
	code, _, stderr = mainWith("", "report", "--qrels", qrels, "--run", run, "--query", "101")
	assert.Equal(t, ExitOK, code, stderr)
}

// help as a command's one argument prints that command's help and exits
// 0, for every command: trec help said trec needs two files (exit 1),
// man help that man has no command help (exit 2).
func TestHelpWordForEveryCommand(t *testing.T) {
	for _, c := range commands {
		code, out, stderr := mainWith("", c.name, "help")
		assert.Equal(t, ExitOK, code, "%s help: %s", c.name, stderr)
		assert.Empty(t, stderr, c.name)
		_, want, _ := mainWith("", c.name, "--help")
		assert.Equal(t, want, out, "%s help prints what %s --help does", c.name, c.name)
		assert.Contains(t, out, "ndcg-explorer "+c.name, c.name)
	}
}

// Every sample a command's help names (sample:NAME in its description,
// examples or flags) is one samples lists: check and report gave
// sample:seed-000-exp-gain, an old name samples no longer shows.
func TestHelpNamesCurrentSamples(t *testing.T) {
	env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, IsTerminal: func() bool { return false }}
	root := newRoot(env, func(string) bool { return true })
	names := samples.Names()
	sampleRef := regexp.MustCompile(`sample:([a-z0-9][a-z0-9-]*)`)
	var walk func(c *cobra.Command)
	seen := 0
	walk = func(c *cobra.Command) {
		text := c.Short + "\n" + c.Long + "\n" + c.Example
		c.Flags().VisitAll(func(f *pflag.Flag) { text += "\n" + f.Usage })
		for _, m := range sampleRef.FindAllStringSubmatch(text, -1) {
			seen++
			assert.Contains(t, names, m[1], "%s names sample:%s", c.CommandPath(), m[1])
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	assert.Positive(t, seen, "the helps name samples")
	// And in what a person reads: each command's printed help.
	for _, c := range commands {
		_, out, _ := mainWith("", c.name, "--help")
		for _, m := range sampleRef.FindAllStringSubmatch(out, -1) {
			assert.Contains(t, names, m[1], "%s --help names sample:%s", c.name, m[1])
		}
	}
}

// Help follows each flag that takes a value with the value's name
// (--listen ADDR, -k --cutoff K), as man pages and GNU tools do; every
// such flag of every command has a name of its own, not the name of its
// Go type.
func TestHelpNamesFlagValues(t *testing.T) {
	_, out, _ := mainWith("", "serve", "--help")
	for _, want := range []string{"--listen ADDR ", "-k --cutoff K ", "--idle-timeout DURATION ", "--passphrase-file FILE ", "--zero 0|1 "} {
		assert.Contains(t, out, want)
	}
	assert.Regexp(t, `\n    --ascii +Draw`, out, "a boolean takes no value")
	_, out, _ = mainWith("", "trec", "-h")
	assert.Contains(t, out, "-m --measure MEASURE ")
	assert.Contains(t, out, "-q --query_eval_wanted ")
	_, out, _ = mainWith("", "--help")
	assert.Contains(t, out, "--query QID ")

	env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, IsTerminal: func() bool { return false }}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.NoOptDefVal != "" {
				return
			}
			_, named := valueNames[f.Name]
			_, annotated := f.Annotations[valueAnnotation]
			assert.True(t, named || annotated, "%s --%s has no value name", c.CommandPath(), f.Name)
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(env, func(string) bool { return true }))
}

// serve's help lists serve's flags and the list's conventions, not the
// query browser's, which it still takes.
func TestServeHelpListsItsOwnFlags(t *testing.T) {
	_, out, _ := mainWith("", "serve", "--help")
	for _, f := range []string{"--qrels", "--run", "--query", "--qrels-format", "--run-format", "--ltr", "--predictions"} {
		assert.NotContains(t, out, "    "+f+" ", f)
	}
	for _, f := range []string{"--listen", "--passphrase-file", "--max-sessions", "--gain", "-k --cutoff"} {
		assert.Contains(t, out, "    "+f+" ", f)
	}
	// Serve's eighteen (the room's eleven, --state-dir and --forget, --web,
	// --tls-cert, --tls-key and --web-host, --lesson), the list's
	// conventions and inline grades (gain, discount, -k, ties, idcg, zero,
	// -p, grades, scores), --input-format, --max-size and -h: 30, and none
	// of the browser's.
	assert.Equal(t, 30, strings.Count(out, "\n    -"), "serve's flags, help included")
	env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, IsTerminal: func() bool { return false }}
	assert.NotNil(t, newServeCmd(env).Flags().Lookup("qrels"), "still taken")
}
