package trec

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// decodedAsJSONRow is DetectFormat's test for a row of JSON lines,
// decoding the line whatever it holds: a query id key and a document
// id, label or score key, each with a string or number value.
func decodedAsJSONRow(line []byte) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(line, &obj) != nil {
		return false
	}
	roles := map[columnRole]bool{}
	for k, v := range obj {
		if len(v) > 0 && v[0] != '{' && v[0] != '[' {
			roles[roleOf(k)] = true
		}
	}
	return roles[roleQID] && (roles[roleDocID] || roles[roleLabel] || roles[roleScore])
}

var jsonRowCases = []struct {
	line string
	may  bool // mayBeJSONRow's answer
}{
	// Lists, as the list files write them on one line: no decoding.
	{`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 2}]}`, false},
	{`{"title": "qid, docid", "items": [{"id": "query", "grade": 1}]}`, false},
	{`{"items": [{"qid": 1, "docid": "a", "label": 2}]}`, false}, // a qid key, but not at the top
	{`{"q1": {"d1": 3, "d2": 0}, "q2": {"d1": 0.5}}`, false},     // dict JSON
	{`{`, false},
	{`{"query"`, false},
	// Rows, and lines that may be: decoded.
	{`{"qid": "1", "docid": "a", "label": 2}`, true},
	{`{"docid": "a", "Query-ID": 7, "score": 0.5}`, true},
	{`{"items": [], " topic ": 1, "rel": 1}`, true},
	{`{"qid": {"x": 1}, "docid": "a"}`, true}, // decoded, and not a row: its qid is no value
	{`{"q\u0069d": 1, "docid": "a"}`, true},   // an escape: the key is "qid"
	{`{"\u00e9": 1}`, true},
	{`{"é": 1, "docid": "a"}`, true},
	{"{\"qid\"\t:\r 1, \"pid\": 2}", true},
}

func TestMayBeJSONRow(t *testing.T) {
	for _, c := range jsonRowCases {
		assert.Equal(t, c.may, mayBeJSONRow([]byte(c.line)), c.line)
		if decodedAsJSONRow([]byte(c.line)) {
			assert.Equal(t, FormatJSONL, DetectFormat([]byte(c.line+"\n")), c.line)
		} else {
			assert.Equal(t, FormatJSON, DetectFormat([]byte(c.line+"\n")), c.line)
		}
	}
}

// FuzzMayBeJSONRow: a line that decodes as a row is never taken for a
// JSON document without being decoded.
func FuzzMayBeJSONRow(f *testing.F) {
	for _, c := range jsonRowCases {
		f.Add([]byte(c.line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if decodedAsJSONRow(line) && !mayBeJSONRow(line) {
			t.Fatalf("%q decodes as a row of JSON lines", line)
		}
	})
}
