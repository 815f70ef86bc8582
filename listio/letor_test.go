package listio

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ltr"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

const letorData = `3 qid:1 1:0.5 2:0.1 #docid = GX1 inc = 1
2 qid:1 1:0.2 2:0.3 #docid = GX2
3 qid:1 1:0.1 #docid = GX3
0 qid:1 2:0.9 #docid = GX4
1 qid:1 1:0.7 #docid = GX5
0 qid:2 1:0.1 #docid = GX1
0 qid:2 1:0.2 #docid = GX6
`
const letorPreds = "0.5\n0.5\n0.1\n0.9\n0.5\n0.3\n0.2\n"

func evalAll(t *testing.T, ds *ltr.DataSet) *ltr.Result {
	t.Helper()
	res, err := ltr.Evaluate(ds, ltr.XGBoost(false), []int{3, 5})
	require.NoError(t, err)
	return res
}

// The same data as a libsvm file with qid:, as a libsvm file with a
// .query or .group file, and as a CSV table give the same queries and
// the same values.
func TestLoadLTRForms(t *testing.T) {
	dir := t.TempDir()
	withQID := write(t, dir, "train.txt", letorData)
	preds := write(t, dir, "preds.txt", letorPreds)
	ds, err := LoadLTR(withQID, preds, nil)
	require.NoError(t, err)
	require.Len(t, ds.Queries, 2)
	assert.Equal(t, []string{"GX1", "GX2", "GX3", "GX4", "GX5"}, ds.Queries[0].DocIDs)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, ds.Queries[0].Lines)
	want := evalAll(t, ds)
	// Query 1 is ltr's example (XGBoost: 0.4581 at 3); query 2 has no
	// relevant document: 1.
	assert.InDelta(t, 0.458058, want.Queries[0].Values[0], 1e-6)
	assert.Equal(t, 1.0, want.Queries[1].Values[0])

	for _, ext := range []string{".query", ".group"} {
		noQID := write(t, dir, "plain"+ext+".txt", "3 1:0.5\n2 1:0.2\n3 1:0.1\n0 2:0.9\n1 1:0.7\n0 1:0.1\n0 1:0.2\n")
		write(t, dir, "plain"+ext+".txt"+ext, "5\n2\n")
		ds2, err := LoadLTR(noQID, preds, nil)
		require.NoError(t, err, ext)
		got := evalAll(t, ds2)
		assert.Equal(t, want.Queries[0].Values, got.Queries[0].Values, ext)
		assert.Equal(t, want.All, got.All, ext)
		assert.Equal(t, "2", got.Queries[1].QID)
	}

	table := write(t, dir, "table.csv", ",qid,doc_id,relevance,score\n0,1,GX1,3,0.5\n1,1,GX2,2,0.5\n2,1,GX3,3,0.1\n3,1,GX4,0,0.9\n4,1,GX5,1,0.5\n5,2,GX1,0,0.3\n6,2,GX6,0,0.2\n")
	ds3, err := LoadLTR(table, "", nil)
	require.NoError(t, err)
	assert.Equal(t, want, evalAll(t, ds3))
	ds4, err := LoadLTR(table, preds, nil) // the predictions file replaces the score column
	require.NoError(t, err)
	assert.Equal(t, want, evalAll(t, ds4))
}

func TestLoadLTRErrors(t *testing.T) {
	dir := t.TempDir()
	preds := write(t, dir, "p.txt", letorPreds)
	for _, c := range []struct{ data, preds, want string }{
		{"3 qid:1 1:0.5\n2 1:0.2\n", "", "d.txt:2: qid: missing, but earlier rows have one"},
		{"3 1:0.5\n", "", "d.txt:1: qid: missing: give every row qid:QID after its label, or put the rows of each query, one count a line, in " + filepath.Join(dir, "d.txt") + ".group (or " + filepath.Join(dir, "d.txt") + ".query) beside the data"},
		// The files the other way round: the data comes first.
		{"0.5\n0.3\n", "3 qid:1 1:0.5\n2 qid:1 1:0.2\n", "d.txt: one number a line, as in a predictions file, where the data's rows are \"LABEL qid:QID 1:0.5 …\": the data comes first: ltr " + filepath.Join(dir, "p2.txt") + " " + filepath.Join(dir, "d.txt") + ", or --ltr " + filepath.Join(dir, "p2.txt")},
		{"0.5\n0.3\n", "", "d.txt: one number a line, as in a predictions file, where the data's rows are \"LABEL qid:QID 1:0.5 …\": give the libsvm file first, then the predictions"},
		// A table without a query id column.
		{"label,pred\n1,0.5\n", "", `d.txt:1: "label,pred" is a table's header without a query id column: name one qid, query_id, query, topic or group (a row's query), or give a libsvm file`},
		// A group file given as the predictions.
		{"1 qid:1 1:0.5\n0 qid:1 1:0.1\n1 qid:2 1:0.2\n", "2\n1\n", "p2.txt: 2 whole numbers that add up to the 3 rows of " + filepath.Join(dir, "d.txt") + ": a group file, not predictions, and the data's queries are known already; give the predictions file after the data"},
		// Predictions with a header, or with pandas' index column.
		{"1 qid:1 1:0.5\n", "prediction\n0.1\n", `p2.txt:1: prediction: "prediction" is a header; a predictions file holds one score a line, with no header and no other column: remove the first line`},
		{"1 qid:1 1:0.5\n", ",pred\n0,0.1\n", `p2.txt:1: prediction: ",pred" is a CSV header; a predictions file holds one score a line, with no header and no other column: write it with np.savetxt(path, preds) or pandas' to_csv(path, index=False, header=False)`},
		{"1 qid:1 1:0.5\n", "0,0.1\n", `p2.txt:1: prediction: "0,0.1" holds 2 comma-separated values; a predictions file holds one score a line`},
		{"3 qid:1 1:0.5\n2 qid:2 1:0.2\n1 qid:1 1:0.2\n", "", "d.txt:3: qid: query 1's rows are split (first on line 1)"},
		{"x qid:1 1:0.5\n", "", `d.txt:1: label: "x" is not a finite number`},
		{"1 qid:1 1:abc\n", "", `d.txt:1: feature 1: value "abc" is not a number`},
		{"1 qid:1 1:0.5\n", "0.1\n0.2\n", "p2.txt: 2 predictions, but " + filepath.Join(dir, "d.txt") + " has 1 row;"},
		{"1 qid:1 1:0.5\n", "zz\n", `p2.txt:1: prediction: "zz" is not a finite number`},
	} {
		d := write(t, dir, "d.txt", c.data)
		p := preds
		if c.preds != "" {
			p = write(t, dir, "p2.txt", c.preds)
		}
		_, err := LoadLTR(d, p, nil)
		if assert.Error(t, err, c.data) {
			assert.Contains(t, err.Error(), c.want, c.data)
		}
	}
	d := write(t, dir, "g.txt", "1 1:0.5\n0 1:0.5\n")
	write(t, dir, "g.txt.group", "1\n2\n")
	_, err := LoadLTR(d, preds, nil)
	assert.ErrorContains(t, err, "2 rows, but "+d+".group counts 3 in 2 queries")
}

// A data set shipped compressed (train.txt.gz) is named as such, with
// the command that gives back the text, where it read "not a text file
// (it holds NUL bytes); a list is JSON, CSV or TSV".
func TestLoadLTRCompressed(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write([]byte(letorData))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	d := write(t, dir, "train.txt.gz", buf.String())
	preds := write(t, dir, "p.txt", letorPreds)
	_, err = LoadLTR(d, preds, nil)
	assert.EqualError(t, err, d+": the file is gzip-compressed; decompress it first: gunzip -k "+d)
	_, err = LoadLTR("-", preds, bytes.NewReader(buf.Bytes()))
	assert.EqualError(t, err, "-: the input is gzip-compressed; decompress it into the pipe: gunzip -c FILE | ndcg-explorer … -")
}
