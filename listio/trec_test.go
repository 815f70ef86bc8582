package listio

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func TestLoadTRECQuery(t *testing.T) {
	dir := t.TempDir()
	qrels, run := filepath.Join(dir, "qrels"), filepath.Join(dir, "run")
	require.NoError(t, os.WriteFile(qrels, []byte("1 0 a 2\n1 0 b 0\n1 0 m 3\n1 0 n -1\n2 0 a 1\n"), 0o644))
	require.NoError(t, os.WriteFile(run, []byte("1 Q0 b 1 0.5 r\n2 Q0 a 1 1 r\n1 Q0 a 2 0.5 r\n1 Q0 x 3 0.1 r\n"), 0o644))

	doc, err := LoadTRECQuery(qrels, run, "1")
	require.NoError(t, err)
	require.NotNil(t, doc.Settings.Preset)
	assert.Equal(t, "trec_eval", *doc.Settings.Preset)
	assert.Equal(t, []ndcg.Item{
		{ID: "b", Grade: 0, Score: 0.5, HasScore: true},
		{ID: "a", Grade: 2, Score: 0.5, HasScore: true},
		{ID: "x", Grade: 0, Score: 0.1, HasScore: true},
	}, doc.List.Items)
	assert.Equal(t, []ndcg.Judged{{ID: "m", Grade: 3}}, doc.List.Pool)

	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	r, err := ndcg.Compute(doc.List, s)
	require.NoError(t, err)
	// trec_eval -q -m ndcg on these files prints 0.2961 for query 1: b
	// (rel 0) ranks before a (rel 2), docno descending, so DCG = 0 +
	// 2/log2(3); the ideal holds m (3) and a (2): IDCG = 3 + 2/log2(3).
	assert.InDelta(t, (2/math.Log2(3))/(3+2/math.Log2(3)), r.NDCG(), 1e-15)
	assert.InDelta(t, 0.2961, r.NDCG(), 5e-5)

	_, err = LoadTRECQuery(qrels, run, "7")
	assert.ErrorContains(t, err, `query "7" is in neither`)
	_, err = LoadTRECQuery(filepath.Join(dir, "none"), run, "1")
	assert.Error(t, err)
	require.NoError(t, os.WriteFile(run, []byte("1 Q0 b 1 0.5\n"), 0o644))
	_, err = LoadTRECQuery(qrels, run, "1")
	assert.EqualError(t, err, run+`:1: 5 fields; run lines are "qid Q0 docno rank score tag" (6 fields)`)
}
