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
