package serve

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// readCSV reads a CSV file with Python's csv module, as a spreadsheet's
// import would: a list of rows, each a map from the header's names.
func readCSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	py, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		t.Skip("no /usr/bin/python3")
	}
	out, err := exec.Command(py, "-c", `import csv, json, sys
with open(sys.argv[1], newline="") as f:
    print(json.dumps(list(csv.DictReader(f))))`, path).Output()
	require.NoError(t, err)
	var rows []map[string]string
	require.NoError(t, json.Unmarshal(out, &rows))
	return rows
}

// A class over two starts of serve on one state directory: ada, bob and
// cy in the first, cy answering nothing; round 1 (seed 7's first
// question, NDCG@3 = 0.8262 by hand as in TestClassExportsTheRounds)
// closed, ada right with 0.83 and bob wrong with 0.76 (linear gain: 2 /
// 2.63093 = 0.7602); round 2 open when the first stops, ada's 0.83 in
// it; dee joins the second and answers nothing. One file pair, updated
// in place: a row per attendee and round, answered or not, round 2 not
// closed; a gradebook row per attendee over the closed round. Before,
// rows were answers only (cy and dee absent), nothing said round 2 was
// open, and each stop added a file pair.
func TestClassExportReadsAsAGradebook(t *testing.T) {
	dir := t.TempDir()
	s, _ := serveOn(t, dir, Config{})
	ada, _ := s.room.Join("ada", "", "127.0.0.1:1", "")
	bob, _ := s.room.Join("bob", "", "127.0.0.1:2", "")
	s.room.Join("cy", "", "127.0.0.1:3", "")
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.room.Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	s.room.Answer(bob.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.76"})
	s.Room().EndRound()
	rd = s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	s.room.Answer(ada.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	require.NoError(t, s.Close())
	first, err := s.ExportRounds(dir, time.Now())
	require.NoError(t, err)

	s2, _ := serveOn(t, dir, Config{})
	s2.room.Join("dee", "", "127.0.0.1:4", "")
	require.NoError(t, s2.Close())
	path, err := s2.ExportRounds(dir, time.Now())
	require.NoError(t, err)
	assert.Equal(t, first, path, "one class, one file pair")
	csvs, err := filepath.Glob(filepath.Join(dir, "class-*"))
	require.NoError(t, err)
	assert.Len(t, csvs, 3, "the roster, the gradebook and the JSON: %v", csvs)

	roster := readCSV(t, path)
	require.Len(t, roster, 8)
	type seen struct{ round, closed, name, answered, answer, verdict, mistake, k, grades, truth string }
	var got []seen
	for _, r := range roster {
		got = append(got, seen{r["round"], r["closed"], r["name"], r["answered"], r["answer"], r["verdict"], r["mistake_id"], r["k"], r["grades"], r["true_ndcg"]})
	}
	q := func(round, closed, name, answered, answer, verdict, mistake string) seen {
		return seen{round, closed, name, answered, answer, verdict, mistake, "3", "2 0 0 1 0 0", "0.8262"}
	}
	assert.Equal(t, []seen{
		q("1", "yes", "ada", "yes", "0.83", "right", ""),
		q("1", "yes", "bob", "yes", "0.76", "wrong", "gain_linear"),
		q("1", "yes", "cy", "no", "", "no answer", ""),
		q("1", "yes", "dee", "no", "", "no answer", ""),
		q("2", "no", "ada", "yes", "0.83", "right", ""),
		q("2", "no", "bob", "no", "", "no answer", ""),
		q("2", "no", "cy", "no", "", "no answer", ""),
		q("2", "no", "dee", "no", "", "no answer", ""),
	}, got)
	assert.Equal(t, "gain=exp discount=log2 k=3 ties=expected idcg=list zero=0", roster[0]["settings"])
	assert.Equal(t, "used gain linear (not exp)", roster[1]["diagnosis"])

	grades := readCSV(t, filepath.Join(dir, filepath.Base(path[:len(path)-len(".csv")])+"-grades.csv"))
	var book [][]string
	for _, g := range grades {
		book = append(book, []string{g["name"], g["right"], g["out_of"], g["percent"], g["round 1"], g["round 2"]})
	}
	assert.Equal(t, [][]string{
		{"ada", "1", "1", "100.0", "1", ""},
		{"bob", "0", "1", "0.0", "0", ""},
		{"cy", "0", "1", "0.0", "0", ""},
		{"dee", "0", "1", "0.0", "0", ""},
	}, book)
}
