package listio

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A single list's table takes the column names the tables of many
// queries take (relevance, label, rel, prediction, docid, …), where
// id,relevance,score was refused with unknown column "relevance" and
// doc,relevance,prediction with a message naming no column.
func TestSingleListColumnAliases(t *testing.T) {
	for _, data := range []string{
		"doc,relevance,prediction\nA,1,0.5\nB,2,0.7\n",
		"id,relevance,score\nA,1,0.5\nB,2,0.7\n",
		"DocID,Label,Pred\nA,1,0.5\nB,2,0.7\n",
		"docno\trel\ty_score\nA\t1\t0.5\nB\t2\t0.7\n",
	} {
		name := "l.csv"
		if strings.Contains(data, "\t") {
			name = "l.tsv"
		}
		doc, err := Read(name, []byte(data), "")
		require.NoError(t, err, data)
		require.Len(t, doc.List.Items, 2)
		assert.Equal(t, "B", doc.List.Items[1].ID)
		assert.Equal(t, 2.0, doc.List.Items[1].Grade)
		assert.Equal(t, 0.7, doc.List.Items[1].Score)
	}
	_, err := Read("l.csv", []byte("id,rel,grade\nA,1,1\n"), "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `l.csv:1: column 3: "grade" is also column 2 ("rel": both are the grade)`)
}

// A grade written as a word or a score as a percentage is refused with
// what to write instead, in a table and in JSON, where JSON told a
// "high" grade to "remove the quotes".
func TestWordsAndPercentagesSayWhatToWrite(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"w.csv", "id,grade\nA,high\n", `w.csv:2: column grade: "high" is a word; a grade is a number ≥ 0, as in 0 (not relevant) to 3 (highly relevant)`},
		{"p.csv", "id,grade,score\nA,1,90%\n", `p.csv:2: column score: "90%" is a percentage; write the number it stands for, as in 0.9 for 90%`},
		{"g.csv", "id,grade\nA,75 %\n", `g.csv:2: column grade: "75 %" is a percentage`},
		{"w.json", `{"items": [{"grade": "high"}]}`, `w.json:1: items[0].grade: must be a number: "high" is a word; a grade is a number ≥ 0`},
		{"p.json", `{"items": [{"grade": 1, "score": "90%"}]}`, `p.json:1: items[0].score: must be a number: "90%" is a percentage`},
	} {
		_, err := Read(c.name, []byte(c.data), "")
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
		assert.NotContains(t, err.Error(), "remove the quotes", c.name)
	}
}

// A first line sep=, (as a spreadsheet writes it) is read as a blank
// line when it names the format's separator, and refused with a word
// when it names another, where it was taken for a header naming no
// column.
func TestSepFirstLine(t *testing.T) {
	doc, err := Read("s.csv", []byte("sep=,\r\nid,grade\r\nA,1\r\n"), "")
	require.NoError(t, err)
	assert.Len(t, doc.List.Items, 1)
	_, err = Read("s.csv", []byte("sep=,\nid,grade\nA,1\nB,x\n"), "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.csv:4: column grade", "lines counted as in the file")
	_, err = Read("s.csv", []byte("sep=;\nid;grade\nA;1\n"), "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `s.csv:1: the first line "sep=;" names the separator of the columns; a CSV list separates them by commas`)
}
