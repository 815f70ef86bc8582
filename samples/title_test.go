package samples

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// title reads the same title as decoding the whole file, whether the
// file starts with it or not, and none from a file without one. (A title
// given twice is refused when the sample is read as a list.)
func TestTitleIsTheDecodedTitle(t *testing.T) {
	for _, doc := range []string{
		`{"title": "plain", "items": []}`,
		" {\n  \"title\" :\t\"escaped \\\"quote\\\" \\\\ \\u00e9 \\n\",\n \"x\": 1}",
		`{"notes": "first", "settings": {"title": "nested, not this"}, "title": "later"}`,
		`{"items": []}`,
		`{"title": 3}`,
		"{\"title\": \"café, a tab\tin it\"}",
		"{\"title\": \"not UTF-8: \xff\"}",
		`{"title": "ends in an escape\\"}`,
		`{"title": "unterminated`,
		`not json`,
	} {
		var head struct {
			Title string `json:"title"`
		}
		_ = json.Unmarshal([]byte(doc), &head)
		assert.Equal(t, head.Title, title([]byte(doc)), doc)
	}
}
