package report

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Python's csv module, the reference reader, reads back every id and
// title of report --format csv as written (SafeCell's apostrophe on a
// formula aside): a trailing space, which the writer left bare, is
// quoted as the list writer quotes it, with listio.AppendCell.
func TestCSVReportPythonReadsBack(t *testing.T) {
	testenv.Tool(t, "python3", "python3")
	items := []ndcg.Item{
		{ID: "A ", Title: "trailing ", Grade: 3},
		{ID: " B", Title: "\tleading tab", Grade: 2},
		{ID: `say "hi", then`, Title: "line\nbreak", Grade: 1},
		{ID: "é\x1b[2J", Title: `\.`, Grade: 0},
	}
	r, err := ndcg.Compute(&ndcg.List{Items: items}, ndcg.DefaultSettings())
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, writeCSVReport(&b, r))
	path := filepath.Join(t.TempDir(), "r.csv")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	out, err := exec.Command("python3", "-c", `import csv, json, sys
print(json.dumps(list(csv.reader(open(sys.argv[1], newline="")))))`, path).Output()
	require.NoError(t, err)
	var rows [][]string
	require.NoError(t, json.Unmarshal(out, &rows))
	require.Len(t, rows, len(items)+1)
	for i, it := range items {
		assert.Equal(t, []string{listio.SafeCell(it.ID), listio.SafeCell(it.Title)}, rows[i+1][1:3], "%q", b.String())
	}
}
