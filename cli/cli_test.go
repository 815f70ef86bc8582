package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "--" ends the flags: a file whose name starts with a dash is read.
func TestDoubleDashEndsFlags(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "-weird.csv"), []byte("grade\n3\n2\n3\n0\n1\n"), 0o644))
	t.Chdir(dir)
	code, out, stderr := mainWith("", "report", "-k", "5", "--", "-weird.csv")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "NDCG@5 = 0.9575")
}

// Flags are GNU style: two dashes for long ones, a short -k and -p, and
// flags after the file as well as before.
func TestGNUFlags(t *testing.T) {
	for _, args := range [][]string{
		{"report", "--grades", "3,2,3,0,1", "-k", "5"},
		{"report", "--grades=3,2,3,0,1", "-k5"},
		{"report", "--grades", "3,2,3,0,1", "--cutoff", "5"},
		{"report", "--grades", "3,2,3,0,1", "--k", "5"},
		{"report", "sample:seed-000-exp-gain"},
		{"report", "sample:seed-000-exp-gain", "-f", "text"},
	} {
		code, out, stderr := mainWith("", args...)
		require.Equal(t, ExitOK, code, "%v: %s", args, stderr)
		assert.Contains(t, out, "NDCG@5 = 0.9575", args)
	}
	code, out, _ := mainWith("", "report", "--grades", "3,2,3,0,1", "-p", "sklearn")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "gain linear")

	// One dash is a short flag (or a bundle of them), as in every GNU tool.
	code, out, stderr := mainWith("", "report", "-gain", "linear", "--grades", "1")
	assert.Equal(t, ExitBadInput, code)
	assert.Empty(t, out)
	// Earlier versions took -gain; the error says what to write now.
	assert.Equal(t, "ndcg-explorer: unknown shorthand flag: 'g' in -gain: long flags take two dashes: --gain.\nRun ndcg-explorer report --help for its flags.\n", stderr)
	// A bundle of short flags that is no long flag's name gets no hint.
	_, _, stderr = mainWith("", "report", "-zq", "--grades", "1")
	assert.NotContains(t, stderr, "two dashes")
}

// help CMD, CMD help, CMD -h and CMD --help all print the command's help
// on standard output.
func TestHelpForACommand(t *testing.T) {
	for _, args := range [][]string{{"help", "report"}, {"report", "help"}, {"report", "-h"}, {"report", "--help"}} {
		code, out, stderr := mainWith("", args...)
		require.Equal(t, ExitOK, code, "%v", args)
		assert.Empty(t, stderr, args)
		assert.Contains(t, out, "ndcg-explorer report [FILE] [--flags]", args)
		assert.Contains(t, out, "--chart", args)
		assert.NotContains(t, out, " \n", "%v: no trailing blanks in a pipe", args)
	}
	code, out, stderr := mainWith("", "help", "reprot")
	assert.Equal(t, ExitBadInput, code)
	assert.Empty(t, out)
	assert.Equal(t, "ndcg-explorer: help: no command called \"reprot\"; did you mean report?\nRun ndcg-explorer help for the commands.\n", stderr)

	code, out, _ = mainWith("", "help")
	assert.Equal(t, ExitOK, code)
	for _, c := range []string{"report", "check", "trec", "samples", "completion", "man"} {
		assert.Contains(t, out, "    "+c+" ", c)
	}
}

// A mistyped command is named as one, with the command meant.
func TestDidYouMean(t *testing.T) {
	code, out, stderr := mainWith("", "reprot", "x")
	assert.Equal(t, ExitBadInput, code)
	assert.Empty(t, out)
	assert.Equal(t, "ndcg-explorer: unknown command \"reprot\": did you mean report?\nRun ndcg-explorer --help for the commands.\n", stderr)

	// A file of that name is a file.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "chek"), []byte("grade\n1\n"), 0o644))
	t.Chdir(dir)
	code, _, stderr = mainWith("", "chek")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "the explorer needs a terminal")
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"-v"}, {"--version"}, {"version"}} {
		code, out, _ := mainWith("", args...)
		assert.Equal(t, ExitOK, code, args)
		assert.Equal(t, "ndcg-explorer version "+Version()+"\n", out, args)
	}
	// In a test binary there is no module version: a build from source.
	assert.True(t, strings.HasPrefix(Version(), "devel"), Version())
}

func TestCompletionAndMan(t *testing.T) {
	for shell, want := range map[string]string{
		"bash":       "# bash completion V2 for ndcg-explorer",
		"zsh":        "#compdef ndcg-explorer",
		"fish":       "# fish completion for ndcg-explorer",
		"powershell": "# powershell completion for ndcg-explorer",
	} {
		code, out, stderr := mainWith("", "completion", shell)
		require.Equal(t, ExitOK, code, stderr)
		assert.True(t, strings.HasPrefix(out, want), "%s: %.60q", shell, out)
	}
	code, out, stderr := mainWith("", "man")
	require.Equal(t, ExitOK, code, stderr)
	assert.True(t, strings.HasPrefix(out, ".TH NDCG-EXPLORER 1 "), out)
	for _, s := range []string{`\-\-chart`, `\-\-ties`, "report", "trec"} {
		assert.Contains(t, out, s)
	}
}

// A packager's build dates the manual page by SOURCE_DATE_EPOCH, so that
// two builds give the same page: 1700000000 s is 2023-11-14 22:13:20 UTC.
func TestManDateFromSourceDateEpoch(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	code, out, stderr := mainWith("", "man")
	require.Equal(t, ExitOK, code, stderr)
	assert.True(t, strings.HasPrefix(out, `.TH NDCG-EXPLORER 1 "2023-11-14" `), "%.60q", out)

	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	code, _, stderr = mainWith("", "man")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, `SOURCE_DATE_EPOCH="yesterday" is not a number of seconds since 1970`)
}

// The shell completes commands, flags and their values.
func TestCompletionValues(t *testing.T) {
	code, out, _ := mainWith("", "__complete", "report", "--ties", "")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "docno\n")
	_, out, _ = mainWith("", "__complete", "re")
	assert.Contains(t, out, "report\t")
	_, out, _ = mainWith("", "__complete", "samples", "")
	assert.Contains(t, out, "ties-at-k\t")
	_, out, _ = mainWith("", "__complete", "check", "--format", "")
	assert.Contains(t, out, "json\n")
	// ltr's presets are its own (xgboost-, lightgbm), not the explorer's.
	_, out, _ = mainWith("", "__complete", "ltr", "--preset", "")
	assert.Contains(t, out, "xgboost-\n")
	assert.Contains(t, out, "lightgbm\n")
	_, out, _ = mainWith("", "__complete", "ltr", "--format", "")
	assert.Contains(t, out, "json\n")
	// trec's measures, short flag or long, and its input formats.
	_, out, _ = mainWith("", "__complete", "trec", "-m", "")
	assert.Contains(t, out, "ndcg_cut.5,10\n")
	assert.Contains(t, out, "Rndcg\n")
	_, out, _ = mainWith("", "__complete", "trec", "--measure", "nd")
	assert.Contains(t, out, "ndcg_rel\n")
	_, out, _ = mainWith("", "__complete", "trec", "--run-format", "")
	assert.Contains(t, out, "msmarco\n")
	assert.NotContains(t, out, "beir\n", "BEIR is a qrels format")
	_, out, _ = mainWith("", "__complete", "trec", "--qrels-format", "")
	assert.Contains(t, out, "beir\n")
	_, out, _ = mainWith("", "__complete", "trec", "-q", "--ti")
	assert.Contains(t, out, "--ties\t")
	_, out, _ = mainWith("", "__complete", "trec", "-q", "")
	assert.Contains(t, out, ":0\n", "after a flag without a value: files")
}

// Every flag a command's page of docs/ names is one its -h lists, so the
// documentation and the help cannot drift apart.
func TestREADMEFlagsExist(t *testing.T) {
	flag := regexp.MustCompile("`(?:ndcg-explorer [a-z]+ )?(--[a-z][a-z_-]+|-[a-zA-Z])[ =`]")
	for cmd, page := range map[string]string{
		"report": "report.md",
		"check":  "check.md",
		// trec's page also names trec_eval's options that trec refuses.
	} {
		data, err := os.ReadFile(filepath.Join("..", "docs", page))
		require.NoError(t, err)
		_, help, _ := mainWith("", cmd, "--help")
		n := 0
		for _, m := range flag.FindAllStringSubmatch(string(data), -1) {
			f := m[1]
			if strings.HasPrefix(f, "--") {
				assert.Contains(t, help, " "+f+" ", "%s: docs/%s names %s", cmd, page, f)
			} else {
				assert.Contains(t, help, "    "+f+" --", "%s: docs/%s names %s", cmd, page, f)
			}
			n++
		}
		assert.Greater(t, n, 2, cmd)
	}
}

// Every command the binary lists is named in the README, so that a
// newcomer meets it there; docs/reference.md holds its help, generated
// (tools/cmdref).
func TestREADMECommandsAreTheBinarys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	require.NoError(t, err)
	_, help, _ := mainWith("", "help")
	i, j := strings.Index(help, "  COMMANDS\n"), strings.Index(help, "  FLAGS\n")
	require.True(t, i >= 0 && j > i, help)
	n := 0
	for _, line := range strings.Split(help[i:j], "\n")[1:] {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "help" {
			continue
		}
		assert.True(t, strings.Contains(string(data), "ndcg-explorer "+fields[0]), "the README does not name the command %s", fields[0])
		n++
	}
	assert.Greater(t, n, 5)
}
