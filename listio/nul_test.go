package listio

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// An id holding a NUL character (JSON's \u0000) is refused where it is
// read, by every reader in the same words: saved as CSV (W, report -f
// csv) it made a file that reopening called "not a text file".
func TestNULIDRefusedByEveryReader(t *testing.T) {
	const says = `"a\x00b" holds a NUL character (\u0000), which no text file can carry; remove it`
	_, err := ReadJSON("l.json", []byte(`{"items": [{"id": "x", "grade": 1}, {"id": "a\u0000b", "grade": 2}]}`))
	require.Error(t, err)
	assert.Equal(t, "l.json:1: items[1].id: "+says, err.Error())
	_, err = ReadJSON("l.json", []byte(`{"items": [{"id": "x", "title": "a\u0000b", "grade": 1}]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "items[0].title: "+says)
	_, err = ReadJSON("l.json", []byte(`{"items": [{"id": "x", "grade": 1}], "pool": [{"id": "a\u0000b", "grade": 1}]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), says)
	for _, c := range []struct {
		f    trec.Format
		data string
	}{
		{trec.FormatJSONL, `{"qid": "1", "docid": "a\u0000b", "label": 1}`},
		{trec.FormatJSON, `{"1": {"a\u0000b": 1}}`},
	} {
		_, err := trec.ParseTable("t", []byte(c.data), c.f)
		if assert.Error(t, err, c.data) {
			assert.True(t, strings.HasSuffix(err.Error(), says), err.Error())
		}
	}
}
