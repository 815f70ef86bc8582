package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// completions runs the shell's completion request for args (the last
// one the word being completed) and returns the choices, without their
// descriptions, and cobra's directive line.
func completions(t *testing.T, args ...string) (choices []string, directive string) {
	t.Helper()
	code, out, stderr := mainWith("", append([]string{"__complete"}, args...)...)
	require.Equal(t, ExitOK, code, stderr)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		choice, _, _ := strings.Cut(l, "\t")
		choices = append(choices, choice)
	}
	return choices, lines[len(lines)-1]
}

// FILE completes as files, or as sample:NAME once the word starts with
// sample:, for the explorer and every command that reads one list.
func TestCompletionOfFile(t *testing.T) {
	var all []string
	for _, n := range samples.Names() {
		all = append(all, "sample:"+n)
	}
	for _, cmd := range [][]string{{}, {"report"}, {"check"}, {"serve"}} {
		got, directive := completions(t, append(cmd, "sample:")...)
		assert.Equal(t, all, got, "%v: every sample", cmd)
		assert.Equal(t, ":4", directive, "%v: no file names beside them", cmd)
		got, _ = completions(t, append(cmd, "sample:ti")...)
		assert.Contains(t, got, "sample:ties-at-k", "%v", cmd)
		// Anything else is a file name, which the shell completes
		// (directive 0), the explorer's command names beside them.
		_, directive = completions(t, append(cmd, "my")...)
		assert.Equal(t, ":0", directive, "%v: files", cmd)
	}
	got, directive := completions(t, "tr")
	assert.Equal(t, []string{"trec"}, got)
	assert.Equal(t, ":0", directive)
	// One list at a time.
	_, directive = completions(t, "report", "a.json", "")
	assert.Equal(t, ":4", directive)
}

// --query completes with the query ids of the files given before it:
// --qrels (basic.qrels judges 100 to 105, q0, q1 and q2), --ltr
// (example.txt holds qid:1 to qid:3) or a table FILE.
func TestCompletionOfQuery(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	got, directive := completions(t, "--qrels", filepath.Join(cases, "basic.qrels"), "--run", filepath.Join(cases, "basic.run"), "--query", "")
	assert.Equal(t, []string{"100", "101", "102", "103", "104", "105", "q0", "q1", "q2"}, got)
	assert.Equal(t, ":4", directive)
	got, _ = completions(t, "report", "--qrels", filepath.Join(cases, "basic.qrels"), "--query", "")
	assert.Len(t, got, 9)

	data := filepath.Join("..", "ltr", "testdata")
	got, _ = completions(t, "--ltr", filepath.Join(data, "example.txt"), "--predictions", filepath.Join(data, "example.pred"), "--query", "")
	assert.Equal(t, []string{"1", "2", "3"}, got)

	table := filepath.Join(t.TempDir(), "runs.csv")
	require.NoError(t, os.WriteFile(table, []byte("qid,docid,label\nq7,a,1\nq7,b,0\nq9,c,2\n"), 0o644))
	got, _ = completions(t, "check", table, "--query", "")
	assert.Equal(t, []string{"q7", "q9"}, got)

	// Before any file, and from a file that cannot be read: nothing.
	got, directive = completions(t, "--query", "")
	assert.Empty(t, got)
	assert.Equal(t, ":4", directive)
	got, _ = completions(t, "--qrels", "no-such.qrels", "--query", "")
	assert.Empty(t, got)
}

// completion takes one shell; its bash script calls bash-completion's
// functions only through the program's own, and is valid bash.
func TestCompletionCommand(t *testing.T) {
	code, out, stderr := mainWith("", "completion", "bash")
	require.Equal(t, ExitOK, code, stderr)
	var code0 strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			code0.WriteString(l + "\n")
		}
	}
	for _, f := range []string{"_get_comp_words_by_ref", "_filedir"} {
		// The guard and the call in the program's own function, and
		// nowhere else.
		assert.Equal(t, 2, strings.Count(code0.String(), " "+f+" "), f)
		assert.Contains(t, out, "__ndcg-explorer"+f+"()", f)
	}
	bash := testenv.Tool(t, "bash", "bash")
	script := filepath.Join(t.TempDir(), "completion.bash")
	require.NoError(t, os.WriteFile(script, []byte(out), 0o644))
	b, err := exec.Command(bash, "-n", script).CombinedOutput()
	assert.NoError(t, err, "%s", b)

	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		code, out, stderr = mainWith("", args...)
		assert.Equal(t, ExitBadInput, code, "%v", args)
		assert.Empty(t, out)
		assert.Contains(t, stderr, "ndcg-explorer: ", "%v", args)
		assert.Contains(t, stderr, "bash, zsh, fish, powershell.\nRun ndcg-explorer completion --help for what each shell needs.\n", "%v", args)
	}
	got, _ := completions(t, "completion", "")
	assert.Equal(t, shells, got)
}
