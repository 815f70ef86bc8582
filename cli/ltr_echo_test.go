package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ltr echoes at most 64 bytes of a value, with its size, as every other
// message does: a 1 MB first line came back whole on stderr.
func TestLtrEchoesAValueCut(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 1<<20)
	data := filepath.Join(dir, "long.txt")
	require.NoError(t, os.WriteFile(data, []byte(long+"\n"), 0o644))
	good := filepath.Join(dir, "train.txt")
	require.NoError(t, os.WriteFile(good, []byte("1 qid:1 1:0.5\n0 qid:1 1:0.1\n"), 0o644))
	preds := filepath.Join(dir, "preds.txt")
	require.NoError(t, os.WriteFile(preds, []byte(long+"\n0.5\n"), 0o644))
	header := filepath.Join(dir, "header.csv")
	require.NoError(t, os.WriteFile(header, []byte(strings.Repeat("y", 1<<20)+",grade\n1,2\n"), 0o644))

	for _, args := range [][]string{
		{"ltr", data},
		{"ltr", good, preds},
		{"ltr", header},
	} {
		code, _, errOut := runCmd(t, args...)
		assert.Equal(t, ExitBadInput, code, args)
		assert.Less(t, len(errOut), 600, "%v: %.300s", args, errOut)
		assert.Contains(t, errOut, "bytes in all)", args)
	}
}
