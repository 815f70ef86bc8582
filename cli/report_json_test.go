package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// encodedJSONReport is the report as encoding/json writes the whole
// document, which the streaming writer must match byte for byte.
func encodedJSONReport(t *testing.T, doc *listio.Document, r *ndcg.Result) []byte {
	s := r.Settings
	d, n := r.DCGBand(s.K), r.NDCGBand(s.K)
	rep := jsonReport{
		SchemaVersion: reportSchemaVersion, Name: doc.Name, Title: doc.Title,
		Settings: settingsJSON(s), N: r.N, K: r.K,
		Summary: jsonSummary{DCG: r.DCG(), IDCG: r.IDCG(), NDCG: r.NDCG()},
		IDCG:    r.IDCG(),
		DCG:     jsonBand{Expected: d.Expected, Best: d.Best, Worst: d.Worst, Input: d.Input},
		NDCG:    jsonBand{Expected: n.Expected, Best: n.Best, Worst: n.Worst, Input: n.Input},
		Ranks:   make([]jsonRank, r.N),
	}
	for i := range rep.Ranks {
		rep.Ranks[i] = jsonRankOf(r, i)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(rep))
	return buf.Bytes()
}

// TestJSONReportStreamsWhatEncodingJSONWrites: ids that need escaping,
// numbers in exponent form, lists with and without scores, and the
// empty list.
func TestJSONReportStreamsWhatEncodingJSONWrites(t *testing.T) {
	lists := map[string]*ndcg.List{
		"empty": {},
		"odd ids and numbers": {Items: []ndcg.Item{
			{ID: `<a href="x">&amp;</a>`, Title: "Ünïcode \u2029 title", Grade: 3, Score: 1e-7, HasScore: true},
			{ID: "tab\there\nnew line \x1b[2J", Grade: 0.5, Score: 1e22, HasScore: true},
			{ID: "é ü \u2028 ✓", Grade: 1e-9, Score: -2.5e-8, HasScore: true},
			{ID: `back\slash`, Grade: 2, Score: 1e-7, HasScore: true},
			{ID: "plain", Grade: 700, Score: 123456789.125, HasScore: true},
			{ID: "minus zero", Grade: math.Copysign(0, -1), Score: math.Copysign(0, -1), HasScore: true},
			{ID: "whole", Grade: 1e15, Score: 999999, HasScore: true},
			{ID: "whole too", Grade: 999999999999999, Score: 1e6, HasScore: true},
			{ID: "larger", Grade: 123456789012345678, Score: -999999, HasScore: true},
			{ID: "exponent", Grade: 1e21, Score: -1e6, HasScore: true},
		}},
		"long, tied, repeated": longTiedList(300),
		"no scores":            {Items: []ndcg.Item{{ID: "A", Grade: 3}, {ID: "B", Grade: 0}, {ID: "C", Grade: 2}}},
		"a pool":               {Items: []ndcg.Item{{ID: "A", Grade: 0}, {ID: "B", Grade: 1}}, Pool: []ndcg.Judged{{ID: "Z", Grade: 3}, {ID: "Y", Grade: 2}}},
	}
	for name, l := range lists {
		for _, s := range []ndcg.Settings{
			{Gain: ndcg.Linear, Discount: ndcg.Log2},
			{Gain: ndcg.Linear, Discount: ndcg.JK2, K: 2, Ties: ndcg.Worst, Zero: 1},
			{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 1, IDCG: ndcg.FromJudged, TruncateGrades: true},
		} {
			r, err := ndcg.Compute(l, s)
			require.NoError(t, err, name)
			doc := &listio.Document{Name: name + ".json", Title: "a <title> & \"quotes\"", List: l}
			var got bytes.Buffer
			require.NoError(t, writeJSONReport(&got, doc, r))
			require.Equal(t, string(encodedJSONReport(t, doc, r)), got.String(), name)
		}
	}
}

// longTiedList has more ranks than the writers read ahead at once, tie
// groups whose scores and mean gains repeat, and a long run of grade 0
// at the end of the ideal ranking, where IDCG repeats.
func longTiedList(n int) *ndcg.List {
	l := &ndcg.List{}
	for i := range n {
		l.Items = append(l.Items, ndcg.Item{ID: fmt.Sprintf("d%04d", i), Grade: float64(i*7%5) / 2 * float64(i%3/2),
			Score: float64(i*13%17) / 8, HasScore: true})
	}
	return l
}
