package listio

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// A list saved as CSV or TSV reads back as it was: ids " A", "A" and
// "A " are three ids, a padded title keeps its padding. Python's csv
// module, the reference, reads the same cells from what is written, and
// the readers read the same cells as it from the quoted fields, where
// they trimmed spaces inside quotes (" A" and "A" read back as
// duplicates) and the writer left a trailing space bare.
func TestTableSpacesRoundTrip(t *testing.T) {
	testenv.Tool(t, "python3", "python3")
	items := []ndcg.Item{
		{ID: " A", Title: "  padded  ", Grade: 3},
		{ID: "A", Title: "plain", Grade: 2},
		{ID: "A ", Title: "a, \"quoted\" one", Grade: 1},
		{ID: "B", Title: "tab\tinside", Grade: 0},
	}
	for _, c := range []struct {
		sep  rune
		read func(string, []byte) (*Document, error)
		py   string
	}{{',', ReadCSV, ","}, {'\t', ReadTSV, "\t"}} {
		doc := &Document{Name: "x", List: &ndcg.List{Items: items}}
		data, err := WriteTable(doc, c.sep)
		require.NoError(t, err)
		back, err := c.read("x", data)
		require.NoError(t, err, "%s", data)
		require.Len(t, back.List.Items, len(items))
		for i, it := range items {
			assert.Equal(t, it.ID, back.List.Items[i].ID, "%q", data)
			assert.Equal(t, it.Title, back.List.Items[i].Title)
		}

		path := filepath.Join(t.TempDir(), "x.csv")
		require.NoError(t, os.WriteFile(path, data, 0o644))
		out, err := exec.Command("python3", "-c", `import csv, json, sys
print(json.dumps(list(csv.reader(open(sys.argv[1], newline=""), delimiter=sys.argv[2]))))`, path, c.py).Output()
		require.NoError(t, err)
		var rows [][]string
		require.NoError(t, json.Unmarshal(out, &rows))
		require.Len(t, rows, len(items)+1)
		for i, it := range items {
			assert.Equal(t, []string{it.ID, it.Title}, rows[i+1][:2], "Python's csv reads what was written")
		}
	}

	// A hand-written file: spaces around a bare field go, inside quotes
	// they stay, as Python's csv (skipinitialspace aside) keeps them.
	doc, err := ReadCSV("h.csv", []byte("id , title,grade\n\" A\",\" t \", 1\nA , t ,2\n"))
	require.NoError(t, err)
	assert.Equal(t, " A", doc.List.Items[0].ID)
	assert.Equal(t, " t ", doc.List.Items[0].Title)
	assert.Equal(t, "A", doc.List.Items[1].ID)
	assert.Equal(t, "t", doc.List.Items[1].Title)
}

// A padded id after a title that spans lines keeps its quoted spaces:
// where each field starts is found whatever order the columns come in.
func TestQuotedSpacesAfterAMultiLineField(t *testing.T) {
	doc, err := ReadCSV("m.csv", []byte("title,id,grade\n\" two\nlines \",\" A \",1\n"))
	require.NoError(t, err)
	assert.Equal(t, " A ", doc.List.Items[0].ID)
	assert.Equal(t, " two\nlines ", doc.List.Items[0].Title)
}
