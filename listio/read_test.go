package listio

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestBadInput covers every bad input docs/formats.md lists ("When the
// input is wrong"), in each format that can hold it: the error must be an *Error
// naming the file, the line and the field, and say what is wrong.
func TestBadInput(t *testing.T) {
	cases := []struct {
		name   string
		file   string
		format Format
		data   string
		line   int
		field  string
		msg    string // a fragment of the message
	}{
		// negative or non-finite grade
		{"json negative grade", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1},\n{\"grade\": -2}\n]}", 3, "items[1].grade", "negative"},
		{"json overflowing grade", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1e999}]}", 2, "items[0].grade", "not a finite number"},
		{"json NaN grade as string", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": \"NaN\"}]}", 2, "items[0].grade", "non-finite"},
		{"json bare NaN", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": NaN}]}", 2, "items[0].grade", "no NaN"},
		{"csv negative grade", "l.csv", FormatCSV, "id,grade\nA,1\nB,-0.5\n", 3, "column grade", "negative"},
		{"csv NaN grade", "l.csv", FormatCSV, "id,grade\nA,NaN\n", 2, "column grade", "not a finite number"},
		{"csv Inf grade", "l.csv", FormatCSV, "id,grade\nA,Inf\n", 2, "column grade", "not a finite number"},
		{"tsv overflowing grade", "l.tsv", FormatTSV, "grade\n1e400\n", 2, "column grade", "overflows"},
		// non-finite score
		{"json overflowing score", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1, \"score\": -1e999}]}", 2, "items[0].score", "not a finite number"},
		{"csv Inf score", "l.csv", FormatCSV, "grade,score\n1,0.5\n2,-inf\n", 3, "column score", "not a finite number"},
		// some scored, others not
		{"json partly scored", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1, \"score\": 1},\n{\"grade\": 2}\n]}", 3, "items[1].score", "every item a score or none"},
		{"csv partly scored", "l.csv", FormatCSV, "grade,score\n1,\n2,0.3\n", 3, "column score", "every item a score or none"},
		// duplicate id
		{"json duplicate id", "l.json", FormatJSON, "{\"items\": [\n{\"id\": \"A\", \"grade\": 1},\n{\"id\": \"A\", \"grade\": 2}\n]}", 3, "items[1].id", "already the id of items[0] (line 2)"},
		{"json pool repeats an item", "l.json", FormatJSON, "{\"items\": [{\"id\": \"A\", \"grade\": 1}],\n\"pool\": [\n{\"id\": \"A\", \"grade\": 3}]}", 3, "pool[0].id", "already the id of items[0]"},
		{"csv duplicate id", "l.csv", FormatCSV, "id,grade\nA,1\n\nA,2\n", 4, "column id", "already the id of row 1 (line 2)"},
		// malformed files
		{"json missing comma", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1}\n{\"grade\": 2}]}", 3, "items[1]", "is a comma missing"},
		{"json truncated", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1}", 2, "items", "ends before"},
		{"json not an object", "l.json", FormatJSON, "[{\"grade\": 1}]", 1, "", "wrap the array"},
		{"json trailing text", "l.json", FormatJSON, "{\"items\": []}\n}", 2, "", "after the closing"},
		{"json grade as string", "l.json", FormatJSON, "{\"items\": [{\"grade\": \"3\"}]}", 1, "items[0].grade", "remove the quotes"},
		{"json missing grade", "l.json", FormatJSON, "{\"items\": [\n{\"id\": \"A\"}]}", 2, "items[0].grade", "missing"},
		{"json missing items", "l.json", FormatJSON, "{\"title\": \"t\"}", 1, "items", "missing"},
		{"json unknown item field", "l.json", FormatJSON, "{\"items\": [\n{\"grade\": 1, \"scroe\": 2}]}", 2, "items[0].scroe", `did you mean "score"`},
		{"json misspelt settings", "l.json", FormatJSON, "{\"items\": [],\n\"setting\": {\"k\": 3}}", 2, "setting", `unknown field "setting"; did you mean "settings"?`},
		{"json key twice", "l.json", FormatJSON, "{\"items\": [],\n\"items\": []}", 2, "items", "given twice"},
		{"csv bad quote", "l.csv", FormatCSV, "id,title,grade\nA,\"open,1\n", 2, "", "malformed CSV"},
		{"csv short row", "l.csv", FormatCSV, "id,title,grade\nA,one,1\nB,2\n", 3, "", "has 2 fields"},
		{"csv not a number", "l.csv", FormatCSV, "grade\nthree\n", 2, "column grade", `"three" is a word; a grade is a number ≥ 0`},
		{"csv a number with junk", "l.csv", FormatCSV, "grade\n3x\n", 2, "column grade", `"3x" is not a number`},
		{"csv hex is not a number", "l.csv", FormatCSV, "grade\n0x1p1\n", 2, "column grade", "not a number"},
		{"csv empty grade", "l.csv", FormatCSV, "id,grade\nA,\n", 2, "column grade", "empty"},
		{"csv no header", "l.csv", FormatCSV, "3,0.9\n2,0.8\n", 1, "header", "header naming the columns"},
		{"csv unknown column", "l.csv", FormatCSV, "id,grade,scores\nA,1,2\n", 1, "column 3", `did you mean "score"`},
		{"csv column twice", "l.csv", FormatCSV, "grade,Grade\n1,1\n", 1, "column 2", "also column 1"},
		{"trec run as csv", "run.txt", FormatCSV, "q1 Q0 d1 1 0.9 tag\n", 1, "header", "--qrels FILE --run FILE --query QID"},
		// empty file
		{"json empty", "l.json", FormatJSON, " \n", 0, "", "empty"},
		{"csv empty", "l.csv", FormatCSV, "\xef\xbb\xbf\n\n", 0, "", "empty"},
		{"tsv empty", "l.tsv", FormatTSV, "", 0, "", "empty"},
		// k < 1
		{"k negative", "l.json", FormatJSON, "{\"settings\": {\"k\": -3}, \"items\": []}", 1, "settings.k", "≥ 1"},
		{"k fractional", "l.json", FormatJSON, "{\"settings\": {\"k\": 2.5}, \"items\": []}", 1, "settings.k", "whole number"},
		{"claims k negative", "l.json", FormatJSON, "{\"items\": [],\n\"claims\": {\"k\": -1}}", 2, "claims.k", "≥ 1"},
		// unknown setting, or a setting with an unknown value
		{"unknown setting", "l.json", FormatJSON, "{\"settings\": {\n\"gian\": \"exp\"}, \"items\": []}", 2, "settings.gian", `did you mean "gain"`},
		{"unknown gain", "l.json", FormatJSON, "{\"settings\": {\n\"gain\": \"cubic\"}, \"items\": []}", 2, "settings.gain", "use exp, linear"},
		{"unknown tie policy", "l.json", FormatJSON, "{\"settings\": {\"ties\": \"random\"}, \"items\": []}", 1, "settings.ties", "expected, best"},
		{"unknown preset", "l.json", FormatJSON, "{\"settings\": {\"preset\": \"ranx\"}, \"items\": []}", 1, "settings.preset", "unknown preset"},
		{"zero rule not 0 or 1", "l.json", FormatJSON, "{\"settings\": {\"zero\": 0.5}, \"items\": []}", 1, "settings.zero", "0 or 1"},
		{"claim overflows", "l.json", FormatJSON, "{\"items\": [], \"claims\": {\n\"ndcg\": 1e999}}", 2, "claims.ndcg", "not a finite number"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := Read(c.file, []byte(c.data), c.format)
			require.Error(t, err, "read %q", c.data)
			assert.Nil(t, doc)
			var e *Error
			require.True(t, errors.As(err, &e), "%T %v", err, err)
			assert.Equal(t, c.file, e.Name)
			assert.Equal(t, c.line, e.Line, "line of %v", err)
			assert.Equal(t, c.field, e.Field, "field of %v", err)
			assert.Contains(t, e.Msg, c.msg)
		})
	}
}

// A grade too large for the exponential gain is fine under linear gain,
// so it is found when the list is computed; the error still points at
// the line.
func TestGradeTooLargeForExpGain(t *testing.T) {
	doc, err := ReadJSON("big.json", []byte("{\"items\": [\n  {\"id\": \"A\", \"grade\": 1},\n  {\"id\": \"B\", \"grade\": 1024}\n]}"))
	require.NoError(t, err)
	_, err = doc.Compute(ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2})
	require.NoError(t, err)
	_, err = doc.Compute(ndcg.DefaultSettings())
	var e *Error
	require.True(t, errors.As(err, &e), "%T %v", err, err)
	assert.Equal(t, "big.json", e.Name)
	assert.Equal(t, 3, e.Line)
	assert.Equal(t, "items[1].grade", e.Field)
	assert.Contains(t, e.Msg, "too large for exponential gain")
	var ge *ndcg.GainError
	assert.True(t, errors.As(err, &ge), "the engine's error is kept, for the interface to add its advice")

	// Once the list is edited, the line may be stale: the item is named instead.
	doc.List.Items[0], doc.List.Items[1] = doc.List.Items[1], doc.List.Items[0]
	_, err = doc.Compute(ndcg.DefaultSettings())
	require.True(t, errors.As(err, &e))
	assert.Equal(t, 0, e.Line)
	assert.Equal(t, `item "B" grade`, e.Field)

	// Inline lists name the flag and the value's position.
	in, err := Inline("1,2,1100", "")
	require.NoError(t, err)
	_, err = in.Compute(ndcg.DefaultSettings())
	require.EqualError(t, err, "--grades: value 3: grade 1100 is too large for exponential gain (2^grade−1 overflows above 1023)")
}

// Nothing is kept per item to locate later errors: a file is read again
// when one needs its line. Standard input cannot be, so the item is named.
func TestLaterErrorsReadTheFileAgain(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		file, text, field string
		line              int
	}{
		{"big.json", "{\"items\": [\n  {\"grade\": 1},\n  {\"id\": \"A\", \"grade\": 1},\n  {\"grade\": 1024}\n]}", "items[2].grade", 4},
		{"big.csv", "id,grade\nB,1\n\nX,1\n,1024\n", "column grade", 5},
	} {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			require.NoError(t, os.WriteFile(path, []byte(c.text), 0o644))
			doc, err := Load(path, nil, "")
			require.NoError(t, err)
			assert.Nil(t, doc.pos.items, "no position is kept per item")
			_, err = doc.Compute(ndcg.DefaultSettings())
			var e *Error
			require.True(t, errors.As(err, &e), "%T %v", err, err)
			assert.Equal(t, c.line, e.Line, "the made-up id C is recognised on the reading again")
			assert.Equal(t, c.field, e.Field)

			doc, err = Load("-", strings.NewReader(c.text), "")
			require.NoError(t, err)
			_, err = doc.Compute(ndcg.DefaultSettings())
			require.True(t, errors.As(err, &e), "%T %v", err, err)
			assert.Equal(t, 0, e.Line)
			assert.Equal(t, `item "C" grade`, e.Field)
		})
	}
}

func TestInline(t *testing.T) {
	doc, err := Inline("3, 2,3,0,1", "0.9,0.8,0.8,0.5,0.1")
	require.NoError(t, err)
	require.Len(t, doc.List.Items, 5)
	assert.Equal(t, ndcg.Item{ID: "C", Grade: 3, Score: 0.8, HasScore: true}, doc.List.Items[2])

	for _, c := range []struct{ grades, scores, want string }{
		{"3,x", "", `--grades: value 2: "x" is not a number; give numbers separated by commas, as in 3,2,3,0,1`},
		{"3,2,", "", "--grades: value 3: empty; give numbers separated by commas, as in 3,2,3,0,1"},
		{"3,-1", "", "--grades: value 2: grade -1 is negative; grades are ≥ 0"},
		{"3,nan", "", "--grades: value 2: grade NaN is not a finite number"},
		{"3,2", "1,inf", "--scores: value 2: score +Inf is not a finite number"},
		{"3,2", "1", "--scores: 2 grades but 1 scores; give one score per grade"},
	} {
		_, err := Inline(c.grades, c.scores)
		assert.EqualError(t, err, c.want, "%s / %s", c.grades, c.scores)
	}
}

func TestCSV(t *testing.T) {
	// A spreadsheet export: BOM, CRLF, capitalised header in another
	// order, a quoted title with a comma and doubled quotes, a blank line,
	// spaces around fields.
	data := "\xef\xbb\xbfTitle,Score,Grade,ID\r\n" +
		"\"Jaguar, the car\",0.9,3,d1\r\n" +
		"\r\n" +
		"\"The \"\"big\"\" cat\", 0.75 , 2 ,d2\r\n" +
		"   ,   ,  ,  \r\n" +
		"Habitat,0.75,0,d3\r\n"
	doc, err := ReadCSV("x.csv", []byte(data))
	require.NoError(t, err)
	assert.Equal(t, []ndcg.Item{
		{ID: "d1", Title: "Jaguar, the car", Grade: 3, Score: 0.9, HasScore: true},
		{ID: "d2", Title: `The "big" cat`, Grade: 2, Score: 0.75, HasScore: true},
		{ID: "d3", Title: "Habitat", Grade: 0, Score: 0.75, HasScore: true},
	}, doc.List.Items)

	// Only grades: ids are made up, the order is the ranking.
	doc, err = ReadTSV("x.tsv", []byte("grade\n3\n2\n\n3\n"))
	require.NoError(t, err)
	assert.Equal(t, []ndcg.Item{{ID: "A", Grade: 3}, {ID: "B", Grade: 2}, {ID: "C", Grade: 3}}, doc.List.Items)

	// A made-up id never takes an id the file gives to another item or
	// to the pool: the second row would be B, which the first row holds.
	doc, err = ReadCSV("x.csv", []byte("id,grade\nB,1\n,2\nB-2,0\n,1\n"))
	require.NoError(t, err)
	assert.Equal(t, []ndcg.Item{{ID: "B", Grade: 1}, {ID: "B-3", Grade: 2}, {ID: "B-2"}, {ID: "D", Grade: 1}}, doc.List.Items)
	doc, err = ReadJSON("x.json", []byte(`{"items": [{"grade": 1}, {"id": "A", "grade": 2}], "pool": [{"id": "B", "grade": 3}]}`))
	require.NoError(t, err)
	assert.Equal(t, []ndcg.Item{{ID: "A-2", Grade: 1}, {ID: "A", Grade: 2}}, doc.List.Items)
	doc, err = ReadJSON("x.json", []byte(`{"items": [{"grade": 1}, {"grade": 2}], "pool": [{"id": "B", "grade": 3}]}`))
	require.NoError(t, err)
	assert.Equal(t, []ndcg.Item{{ID: "A", Grade: 1}, {ID: "B-2", Grade: 2}}, doc.List.Items)

	// TSV takes a stray quote as a character.
	doc, err = ReadTSV("x.tsv", []byte("title\tgrade\n5\" screen\t1\n"))
	require.NoError(t, err)
	assert.Equal(t, `5" screen`, doc.List.Items[0].Title)

	// A header and nothing else is an empty list, as {"items": []} is.
	doc, err = ReadCSV("x.csv", []byte("id,grade\n"))
	require.NoError(t, err)
	assert.Empty(t, doc.List.Items)
}

func TestDetectFormat(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       Format
	}{
		{"a.json", `{"items": []}`, FormatJSON},
		{"a.csv", "\n  {\"items\": []}", FormatJSON}, // content wins when it is plainly JSON
		{"-", "\xef\xbb\xbf[", FormatJSON},
		{"a.json", "grade\n1\n", FormatJSON}, // and is then reported as malformed JSON
		{"a.CSV", "grade\t1", FormatCSV},
		{"a.tsv", "grade,id", FormatTSV},
		{"a.tab", "grade", FormatTSV},
		{"-", "id\tgrade\n", FormatTSV},
		{"-", "id,grade\n", FormatCSV},
		{"list.txt", "grade\n", FormatCSV},
	} {
		assert.Equal(t, c.want, DetectFormat(c.name, []byte(c.data)), "%s %q", c.name, c.data)
	}
	for _, s := range []string{"", "json", "CSV", " tsv "} {
		_, err := ParseFormat(s)
		assert.NoError(t, err, s)
	}
	_, err := ParseFormat("trec")
	assert.ErrorContains(t, err, "--qrels FILE --run FILE --query QID")
	_, err = ParseFormat("xml")
	assert.ErrorContains(t, err, "use json, csv or tsv")
}

func TestLoad(t *testing.T) {
	// Standard input, detected as TSV, then forced to CSV (one column, so
	// it reads either way).
	doc, err := Load("-", strings.NewReader("id\tgrade\nA\t1\n"), "")
	require.NoError(t, err)
	assert.Equal(t, "-", doc.Name)
	assert.Equal(t, 1.0, doc.List.Items[0].Grade)
	_, err = Load("-", strings.NewReader("id\tgrade\nA\t1\n"), "csv")
	assert.ErrorContains(t, err, "-:1: header: the first line must be a header naming the columns, with at least grade, as in id,grade,score; the columns are separated by tabs: use --input-format tsv")

	doc, err = Load("sample:"+DefaultSample, nil, "")
	require.NoError(t, err)
	assert.NotEmpty(t, doc.Title)

	_, err = Load("sample:no-such", nil, "")
	assert.ErrorContains(t, err, `no sample called "no-such"`)
	_, err = Load("/no/such/file.json", nil, "")
	assert.EqualError(t, err, "/no/such/file.json: cannot read the file: no such file or directory; check the path (- reads standard input, sample:NAME a built-in sample)")
	_, err = Load(DefaultSample, nil, "")
	assert.ErrorContains(t, err, "write sample:"+DefaultSample)
	_, err = Load("x.json", nil, "trec")
	assert.ErrorContains(t, err, "--qrels")
}

// The JSON reader accepts what the format allows beyond the obvious.
func TestReadJSONForms(t *testing.T) {
	doc, err := ReadJSON("f.json", []byte(`{"items": [
		{"id": 7, "grade": 2, "score": null, "title": null},
		{"grade": 1e-400}
	], "settings": {"k": null}}`))
	require.NoError(t, err)
	assert.Equal(t, "7", doc.List.Items[0].ID)
	assert.False(t, doc.List.Items[0].HasScore)
	assert.Equal(t, "B", doc.List.Items[1].ID)
	assert.Equal(t, 0.0, doc.List.Items[1].Grade) // below the smallest float64: 0
	assert.Nil(t, doc.Settings.K)
	assert.False(t, math.Signbit(doc.List.Items[1].Grade))
}

func TestNotUTF8(t *testing.T) {
	for _, c := range []struct {
		f    Format
		data string
	}{
		{FormatCSV, "id,grade\nCaf\xe9,2\n"},
		{FormatJSON, "{\"items\": [{\"grade\": 1},\n{\"id\": \"Caf\xe9\", \"grade\": 2}]}"},
	} {
		_, err := Read("latin1", []byte(c.data), c.f)
		assert.EqualError(t, err, `latin1:2: the file is not UTF-8 text; save it as UTF-8 (in a spreadsheet, "CSV UTF-8")`)
	}
}

func TestForcedFormatHint(t *testing.T) {
	_, err := Read("x.csv", []byte("id,grade\nA,1\n"), FormatJSON)
	assert.EqualError(t, err, "x.csv:1: not JSON, which starts with {; this looks like CSV: use --input-format csv")
	_, err = Read("x.json", []byte(" {\"items\": []}"), FormatCSV)
	assert.EqualError(t, err, "x.json:1: this is JSON, not CSV: use --input-format json, or leave the format to be detected")
	_, err = Read("x", []byte("id\tgrade\nA\t1\n"), FormatJSON)
	assert.EqualError(t, err, "x:1: not JSON, which starts with {; this looks like TSV: use --input-format tsv")
}
