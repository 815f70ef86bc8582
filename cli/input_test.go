package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bad input of every kind docs/formats.md lists ("When the input is wrong")
// ends with exit status 2 and one message on stderr naming the file, the
// line and the field.
func TestBadInputExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	for _, c := range []struct {
		name, file, body, want string
		args                   []string
	}{
		{"negative grade", "neg.json", "{\"items\": [\n{\"grade\": -1}]}", "neg.json:2: items[0].grade: grade -1 is negative; grades are ≥ 0", nil},
		{"overflowing grade", "inf.json", "{\"items\": [\n{\"grade\": 1e999}]}", "inf.json:2: items[0].grade: grade 1e999 overflows a 64-bit float, so it is not a finite number; use a smaller value", nil},
		{"NaN score", "nan.csv", "grade,score\n1,0.5\n2,NaN\n", "nan.csv:3: column score: score NaN is not a finite number", nil},
		{"partly scored", "part.tsv", "grade\tscore\n1\t0.5\n2\t\n", "part.tsv:3: column score: missing, but the first item has a score; give every item a score or none", nil},
		{"duplicate id", "dup.csv", "id,grade\nA,1\nA,2\n", `dup.csv:3: column id: "A" is already the id of row 1 (line 2); ids must be unique`, nil},
		{"grade too large for exp gain", "big.json", "{\"items\": [\n{\"id\": \"A\", \"grade\": 1}, \n{\"id\": \"B\", \"grade\": 2000}]}", "big.json:3: items[1].grade: grade 2000 is too large for exponential gain (2^grade−1 overflows above 1023); use --gain linear or smaller grades", nil},
		{"malformed JSON", "bad.json", "{\"items\": [\n{\"grade\": 1},\n]}", "bad.json:3: items[1]: malformed JSON: invalid character ']' looking for beginning of value (JSON allows no comma before a closing bracket: remove the last comma)", nil},
		{"malformed CSV", "bad.csv", "id,grade\n\"A,1\n", "bad.csv:2: malformed CSV: extraneous or missing \" in quoted-field", nil},
		{"empty file", "empty.json", "", "empty.json: the file is empty", nil},
		{"k below 0", "k.json", "{\"settings\": {\"k\": -1},\n\"items\": []}", `k.json:1: settings.k: k must be a whole number ≥ 1, or all (or 0) for the whole list, not "-1"`, nil},
		{"k written as a float", "k.json", "{\"settings\": {\"k\": 3.0},\n\"items\": []}", `k.json:1: settings.k: k must be a whole number written without a point: 3, not "3.0"`, nil},
		{"k in quotes", "k.json", "{\"settings\": {\"k\": \"3\"},\n\"items\": []}", `k.json:1: settings.k: k is a number in quotes, "3": remove the quotes`, nil},
		{"unknown setting", "set.json", "{\"settings\": {\n  \"tie\": \"best\"}, \"items\": []}", `set.json:2: settings.tie: unknown field "tie"; did you mean "ties"?`, nil},
		{"unknown column", "col.csv", "id,grade,rank\nA,1,1\n", `col.csv:1: column 3: unknown column "rank": the columns are id, title, grade, score`, nil},
		{"trec format", "x.json", "{\"items\": []}", "--input-format: a TREC query is read with --qrels FILE --run FILE --query QID", []string{"--input-format", "trec"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := write(c.file, c.body)
			args := append([]string{"report", path}, c.args...)
			code, out, stderr := mainWith("", args...)
			assert.Equal(t, ExitBadInput, code)
			assert.Empty(t, out)
			assert.Contains(t, stderr, c.want)
		})
	}
}

// Inline values and standard input report the flag or "-" as the file.
func TestBadInlineAndStdin(t *testing.T) {
	code, _, stderr := mainWith("", "report", "--grades", "3,x,1")
	assert.Equal(t, ExitBadInput, code)
	assert.Equal(t, "ndcg-explorer: --grades: value 2: \"x\" is not a number; give numbers separated by commas, as in 3,2,3,0,1\n", stderr)

	code, _, stderr = mainWith("", "report", "--grades", "3,2000")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "--grades: value 2: grade 2000 is too large for exponential gain")

	code, _, stderr = mainWith("grade,score\n1,inf\n", "report", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Equal(t, "ndcg-explorer: -:2: column score: score +Inf is not a finite number\n", stderr)

	// Found once the list is computed, after reading: standard input
	// cannot be read again for the line, so the item is named.
	code, _, stderr = mainWith("{\"items\": [\n  {\"id\": \"A\", \"grade\": 3},\n  {\"id\": \"B\", \"grade\": 2000}\n]}\n", "report", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Equal(t, "ndcg-explorer: -: item \"B\" grade: grade 2000 is too large for exponential gain (2^grade−1 overflows above 1023); use --gain linear or smaller grades\n", stderr)
}

// Every format reads the same list to the same numbers: seed 000's
// grades 3,2,3,0,1 with exp gain at k=5 give NDCG@5 = 12.7796/13.3472
// = 0.9575 (worked by hand in verify's and check's tests).
func TestFormatsAgree(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"l.json": `{"settings": {"k": 5}, "items": [{"grade": 3}, {"grade": 2}, {"grade": 3}, {"grade": 0}, {"grade": 1}]}`,
		"l.csv":  "grade\n3\n2\n3\n0\n1\n",
		"l.tsv":  "id\tgrade\nA\t3\nB\t2\nC\t3\nD\t0\nE\t1\n",
		"l.txt":  "\xef\xbb\xbfID,Grade\r\nA,3\r\nB,2\r\nC,3\r\nD,0\r\nE,1\r\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		code, out, stderr := mainWith("", "report", "-k", "5", p)
		require.Equal(t, ExitOK, code, "%s: %s", name, stderr)
		assert.Contains(t, out, "NDCG@5 = 0.9575", name)
	}
	code, out, stderr := mainWith(files["l.tsv"], "report", "-k", "5", "-")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "NDCG@5 = 0.9575")
	code, out, stderr = mainWith("", "report", "sample:seed-000-exp-gain")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "NDCG@5 = 0.9575")
}
