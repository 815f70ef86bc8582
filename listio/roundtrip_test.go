package listio

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// rich holds everything the format can carry, with numbers that lose
// digits if printed carelessly.
const rich = `{
  "version": 2,
  "title": "Café — ランキング 🎯 <b>&</b>",
  "notes": "Line one.\nLine \"two\"\twith a tab.",
  "settings": {"preset": "trec_eval", "k": 3, "ties": "worst"},
  "items": [
    {"id": "d1", "title": "0.1+0.2", "grade": 3, "score": 0.30000000000000004},
    {"title": "tiny", "grade": 2.5, "id": "d2", "score": 1e-300},
    {"id": "d3", "grade": 0, "score": -0},
    {"id": "δ4", "grade": 1023, "score": 1.7976931348623157e308},
    {"id": "d5", "grade": 0.1, "score": 5e-324}
  ],
  "pool": [{"id": "p1", "grade": 3}, {"id": "p2", "grade": 1e-300}],
  "claims": {"k": 5, "gain": "exp", "dcg": 12.780, "idcg": 1.365e1, "ndcg": 0.94,
             "contributions": [7, 1.89, 3.5, 0.0, 0.39]},
  "author": {"name": "R. Ranker", "tags": ["a", 1, null, {"x": [true]}]},
  "zzz": "kept"
}`

func TestJSONRoundTrip(t *testing.T) {
	doc, err := ReadJSON("rich.json", []byte(rich))
	require.NoError(t, err)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	// trec_eval's conventions with k and ties from the file.
	assert.Equal(t, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 3, Ties: ndcg.Worst, IDCG: ndcg.FromJudged, TruncateGrades: true}, s)

	// The values as read, checked against the literals above.
	a, b := 0.1, 0.2 // variables: constant arithmetic would be exact
	assert.Equal(t, a+b, doc.List.Items[0].Score)
	assert.Equal(t, 1e-300, doc.List.Items[1].Score)
	assert.Equal(t, 5e-324, doc.List.Items[4].Score)
	assert.Equal(t, "12.780", doc.Claims.DCG.Text)
	assert.Equal(t, 13.65, doc.Claims.IDCG.Value)

	out, err := WriteJSON(doc, s)
	require.NoError(t, err)
	back, err := ReadJSON("rich.json", out)
	require.NoError(t, err, "%s", out)

	assert.Equal(t, doc.Title, back.Title)
	assert.Equal(t, doc.Notes, back.Notes)
	assert.Equal(t, doc.List, back.List)
	assert.Equal(t, doc.Claims, back.Claims)
	s2, err := back.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.True(t, s.Equal(s2), "%v != %v", s, s2)
	require.Len(t, back.Extra, 3)
	for k, v := range doc.Extra {
		assert.JSONEq(t, string(v), string(back.Extra[k]), k)
	}

	// Writing again gives the same bytes: nothing drifts.
	again, err := WriteJSON(back, s2)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(again))

	// Items read as a table: one per line, keys in a fixed order; unknown
	// fields after the known ones, in the file's order.
	assert.Contains(t, string(out), "\n    {\"id\": \"d2\", \"title\": \"tiny\", \"grade\": 2.5, \"score\": 1e-300},\n")
	assert.Contains(t, string(out), `"title": "Café — ランキング 🎯 <b>&</b>"`)
	assert.Contains(t, string(out), `"claims": {"k": 5, "gain": "exp", "dcg": 12.780, "idcg": 1.365e1, "ndcg": 0.94, "contributions": [7, 1.89, 3.5, 0.0, 0.39]}`)
	assert.Less(t, bytes.Index(out, []byte(`"version"`)), bytes.Index(out, []byte(`"zzz"`)))
	assert.Less(t, bytes.Index(out, []byte(`"claims"`)), bytes.Index(out, []byte(`"version"`)))
}

// The whole list is written as no k, which reads back as the whole list.
func TestWriteWholeList(t *testing.T) {
	doc, err := Inline("3,2", "")
	require.NoError(t, err)
	out, err := WriteJSON(doc, ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.Equal(t, `{
  "settings": {"gain": "exp", "discount": "log2", "ties": "expected", "idcg": "list", "zero": 0},
  "items": [
    {"id": "A", "grade": 3},
    {"id": "B", "grade": 2}
  ]
}
`, string(out))
	back, err := ReadJSON("x", out)
	require.NoError(t, err)
	s, err := back.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.True(t, s.Equal(ndcg.DefaultSettings()))
}

// Number keeps its digits through encoding/json too, for callers that
// marshal Claims themselves.
func TestNumberJSON(t *testing.T) {
	var c Claims
	require.NoError(t, json.Unmarshal([]byte(`{"ndcg": 0.9400}`), &c))
	assert.Equal(t, Number{Value: 0.94, Text: "0.9400"}, *c.NDCG)
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"ndcg": 0.9400}`, string(b))
	assert.Contains(t, string(b), "0.9400")
}

// A list holding NaN (an edit gone wrong) cannot be written as JSON.
func TestWriteRefusesNaN(t *testing.T) {
	doc, err := Inline("1", "")
	require.NoError(t, err)
	doc.List.Items[0].Score, doc.List.Items[0].HasScore = nan(), true
	_, err = WriteJSON(doc, ndcg.DefaultSettings())
	assert.ErrorContains(t, err, "cannot be written as JSON")
}

func nan() float64 { z := 0.0; return z / z }
