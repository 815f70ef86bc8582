package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// csvHeader names the columns of report --format csv.
var csvHeader = []string{"rank", "id", "title", "grade", "score", "tie_group", "tied", "in_cutoff",
	"gain", "expected_gain", "discount", "contribution", "dcg",
	"ideal_id", "ideal_grade", "ideal_gain", "ideal_contribution", "idcg", "ndcg"}

// writeCSVReport prints one row per rank with a header, numbers at full
// precision, for spreadsheets and scripts. Each row is appended to one
// reused buffer, as encoding/csv would write it (a test compares the
// two): a million rows would otherwise make twenty strings each.
func writeCSVReport(w io.Writer, r *ndcg.Result) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var b []byte
	for i, h := range csvHeader {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, h...)
	}
	b = append(b, '\n')
	num := func(x float64) { b = append(appendCSVFloat(b, x), ',') }
	col := func(c *floatColumn, x float64) { b = append(c.append(b, x, appendCSVFloat), ',') }
	var cols rankColumns
	f := rowFetcher{r: r}
	for i := 0; i < r.N; i++ {
		if _, err := bw.Write(b); err != nil {
			return err
		}
		row := f.row(i)
		b = append(strconv.AppendInt(b[:0], int64(row.Rank), 10), ',')
		b = append(appendCSVCell(b, listio.SafeCell(row.Item.ID)), ',')
		b = append(appendCSVCell(b, listio.SafeCell(row.Item.Title)), ',')
		col(&cols.grade, row.Grade)
		if row.Item.HasScore {
			b = cols.score.append(b, row.Item.Score, appendCSVFloat)
		}
		b = append(strconv.AppendInt(append(b, ','), int64(row.TieGroup), 10), ',')
		b = append(strconv.AppendBool(b, row.Tied), ',')
		b = append(strconv.AppendBool(b, row.InCutoff), ',')
		col(&cols.gain, row.Gain)
		col(&cols.expectedGain, row.ExpectedGain)
		num(row.Discount)
		num(row.Contribution)
		num(row.DCG)
		b = append(appendCSVCell(b, listio.SafeCell(row.IdealID)), ',')
		if row.IdealID != "" {
			col(&cols.idealGrade, row.IdealGrade)
			col(&cols.idealGain, row.IdealGain)
			num(row.IdealContribution)
		} else {
			b = append(b, ",,,"...)
		}
		col(&cols.idcg, row.IDCG)
		b = append(appendCSVFloat(b, row.NDCG), '\n')
	}
	if _, err := bw.Write(b); err != nil {
		return err
	}
	return bw.Flush()
}

// appendCSVFloat appends f as strconv.FormatFloat(f, 'g', -1, 64) writes it.
func appendCSVFloat(b []byte, f float64) []byte {
	if b, ok := appendWholeFloat(b, f, 1e6); ok {
		return b
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

// appendCSVCell appends s as every CSV of this program is written
// (listio.AppendCell).
func appendCSVCell(b []byte, s string) []byte { return listio.AppendCell(b, s, ',') }
