package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// charts are the report's bar charts: contribution per rank, NDCG@k for
// every k, and the tie band when there are ties.
func charts(r *ndcg.Result) []explain.Chart {
	out := []explain.Chart{explain.ContributionChart(r), explain.NDCGByKChart(r)}
	if c, ok := explain.TieChart(r); ok {
		out = append(out, c)
	}
	return out
}

func (x Extras) writeText(w io.Writer, r *ndcg.Result) {
	if x.Chart {
		for _, c := range charts(r) {
			fmt.Fprintf(w, "\n%s", c.Text())
		}
	}
	if x.Working {
		fmt.Fprintf(w, "\n%s", explain.NewShown(r).Text())
	}
}

func (x Extras) writeMarkdown(w io.Writer, r *ndcg.Result) {
	if x.Chart {
		fmt.Fprintf(w, "\n### Charts\n")
		for _, c := range charts(r) {
			fmt.Fprintf(w, "\n%s", c.Markdown())
		}
	}
	if x.Working {
		fmt.Fprintf(w, "\n%s", explain.NewShown(r).Markdown())
	}
}

// mdEscape keeps a cell's text from breaking the table or being read
// as HTML.
func mdEscape(s string) string { return explain.MarkdownText(s) }

// writeMarkdownReport prints the breakdown as a markdown table with the
// summary, ready to paste into slides.
func writeMarkdownReport(w io.Writer, doc *listio.Document, r *ndcg.Result) {
	s := r.Settings
	title := doc.Name
	if doc.Title != "" {
		title = doc.Title
	}
	fmt.Fprintf(w, "## %s\n\n", mdEscape(title))
	ranking := "ranked by score"
	if !doc.List.Scored() {
		ranking = "no scores: the list order is the ranking"
	}
	fmt.Fprintf(w, "%s, %s", count(r.N, "item"), ranking)
	if len(doc.List.Pool) > 0 {
		fmt.Fprintf(w, ", %d judged items not retrieved", len(doc.List.Pool))
	}
	fmt.Fprintf(w, ".\nConventions: %s.\n\n", conventionsLine(s))
	if notes := notesParagraph(doc); notes != "" {
		fmt.Fprintf(w, "> **Notes:** %s\n\n", mdEscape(notes))
	}

	fmt.Fprintln(w, "| rank | id | grade | score | tie | gain | discount | contribution | DCG@i | ideal | IDCG@i | NDCG@i |")
	fmt.Fprintln(w, "|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		score, tie, gain := rowCells(row, cellMarks{none: "–", straddles: " (straddles k)", expected: "\\*"})
		rank := strconv.Itoa(row.Rank)
		if !row.InCutoff {
			rank = "(" + rank + ")"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			rank, mdEscape(row.Item.ID), ndcg.FormatNumber(row.Grade), score, tie, gain, num(row.Discount),
			num(row.Contribution), num(row.DCG), ndcg.FormatNumber(row.IdealGrade), num(row.IDCG), num(row.NDCG))
	}
	fmt.Fprintln(w)
	if len(r.Ties) > 0 && s.Ties == ndcg.Expected {
		fmt.Fprintln(w, "\\* "+expectedGainNote+".")
		fmt.Fprintln(w)
	}
	if r.K < r.N {
		fmt.Fprintf(w, "Ranks in parentheses are past k=%d and do not count.\n\n", r.K)
	}
	if len(r.IdealOrder) > r.N {
		fmt.Fprintf(w, "%s: %s\n\n", capitalFirst(idealWithPoolLabel), explain.CodeSpan(idealWithPool(r)))
	}
	k := s.KString()
	fmt.Fprintf(w, "- **DCG@%s** = %s\n- **IDCG@%s** = %s\n- **NDCG@%s** = %s", k, num(r.DCG()), k, num(r.IDCG()), k, ndcgText(r))
	if zero := zeroNote(r); zero != "" {
		fmt.Fprintf(w, " %s", zero)
	}
	fmt.Fprintln(w)
	if ties := tiesNote(r); ties != "" {
		fmt.Fprintf(w, "- **ties**: %s\n", ties)
	}
}

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

// appendCSVCell appends s as encoding/csv's Writer writes a field with a
// comma separator and \n line ends: in quotes, with quotes doubled, when
// it holds a separator, quote or line break, starts with white space or
// is \. (the end of data for PostgreSQL).
func appendCSVCell(b []byte, s string) []byte {
	quote := s == `\.`
	if s != "" && !quote {
		r, _ := utf8.DecodeRuneInString(s)
		quote = unicode.IsSpace(r) || strings.ContainsAny(s, ",\"\r\n")
	}
	if !quote {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}
