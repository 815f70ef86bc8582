package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// renderedMan is the manual page as man-db shows it at 80 columns,
// failing t on any warning groff gives.
func renderedMan(t *testing.T) string {
	t.Helper()
	manPath := testenv.Tool(t, "man", "man-db")
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	code, page, stderr := mainWith("", "man")
	require.Equal(t, ExitOK, code, stderr)
	file := filepath.Join(t.TempDir(), "ndcg-explorer.1")
	require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
	cmd := exec.Command(manPath, "--warnings", "-l", file)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", "LC_ALL=C.UTF-8", "MAN_KEEP_FORMATTING=")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	assert.Empty(t, errOut.String(), "groff's warnings")
	return out.String()
}

// The manual page, read with man at 80 columns: a SYNOPSIS line per
// command, where it gave ndcg-explorer [options...] [argument...];
// each command's heading with a space before its arguments, where they
// ran into its name (check[FILE], trecQRELS RUN); one entry for
// completion, where there was one per shell; EXAMPLES, ENVIRONMENT,
// FILES, EXIT STATUS and SEE ALSO; no line wider than the page.
func TestManPageAsRead(t *testing.T) {
	page := renderedMan(t)
	for _, l := range strings.Split(page, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "        ")), 80, "%q", l)
	}
	synopsis := section(page, "SYNOPSIS")
	for _, want := range []string{
		"ndcg-explorer [options] [FILE]",
		"ndcg-explorer report [options] [FILE]",
		"ndcg-explorer check [options] [FILE]",
		"ndcg-explorer trec [options] QRELS RUN",
		"ndcg-explorer ltr [options] DATA [PREDICTIONS]",
		"ndcg-explorer samples [NAME]",
		"ndcg-explorer serve [options] [FILE|sample:NAME]",
		"ndcg-explorer man",
		"ndcg-explorer completion [options] SHELL",
		"ndcg-explorer help [command]",
	} {
		assert.Contains(t, synopsis, "       "+want+"\n")
	}
	assert.NotContains(t, page, "argument...")

	commands := section(page, "COMMANDS")
	assert.Contains(t, commands, "\n   ndcg-explorer check [options] [FILE]\n")
	assert.Contains(t, commands, "\n   ndcg-explorer trec [options] QRELS RUN\n")
	assert.NotRegexp(t, `check\[FILE\]|trecQRELS`, page)
	assert.Len(t, regexp.MustCompile(`(?m)^   ndcg-explorer completion`).FindAllString(commands, -1), 1, "one entry for completion")
	assert.NotContains(t, commands, "completion bash\n")
	// Flags with their values' names, dashes as typed.
	assert.Contains(t, commands, "       --listen ADDR\n")
	assert.Contains(t, commands, "       -k, --cutoff K\n")
	// An example too long for the page continues on the next line, as
	// the shell reads it.
	assert.Contains(t, commands, "ndcg-explorer ltr vali.txt vali.pred -k 10 --preset xgboost --compare \\\n")

	for _, s := range []string{"EXAMPLES", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"} {
		assert.NotEmpty(t, section(page, s), s)
	}
	env := section(page, "ENVIRONMENT")
	for _, v := range []string{"NO_COLOR", "TERM", "XDG_CONFIG_HOME", "SOURCE_DATE_EPOCH", "TMPDIR"} {
		assert.Contains(t, env, "       "+v, v)
	}
	assert.Contains(t, section(page, "FILES"), "ssh_host_ed25519_key")
	assert.Contains(t, section(page, "EXAMPLES"), "       ndcg-explorer sample:idcg-slip\n")
	exit := section(page, "EXIT STATUS")
	for _, code := range []string{"0", "1", "2"} {
		assert.Regexp(t, `(?m)^       `+code+` `, exit, code)
	}
}

// section is the text of the page's section name, up to the next one.
func section(page, name string) string {
	_, rest, ok := strings.Cut(page, "\n"+name+"\n")
	if !ok {
		return ""
	}
	if i := regexp.MustCompile(`\n[A-Z][A-Z ]+\n`).FindStringIndex(rest); i != nil {
		rest = rest[:i[0]+1]
	}
	return rest
}

// Every environment variable the program reads (os.Getenv in its
// source) is in the page's ENVIRONMENT section.
func TestManPageNamesEveryVariableRead(t *testing.T) {
	getenv := regexp.MustCompile(`os\.(?:Getenv|LookupEnv)\("([A-Za-z_]+)"\)`)
	listed := map[string]bool{}
	for _, e := range manEnvironment {
		for _, v := range strings.Split(e[0], ", ") {
			listed[v] = true
		}
	}
	found := 0
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// internal/testenv is read by the tests only.
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "testenv" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range getenv.FindAllStringSubmatch(string(src), -1) {
			found++
			assert.True(t, listed[m[1]], "%s reads %s, which the manual page's ENVIRONMENT does not name", path, m[1])
		}
		return nil
	})
	require.NoError(t, err)
	assert.Positive(t, found)
}
