package cli

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// csvReportByEncodingCSV is report --format csv written record by record
// through encoding/csv, the reference writeCSVReport must match.
func csvReportByEncodingCSV(t *testing.T, r *ndcg.Result) string {
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	require.NoError(t, cw.Write(csvHeader))
	full := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		score := ""
		if row.Item.HasScore {
			score = full(row.Item.Score)
		}
		rec := []string{strconv.Itoa(row.Rank), listio.SafeCell(row.Item.ID), listio.SafeCell(row.Item.Title), full(row.Grade), score,
			strconv.Itoa(row.TieGroup), strconv.FormatBool(row.Tied), strconv.FormatBool(row.InCutoff),
			full(row.Gain), full(row.ExpectedGain), full(row.Discount), full(row.Contribution), full(row.DCG),
			listio.SafeCell(row.IdealID), "", "", "", full(row.IDCG), full(row.NDCG)}
		if row.IdealID != "" {
			rec[14], rec[15], rec[16] = full(row.IdealGrade), full(row.IdealGain), full(row.IdealContribution)
		}
		require.NoError(t, cw.Write(rec))
	}
	cw.Flush()
	require.NoError(t, cw.Error())
	return b.String()
}

// TestCSVReportWritesWhatEncodingCSVWrites: cells that need quotes
// (separators, quotes, line breaks, leading white space, \.), numbers in
// exponent form, lists with and without scores, a pool, and the empty
// list.
func TestCSVReportWritesWhatEncodingCSVWrites(t *testing.T) {
	lists := map[string]*ndcg.List{
		"empty": {},
		"odd cells and numbers": {Items: []ndcg.Item{
			{ID: `say "hi", then`, Title: "line\r\nbreak", Grade: 3, Score: 1e-7, HasScore: true},
			{ID: " lead", Title: "\u00a0nbsp first", Grade: 0.5, Score: 1e22, HasScore: true},
			{ID: `\.`, Title: `\.x`, Grade: 1e-9, Score: -2.5e-8, HasScore: true},
			{ID: "é ü ✓", Title: "=1+1", Grade: 2, Score: 1e-7, HasScore: true},
			{ID: "plain", Grade: 700, Score: 123456789.125, HasScore: true},
			{ID: "minus zero", Grade: math.Copysign(0, -1), Score: math.Copysign(0, -1), HasScore: true},
			{ID: "whole", Grade: 1e15, Score: 999999, HasScore: true},
			{ID: "whole too", Grade: 999999999999999, Score: 1e6, HasScore: true},
			{ID: "larger", Grade: 123456789012345678, Score: -999999, HasScore: true},
			{ID: "exponent", Grade: 1e21, Score: -1e6, HasScore: true},
		}},
		"long, tied, repeated": longTiedList(300),
		"no scores":            {Items: []ndcg.Item{{ID: "A", Grade: 3}, {ID: "B", Grade: 0}, {ID: "C", Grade: 2}}},
		"a pool":               {Items: []ndcg.Item{{ID: "A", Grade: 0}, {ID: "B", Grade: 1}}, Pool: []ndcg.Judged{{ID: "Z,\"", Grade: 3}, {ID: "Y", Grade: 2}}},
	}
	for name, l := range lists {
		for _, s := range []ndcg.Settings{
			{Gain: ndcg.Linear, Discount: ndcg.Log2},
			{Gain: ndcg.Linear, Discount: ndcg.JK2, K: 2, Ties: ndcg.Worst, Zero: 1},
			{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 1, IDCG: ndcg.FromJudged, TruncateGrades: true},
		} {
			r, err := ndcg.Compute(l, s)
			require.NoError(t, err, name)
			var got bytes.Buffer
			require.NoError(t, writeCSVReport(&got, r))
			require.Equal(t, csvReportByEncodingCSV(t, r), got.String(), name)
		}
	}
}
