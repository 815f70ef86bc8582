package trec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A query or a document given twice in dict JSON is an error, as the
// same twice in a TREC file or a table is, where the decoder kept the
// last value without a word.
func TestDictJSONDuplicateKeys(t *testing.T) {
	_, err := ParseTable("q.json", []byte("{\"1\": {\"a\": 1,\n \"a\": 0}}\n"), FormatJSON)
	require.Error(t, err)
	assert.Equal(t, `q.json:2: query "1", document "a" is given twice (first on line 1); give each document of a query once`, err.Error())
	_, err = ParseTable("q.json", []byte("{\"1\": {\"a\": 1},\n\"1\": {\"b\": 1}}\n"), FormatJSON)
	require.Error(t, err)
	assert.Equal(t, `q.json:2: query "1" is given twice (first on line 1); give each query once, with all its documents`, err.Error())
	tab, err := ParseTable("q.json", []byte(`{"1": {"a": 1, "b": 0}, "2": {"a": 2}}`), FormatJSON)
	require.NoError(t, err)
	assert.Len(t, tab.Rows, 3)
}
