package report

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

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
