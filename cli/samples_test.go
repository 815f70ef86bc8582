package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// mainWith runs the command line with stdin and returns the exit status,
// stdout and stderr.
func mainWith(stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	return Main(args, env), out.String(), errOut.String()
}

func TestSamplesCommand(t *testing.T) {
	code, out, _ := mainWith("", "samples")
	require.Equal(t, ExitOK, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	list := samples.List()
	require.Len(t, lines, len(list))
	for i, s := range list {
		fields := strings.Fields(lines[i])
		assert.Equal(t, s.Name, fields[0])
		assert.Contains(t, lines[i], "  "+s.Title)
	}
	assert.Equal(t, "ties-at-k         A tie at the cutoff: which result counts? (default)", lines[0])
	assert.Contains(t, out, "idcg-slip         An IDCG slip: a tutorial's grades 3,2,3,0,1, exponential gain, k=5\n")
	assert.NotContains(t, out, "seed-", "samples are listed under their lesson names")

	// An old name still prints the sample.
	code, out, _ = mainWith("", "samples", "seed-000-exp-gain")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, `"title": "An IDCG slip`)

	// NAME prints the file, which reads back as the same sample.
	code, out, _ = mainWith("", "samples", "sample:zero-idcg")
	require.Equal(t, ExitOK, code)
	want, err := samples.Read("zero-idcg")
	require.NoError(t, err)
	assert.Equal(t, string(want), out)
	code, out, _ = mainWith(out, "report", "-")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "No relevant item")

	code, _, stderr := mainWith("", "samples", "nope")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, `no sample called "nope"`)
	code, _, _ = mainWith("", "samples", "a", "b")
	assert.Equal(t, ExitBadInput, code)
	code, out, _ = mainWith("", "samples", "-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "ndcg-explorer samples [NAME]")
}
