package listio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
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
	assert.ErrorContains(t, err, `--query: no query "q7"; the 2 queries are q1, q2`)

	// A table of many queries names a few of them, not thousands.
	var many strings.Builder
	many.WriteString("qid,docid,label\n")
	for q := 1; q <= 3000; q++ {
		fmt.Fprintf(&many, "%d,d,1\n", q)
	}
	big := write(t, dir, "many.csv", many.String())
	_, err = LoadQuery(big, nil, "x")
	assert.EqualError(t, err, big+`: --query: no query "x"; the 3000 queries are 1, 2, 3, 4, 5, …`)

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

// A query of learning-to-rank data that is not there is named as one of
// the table's: the flag, and a few of the queries there are.
func TestLTRQueryNotThere(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{
		{QID: "1", Labels: []float64{1}, Predictions: []float64{0}},
		{QID: "2", Labels: []float64{0}, Predictions: []float64{0}},
	}}
	_, err := LTRQuery(ds, ltr.XGBoost(false), "9")
	assert.EqualError(t, err, `d.txt: --query: no query "9"; the 2 queries are 1, 2`)
	// Counting from 0: a group file's queries count from 1.
	_, err = LTRQuery(ds, ltr.XGBoost(false), "0")
	assert.EqualError(t, err, `d.txt: --query: no query "0"; the 2 queries are 1, 2; they are counted from 1: the first is --query 1`)
}

// A query of learning-to-rank data carries the rules it was read under,
// and a file's "preset" names itself as the file spells it: xgboost, an
// alias of the lightgbm preset's conventions.
func TestDocumentConventionsName(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{{QID: "1", Labels: []float64{1, 0}, Predictions: []float64{0, 1}}}}
	doc, err := LTRQuery(ds, ltr.XGBoost(true), "1")
	require.NoError(t, err)
	assert.Equal(t, "xgboost-", doc.Conventions().Name)
	assert.Equal(t, 0.0, doc.Conventions().Settings.Zero, "xgboost-: NDCG 0 without relevant items")

	d, err := ReadJSON("l.json", []byte(`{"settings": {"preset": "XGBoost"}, "items": [{"grade": 1}]}`))
	require.NoError(t, err)
	assert.Equal(t, "xgboost", d.Conventions().Name)
	assert.Equal(t, ndcg.Exp, d.Conventions().Settings.Gain)
	d, err = ReadJSON("l.json", []byte(`{"items": [{"grade": 1}]}`))
	require.NoError(t, err)
	assert.Equal(t, "", d.Conventions().Name)
	assert.Equal(t, "", (*Document)(nil).Conventions().Name)
}

// Settings saved under XGBoost's conventions name the xgboost preset,
// the only way a file says grades are cut to integers, and read back as
// the same settings under the same name; others that cut grades name
// trec_eval's, their fields saying the rest.
func TestSettingsOfNamesThePresetThatCutsGrades(t *testing.T) {
	for name, want := range map[string]string{"xgboost": "xgboost", "xgboost-": "xgboost-", "trec_eval": "trec_eval"} {
		p, err := ndcg.FindPreset(name)
		require.NoError(t, err)
		s := p.Settings
		s.K = 5
		fs := SettingsOf(s)
		require.NotNil(t, fs.Preset)
		assert.Equal(t, want, *fs.Preset)
		back, err := fs.Apply(ndcg.DefaultSettings())
		require.NoError(t, err)
		assert.True(t, back.Equal(s), name)
		assert.Equal(t, want, (&Document{Settings: fs}).Conventions().Name)
	}
	s := ndcg.DefaultSettings()
	s.TruncateGrades = true
	fs := SettingsOf(s)
	assert.Equal(t, "trec_eval", *fs.Preset, "no preset follows these")
	back, err := fs.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.True(t, back.Equal(s))
	assert.Nil(t, SettingsOf(ndcg.DefaultSettings()).Preset)
}

// A query of one document opened under scikit-learn's rules says that
// ndcg_score refuses it (ltr/testdata/practitioner.json records the
// ValueError from scikit-learn 1.2.1); under XGBoost's it does not.
func TestLTRQueryRefusedNote(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{{QID: "2", Labels: []float64{2}, Predictions: []float64{0.7}}}}
	sk, err := ltr.FindRules("sklearn")
	require.NoError(t, err)
	doc, err := LTRQuery(ds, sk, "2")
	require.NoError(t, err)
	assert.Equal(t, "1 row of query 2 in d.txt, under sklearn's rules. sklearn's ndcg_score raises ValueError on a query of one document: the value here is under its conventions, and ltr's mean over the queries ndcg_score scores leaves this one out", doc.Notes)
	doc, err = LTRQuery(ds, ltr.XGBoost(false), "2")
	require.NoError(t, err)
	assert.Equal(t, "1 row of query 2 in d.txt, under xgboost's rules", doc.Notes)
}
