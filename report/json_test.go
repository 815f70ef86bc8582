package report

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		Settings: SettingsOf(s), N: r.N, K: r.K,
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
	lists := writerLists("Z", []ndcg.Item{
		{ID: `<a href="x">&amp;</a>`, Title: "Ünïcode \u2029 title", Grade: 3, Score: 1e-7, HasScore: true},
		{ID: "tab\there\nnew line \x1b[2J", Grade: 0.5, Score: 1e22, HasScore: true},
		{ID: "é ü \u2028 ✓", Grade: 1e-9, Score: -2.5e-8, HasScore: true},
		{ID: `back\slash`, Grade: 2, Score: 1e-7, HasScore: true},
	})
	for name, l := range lists {
		for _, s := range writerSettings {
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

// jsonRankOf is rank i+1 of r as report --format json has it.
func jsonRankOf(r *ndcg.Result, i int) jsonRank {
	row := r.Row(i)
	return jsonRankFrom(&row)
}

// jsonRankFrom is row as report --format json has it; its optional
// numbers point into row.
func jsonRankFrom(row *ndcg.Rank) jsonRank {
	jr := jsonRank{Rank: row.Rank, ID: row.Item.ID, Title: row.Item.Title, Grade: row.Grade,
		TieGroup: row.TieGroup, Tied: row.Tied, InCutoff: row.InCutoff,
		Gain: row.Gain, ExpectedGain: row.ExpectedGain, TermGain: row.TermGain,
		Discount: row.Discount, Contribution: row.Contribution, DCG: row.DCG,
		IDCG: row.IDCG, NDCG: row.NDCG}
	if row.Item.HasScore {
		jr.Score = &row.Item.Score
	}
	if row.IdealID != "" {
		jr.IdealID, jr.IdealGrade, jr.IdealGain, jr.IdealContribution = &row.IdealID, &row.IdealGrade, &row.IdealGain, &row.IdealContribution
	}
	return jr
}
