package listio

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")",
		"+cmd|' /C calc'!A0":       "'+cmd|' /C calc'!A0",
		"-2+3":                     "'-2+3",
		"@SUM(A1:A9)":              "'@SUM(A1:A9)",
		"\t=1":                     "'\t=1",
		"'=kept":                   "''=kept",
		"-2":                       "-2",
		"+1.5e3":                   "+1.5e3",
		"doc-1":                    "doc-1",
		"":                         "",
	} {
		assert.Equal(t, want, SafeCell(in), in)
		assert.Equal(t, in, unsafeCell(SafeCell(in)), "read back: %s", in)
	}
}

// TestWriteTableRoundTrip: a list written as CSV or TSV reads back the
// same, formula-like ids included, and no cell a spreadsheet opens
// starts a formula.
func TestWriteTableRoundTrip(t *testing.T) {
	doc := &Document{List: &ndcg.List{Items: []ndcg.Item{
		{ID: "=1+1", Title: "@evil", Grade: 3, Score: 0.5, HasScore: true},
		{ID: "-x", Title: "a, \"quoted\" title", Grade: 0, Score: -1, HasScore: true},
		{ID: "'=odd", Grade: 1.5, Score: 1e-300, HasScore: true},
	}}}
	for _, sep := range []rune{',', '\t'} {
		data, err := WriteTable(doc, sep)
		require.NoError(t, err)
		r := csv.NewReader(strings.NewReader(string(data)))
		r.Comma = sep
		recs, err := r.ReadAll()
		require.NoError(t, err)
		for _, rec := range recs[1:] {
			for _, c := range rec[:2] {
				assert.False(t, c != "" && strings.ContainsRune("=+-@", rune(c[0])), "cell %q starts a formula", c)
			}
		}
		back, err := readTable("x", data, sep, false)
		require.NoError(t, err)
		assert.Equal(t, doc.List.Items, back.List.Items)
	}
}

func TestEncodeByExtension(t *testing.T) {
	doc := &Document{List: &ndcg.List{Items: []ndcg.Item{{ID: "A", Grade: 1}}}}
	s := ndcg.DefaultSettings()
	data, err := Encode("x.CSV", doc, s)
	require.NoError(t, err)
	assert.Equal(t, "id,grade\nA,1\n", string(data))
	data, err = Encode("x.tsv", doc, s)
	require.NoError(t, err)
	assert.Equal(t, "id\tgrade\nA\t1\n", string(data))
	data, err = Encode("x.json", doc, s)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "{"))
	_, err = Encode("x.txt", doc, s)
	assert.EqualError(t, err, "x.txt: name the file .json (the list with its settings and claims), .csv or .tsv (the items only)")
	doc.List.Pool = []ndcg.Judged{{ID: "P", Grade: 2}}
	_, err = Encode("x.csv", doc, s)
	assert.EqualError(t, err, "the 1 judged items not retrieved (the pool) have no place in a table; save as .json")
}

func TestTableMistakesAreNamed(t *testing.T) {
	_, err := ReadCSV("q.csv", []byte("id,title,grade\nA,\"open,1\nB,x,2\nC,y,3\n"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "q.csv:2: malformed CSV: the quote opened on this line is never closed"), err.Error())

	_, err = ReadCSV("s.csv", []byte("id;grade;score\nA;1;0,5\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.csv:1: header:")
	assert.Contains(t, err.Error(), "separated by semicolons")
}

func TestRecoveryPath(t *testing.T) {
	assert.Equal(t, "/d/list.recovered.json", RecoveryPath("/d/list.json"))
	assert.Equal(t, "q.recovered.json", RecoveryPath("q.csv"))
	assert.Equal(t, "ranked-by-score.recovered.json", RecoveryPath("sample:ranked-by-score"))
	assert.Equal(t, "list.recovered.json", RecoveryPath("-"))
	assert.Equal(t, "list.recovered.json", RecoveryPath("inline"))
	assert.Equal(t, "/d/l.recovered.json", RecoveryPath("/d/l.recovered.json"))
}
