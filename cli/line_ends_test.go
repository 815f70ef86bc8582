package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lines ended by a carriage return alone (old Mac text) are refused by
// every reader with a message naming the line endings: trec read such a
// run as one line of many fields and scored it with exit 0, the list
// readers named a column "score\rA".
func TestLoneCRLineEndsRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	qrels := write("q.qrels", "1 0 d1 1\n1 0 d2 0\n")
	crRun := write("cr.run", "1 Q0 d2 1 2 r\r1 Q0 d1 2 1 r\r")
	crQrels := write("cr.qrels", "1 0 d1 1\r1 0 d2 0\r")
	run := write("r.run", "1 Q0 d1 1 2 r\r\n1 Q0 d2 2 1 r\r\n") // CR LF is read
	const says = "its lines end with a carriage return alone"

	for _, args := range [][]string{
		{"trec", qrels, crRun},
		{"trec", crQrels, run},
		{"report", "--qrels", qrels, "--run", crRun, "--query", "1"},
		{"report", write("cr.csv", "id,grade,score\rA,1,2\rB,0,1\r")},
		{"report", write("cr.tsv", "id\tgrade\rA\t1\r")},
		{"check", "--ndcg", "1", write("cr.json", "{\"items\": [{\"grade\": 1}]}\r")},
	} {
		code, out, errOut := runCmd(t, args...)
		assert.Equal(t, ExitBadInput, code, "%v: %s", args, out)
		assert.Contains(t, errOut, says, args)
	}
	code, _, errOut := runTrecCmd(t, "1 Q0 d2 1 2 r\r1 Q0 d1 2 1 r\r", qrels, "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "standard input: "+says)

	code, out, errOut := runCmd(t, "trec", "-q", "-m", "ndcg", qrels, run)
	assert.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "ndcg                  \t1\t1.0000\n")
}
