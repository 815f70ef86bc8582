package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAccessibleFromAPipe: --accessible, or ACCESSIBLE set as huh reads
// it, gives the explorer, learn and check in plain lines from standard
// input, where without it the explorer and learn ask for a terminal.
func TestAccessibleFromAPipe(t *testing.T) {
	t.Setenv("ACCESSIBLE", "")
	code, _, errOut := mainWith("grade 2 3\n", "--grades", "3,2,3,0,1", "-k", "5")
	assert.Equal(t, ExitBadInput, code, "without it, the explorer needs a terminal")
	assert.NotEmpty(t, errOut)

	code, out, errOut := mainWith("grade 2 3\nquit\n", "--accessible", "--grades", "3,2,3,0,1", "-k", "5")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "Rank 2, B, grade 3: gain 7, discount 0.631, adds 4.417. DCG@5 is 15.30, IDCG@5 15.35, NDCG@5 0.997.\n")
	assert.NotContains(t, out, "\x1b")

	// check: the same heading and last line, each verdict a sentence.
	code, out, _ = mainWith("", "check", "--accessible", "--grades", "4,2,5,3,5", "--gain", "linear", "-k", "3", "--dcg", "7.76", "--ndcg", "0.70")
	assert.Equal(t, ExitMismatch, code)
	assert.Equal(t, "inline (5 items)\n"+
		"claims checked under: gain linear (g), discount log2 (1/log2(i+1)), k=3, ties expected, IDCG from list, NDCG=0 when IDCG=0\n\n"+
		"DCG@3: claimed 7.76 (±0.005), true 7.7619. It holds.\n"+
		"NDCG@3: claimed 0.70 (±0.005), true 0.7644, off by -0.0644. It does not hold.\n",
		out[:strings.Index(out, "No change of convention")])
	assert.True(t, strings.HasSuffix(out, "\n1 of 2 claims does not hold.\n"), out)
	assert.NotContains(t, out, "✗")

	t.Setenv("ACCESSIBLE", "1")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	code, out, errOut = mainWith("1.89\n", "learn", "1")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "Step 1 of 13: gain and discount.\n")
	assert.Contains(t, out, "Right: rank 2's term is 1.8928.")

	t.Setenv("ACCESSIBLE", "0")
	code, _, _ = mainWith("1.89\n", "learn", "1")
	assert.Equal(t, ExitBadInput, code, "ACCESSIBLE=0 is off")
}

// TestLessonFileInPlainLines: learn --accessible walks an instructor's
// lesson file as it walks the built-in path, and keeps its progress
// apart. The answers by hand: step 1, linear gain, grades 2,3,0,1:
// DCG@3 = 2 + 3/log2(3) + 0 = 2 + 1.8928 = 3.8928. Step 2, grades
// 3,0,2,1 with B and C tied, worst ties at k=2: DCG@2 = 3 + 0 = 3,
// IDCG@2 = 3 + 2/log2(3) = 4.2619, NDCG@2 = 0.7039. Step 3, exp gain,
// the ideal 3,1,1 from the judged pool: 7 + 1/log2(3) + 1/2 = 8.1309.
func TestLessonFileInPlainLines(t *testing.T) {
	t.Setenv("ACCESSIBLE", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lesson := "../docs/lessons/ties-and-cutoffs.md"
	code, out, errOut := mainWith("k down\n3.89\nnext\nties worst\n0.70\nnext\n8.1309\n", "learn", "--accessible", lesson)
	require.Equal(t, ExitOK, code, errOut)
	assert.NotContains(t, out, "\x1b")
	assert.Contains(t, out, "Step 1 of 4: the top three.\n")
	assert.Contains(t, out, "Lower k to 3 (k down)")
	assert.Contains(t, out, "Right: DCG@3 is 3.8928.")
	assert.Contains(t, out, "Step 2 of 4: a tie across the cutoff.\n")
	assert.Contains(t, out, "Right: NDCG@2 is 0.7039.")
	assert.Contains(t, out, "Right: IDCG@3 is 8.1309.")

	// Again without a step: it resumes at the one not answered, and the
	// built-in path's progress is untouched.
	code, out, errOut = mainWith("", "learn", "--accessible", lesson)
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "Step 4 of 4: where the cutoff starts to cost.\n")
	code, out, errOut = mainWith("", "learn", "--accessible")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "Step 1 of 13: gain and discount.\n")

	// A lesson on standard input would take the answers' place.
	code, _, errOut = mainWith("", "learn", "--accessible", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "save it to a file, then ndcg-explorer learn --accessible lesson.md")
}
