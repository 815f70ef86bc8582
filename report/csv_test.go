package report

import (
	"bytes"
	"encoding/csv"
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
	lists := writerLists(`Z,"`, []ndcg.Item{
		{ID: `say "hi", then`, Title: "line\r\nbreak", Grade: 3, Score: 1e-7, HasScore: true},
		{ID: " lead", Title: "\u00a0nbsp first", Grade: 0.5, Score: 1e22, HasScore: true},
		{ID: `\.`, Title: `\.x`, Grade: 1e-9, Score: -2.5e-8, HasScore: true},
		{ID: "é ü ✓", Title: "=1+1", Grade: 2, Score: 1e-7, HasScore: true},
	})
	for name, l := range lists {
		for _, s := range writerSettings {
			r, err := ndcg.Compute(l, s)
			require.NoError(t, err, name)
			var got bytes.Buffer
			require.NoError(t, writeCSVReport(&got, r))
			require.Equal(t, csvReportByEncodingCSV(t, r), got.String(), name)
		}
	}
}
