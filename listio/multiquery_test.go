package listio

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pandas to_csv of a ranking: its unnamed index column is ignored,
// ir_measures' column names are understood, one query becomes a list.
func TestLoadQueryFromTable(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "runs.csv", ",query_id,doc_id,relevance,score\n0,q1,d1,2,0.5\n1,q2,d9,1,0.1\n2,q1,d2,0,0.9\n3,q1,d3,1,0.7\n")
	doc, err := LoadQuery(p, nil, "q1")
	require.NoError(t, err)
	require.Len(t, doc.List.Items, 3)
	assert.Equal(t, "d2", doc.List.Items[1].ID)
	assert.Equal(t, 0.9, doc.List.Items[1].Score)
	assert.Equal(t, 2.0, doc.List.Items[0].Grade)
	assert.Equal(t, "query q1", doc.Title)

	_, err = LoadQuery(p, nil, "q7")
	assert.ErrorContains(t, err, `--query: no query "q7"; the queries are q1, q2`)

	// Without --query, the table is not taken for one list.
	_, err = Load(p, nil, "")
	assert.ErrorContains(t, err, "holds 2 queries (q1, q2): give --query QID to take one")

	jl := write(t, dir, "rows.jsonl", `{"qid": "1", "docid": "a", "label": 3, "score": 0.2}`+"\n"+`{"qid": "1", "docid": "b", "label": 0, "score": 0.4}`+"\n")
	doc, err = LoadQuery(jl, nil, "1")
	require.NoError(t, err)
	assert.Len(t, doc.List.Items, 2)

	// A one-line JSON list is still a list, not JSON lines.
	one := write(t, dir, "one.json", `{"title": "t", "qid": "1", "items": [{"id": "a", "grade": 1}]}`)
	_, err = Load(one, nil, "")
	assert.NoError(t, err)
}
