package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// TestLearnCommand: learn refuses a step that does not exist and a run
// without a terminal, each saying what to do; its help lists the steps
// and where progress is kept.
func TestLearnCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)

	code, _, errOut := mainWith("", "learn", "14")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, `STEP is a number from 1 to 13, not "14"; ndcg-explorer learn --help lists the steps`)
	code, _, errOut = mainWith("", "learn", "2", "3")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "learn takes one STEP, got 2: 2 3; a lesson FILE comes first: ndcg-explorer learn FILE STEP")

	code, _, errOut = mainWith("", "learn", "3")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "the guided path needs a terminal; it runs in the explorer; ndcg-explorer learn --answers prints its answers")
	_, err := os.Stat(filepath.Join(dir, "ndcg-explorer"))
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing is written before a step opens")

	code, out, _ := mainWith("", "learn", "--help")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "1  gain and discount")
	assert.Contains(t, out, "13  checking a hand computation")
	assert.Contains(t, out, "learn --export writes the built-in path out")
	// The file's place in words, not this machine's path: the command
	// reference is generated from this help.
	assert.Contains(t, out, "ndcg-explorer/learn.json in the configuration directory")
	assert.NotContains(t, out, dir)

	_, out, _ = mainWith("", "__complete", "learn", "")
	assert.Contains(t, out, "8\tties at the cutoff")
}

// TestLearnDamagedProgress: a progress file this program did not write
// stops learn with the file's name and what to do.
func TestLearnDamagedProgress(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path := filepath.Join(dir, "ndcg-explorer", "learn.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte("{"), 0o644))
	code, _, errOut := mainWith("", "learn")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, path+" is not a progress file this program wrote")
	assert.Contains(t, errOut, "remove it to start the path afresh")
}

// TestLearnWithoutConfigDirectory: with neither $XDG_CONFIG_HOME nor
// $HOME, the path runs from step 1 and keeps nothing, and says why;
// with them, the progress kept is read and saved there.
func TestLearnWithoutConfigDirectory(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	p, save, unkept, err := learnProgress("", nil)
	require.NoError(t, err)
	assert.Nil(t, save)
	assert.Equal(t, 1, p.Resume())
	require.Error(t, unkept)
	assert.Contains(t, unkept.Error(), "set XDG_CONFIG_HOME")

	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	p, save, unkept, err = learnProgress("", nil)
	require.NoError(t, err)
	require.NoError(t, unkept)
	for n := 1; n <= 3; n++ {
		p.Opened(n)
		p.Answered(n)
	}
	p.Opened(4)
	require.NoError(t, save(p))
	p, _, _, err = learnProgress("", nil)
	require.NoError(t, err)
	assert.Equal(t, 4, p.Resume())
}

// TestLearnFileProgressApart: a lesson file's progress is kept apart
// from the built-in path's and from another file's, even of the same
// steps; learn FILE resumes at its first step not answered right, and
// what it covered names the file to go on with.
func TestLearnFileProgressApart(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lesson := filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md")
	path, err := learn.ReadFile(lesson)
	require.NoError(t, err)
	p, save, unkept, err := learnProgress(lesson, path)
	require.NoError(t, err)
	require.NoError(t, unkept)
	assert.Equal(t, 1, p.Resume())
	p.Opened(1)
	p.Answered(1)
	p.Opened(2)
	p.Answered(3)
	require.NoError(t, save(p))

	p, _, _, err = learnProgress(lesson, path)
	require.NoError(t, err)
	assert.Equal(t, 2, p.Resume(), "step 2 was opened, not answered right")
	assert.False(t, p.Finished())
	covered := p.Covered()
	assert.Contains(t, covered, "Steps answered right: 2 of 4.\n")
	assert.Contains(t, covered, "Next: step 2 (a tie across the cutoff).\nndcg-explorer learn "+lesson+" resumes there;")

	copied := filepath.Join(t.TempDir(), "copy.md")
	b, err := os.ReadFile(lesson)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(copied, b, 0o644))
	other, _, _, err := learnProgress(copied, path)
	require.NoError(t, err)
	assert.Empty(t, other.Right, "another file's progress is its own")
	builtin, _, _, err := learnProgress("", nil)
	require.NoError(t, err)
	assert.Empty(t, builtin.Right, "the built-in path's is its own")
}

// TestLearnFilesAndKey: learn --export writes the built-in path as a
// lesson file; learn --answers prints its key, as text or JSON, and a
// lesson file's; a file with an error is refused with its line, by
// learn and by serve --lesson alike.
func TestLearnFilesAndKey(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	code, out, _ := mainWith("", "learn", "--export")
	assert.Equal(t, ExitOK, code)
	assert.True(t, strings.HasPrefix(out, "# NDCG, step by step\n"), out)
	assert.Contains(t, out, "\n## checking a hand computation\n")

	code, out, _ = mainWith("", "learn", "--answers")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, " 4  NDCG                            NDCG@5 = 0.9575\n")
	code, out, _ = mainWith("", "learn", "--answers", "--format", "json", filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md"))
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, `{"steps":[{"step":1,"title":"the top three","answer":3.8928},{"step":2,"title":"a tie across the cutoff","answer":0.7039},{"step":3,"title":"a missed document","answer":8.1309},{"step":4,"title":"where the cutoff starts to cost","answer":4}]}`+"\n", out)

	code, out, _ = mainWith("# From a pipe\n\n## one\nlist: 3,2\nask: dcg\nquestion: What is DCG?\n\nAdd.\n", "learn", "--answers", "-")
	assert.Equal(t, ExitOK, code)
	// The default conventions, exp gain and the whole list: 7 + 3/log2 3.
	assert.Equal(t, " 1  one  DCG = 8.8928\n", out)

	bad := filepath.Join(t.TempDir(), "bad.md")
	require.NoError(t, os.WriteFile(bad, []byte("# A lesson\n\n## one\nlist: 3,2\nask: ndcg\n\nDo it.\n"), 0o644))
	code, _, errOut := mainWith("", "learn", bad)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, bad+":3: step 1 (one) has no question; add a line question: What is … , to two decimals?")
	code, _, errOut = mainWith("", "serve", "--lesson", bad, "--state-dir", t.TempDir())
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, bad+":3: step 1 (one) has no question")
	code, _, errOut = mainWith("", "learn", "--format", "json")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "--format json is for --answers")
}
