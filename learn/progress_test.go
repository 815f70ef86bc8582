package learn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProgressKeptUnderXDGConfigHome: progress goes to
// $XDG_CONFIG_HOME/ndcg-explorer/learn.json, comes back as it was
// written, and resumes where the learner left off.
func TestProgressKeptUnderXDGConfigHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path, err := ProgressPath()
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "ndcg-explorer", "learn.json"), path)

	p, err := LoadProgress()
	require.NoError(t, err)
	assert.Equal(t, 1, p.Resume(), "nothing kept: step 1")

	p.Opened(1)
	p.Answered(1)
	p.Opened(2)
	p.Opened(3)
	require.NoError(t, p.Save())
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left beside it")

	back, err := LoadProgress()
	require.NoError(t, err)
	p.Titles = titles(builtin)
	assert.Equal(t, p, back)
	assert.Equal(t, 2, back.Resume(), "the first step not answered right")
	assert.Equal(t, `Steps answered right: 1 of 13.
   1  gain and discount               answered right
   2  DCG                             opened, not yet right
   3  the ideal ranking and IDCG      opened, not yet right
   4  NDCG                            not opened yet
   5  comparing queries               not opened yet
   6  the cutoff k                    not opened yet
   7  k beyond the list               not opened yet
   8  ties at the cutoff              not opened yet
   9  conventions that disagree       not opened yet
  10  when nothing is relevant        not opened yet
  11  the ideal from the judgments    not opened yet
  12  trec_eval against scikit-learn  not opened yet
  13  checking a hand computation     not opened yet
Next: step 2 (DCG).
ndcg-explorer learn resumes there;
ndcg-explorer learn N opens step N.
`, back.Covered())
}

// TestProgressAfterTheLastStep: going on from the last step resumes at
// the first step not answered right, and at 1 once every step is.
func TestProgressAfterTheLastStep(t *testing.T) {
	var p Progress
	for n := 1; n <= Count(); n++ {
		p.Opened(n)
		if n != 4 {
			p.Answered(n)
		}
	}
	p.Done()
	assert.Equal(t, 4, p.Resume())
	p.Answered(4)
	assert.True(t, p.Finished())
	assert.Equal(t, 1, p.Resume())
	assert.Contains(t, p.Covered(), "That is the whole path.")
}

// TestProgressFileDamaged: a file this program did not write is refused
// with what to do; step numbers that do not exist are dropped.
func TestProgressFileDamaged(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path, err := ProgressPath()
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte("not json"), 0o644))
	_, err = LoadProgress()
	assert.ErrorContains(t, err, "remove it to start the path afresh")

	require.NoError(t, os.WriteFile(path, []byte(`{"next": 42, "right": [2, 99, 2, 1], "seen": [-1, 2]}`), 0o644))
	p, err := LoadProgress()
	require.NoError(t, err)
	assert.Equal(t, Progress{Right: []int{1, 2}, Seen: []int{2}, Titles: titles(builtin)}, p)
	assert.Equal(t, 3, p.Resume())
}

// TestProgressMovesForward: a step answered right is never asked again
// on resume, where answering step 1 and quitting (q, as the screen
// says) left "next": 1 and sent the learner back to step 1; a learner
// who went on past a step without answering it is sent back to it.
func TestProgressMovesForward(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	var p Progress
	p.Opened(1)
	p.Answered(1)
	require.NoError(t, p.Save())
	back, err := LoadProgress()
	require.NoError(t, err)
	assert.Equal(t, 2, back.Resume())

	back.Opened(2)
	back.Opened(3)
	back.Answered(3)
	assert.Equal(t, 2, back.Resume(), "step 2 passed without its answer")
	back.Answered(2)
	assert.Equal(t, 4, back.Resume())
}

// TestProgressOfTheFirstEdition: a progress file kept under the path's
// first edition (eight steps, no titles in the file) reads its steps by
// title: its step 5, the cutoff k, answered right, is now step 6.
func TestProgressOfTheFirstEdition(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	path, err := ProgressPath()
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(`{"next": 6, "right": [1, 2, 5], "seen": [1, 2, 5, 6]}`), 0o644))
	p, err := LoadProgress()
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, num(t, "the cutoff k")}, p.Right)
	assert.Equal(t, []int{1, 2, num(t, "the cutoff k"), num(t, "ties at the cutoff")}, p.Seen)
	assert.Equal(t, 3, p.Resume())
}

// TestCoveredFits60: what the end of a session prints fits 60 columns,
// the smallest terminal the lesson runs in, where "opened, not yet
// answered right" and the line that says where learn resumes wrapped.
func TestCoveredFits60(t *testing.T) {
	var partway, whole Progress
	for n := 1; n <= Count(); n++ {
		partway.Opened(n)
		whole.Opened(n)
		whole.Answered(n)
	}
	partway.Answered(1)
	partway.Next = 3
	for _, p := range []Progress{{}, partway, whole} {
		for _, line := range strings.Split(p.Covered(), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 60, "%q", line)
		}
	}
}
