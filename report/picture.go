package report

import (
	"fmt"
	"io"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/picture"
)

// writePicture writes the charts as one SVG image, or the whole report
// (table, working, charts) as a self-contained HTML handout.
func writePicture(w io.Writer, format string, doc *listio.Document, r *ndcg.Result) error {
	h := picture.Heading{Title: doc.Heading(), Conventions: conventionsLine(r.Settings)}
	var out string
	switch format {
	case "svg":
		out = picture.SVG(h, picture.Charts(r))
	default:
		out = handout(h, doc, r).HTML()
	}
	_, err := io.WriteString(w, out)
	return err
}

// handout holds what the text report prints, cell for cell, with the
// working and the charts.
func handout(h picture.Heading, doc *listio.Document, r *ndcg.Result) picture.Handout {
	s := r.Settings
	page := picture.Handout{Heading: h, Working: explain.NewShown(r).Text(), Charts: picture.Charts(r)}
	page.Lede = reportLede(doc, r)
	page.Table = picture.Table{
		Header: []string{"rank", "id", "grade", "score", "tie", "gain", "discount", "contribution", "DCG@i", "ideal", "IDCG@i", "NDCG@i"},
		Cut:    r.K,
	}
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		score, tie, gain := rowCells(row, cellMarks{none: "–", straddles: " (straddles k)", expected: "*"})
		page.Table.Rows = append(page.Table.Rows, []string{
			fmt.Sprint(row.Rank), row.Item.ID, ndcg.FormatNumber(row.Grade), score, tie, gain, num(row.Discount),
			num(row.Contribution), num(row.DCG), ndcg.FormatNumber(row.IdealGrade), num(row.IDCG), num(row.NDCG)})
	}
	if len(r.Ties) > 0 && s.Ties == ndcg.Expected {
		page.Notes = append(page.Notes, "* "+expectedGainNote+".")
	}
	if r.K < r.N {
		page.Notes = append(page.Notes, fmt.Sprintf("Ranks below the dashed rule, in italics, are past k=%d and do not count.", r.K))
	}
	if len(r.IdealOrder) > r.N {
		page.Notes = append(page.Notes, capitalFirst(idealWithPoolLabel)+": "+idealWithPool(r))
	}
	k := s.KString()
	ndcgLine := fmt.Sprintf("NDCG@%s = %s", k, num(r.NDCG()))
	if zero := zeroNote(r); zero != "" {
		ndcgLine += " " + zero
	}
	page.Summary = []string{fmt.Sprintf("DCG@%s = %s", k, num(r.DCG())), fmt.Sprintf("IDCG@%s = %s", k, num(r.IDCG())), ndcgLine}
	if ties := tiesNote(r); ties != "" {
		page.Summary = append(page.Summary, "ties: "+ties)
	}
	return page
}

// reportLede says how many items the list has and how it is ranked.
func reportLede(doc *listio.Document, r *ndcg.Result) string {
	ranking := "ranked by score"
	if !doc.List.Scored() {
		ranking = "no scores: the list order is the ranking"
	}
	lede := fmt.Sprintf("%s, %s", count(r.N, "item"), ranking)
	if len(doc.List.Pool) > 0 {
		lede += fmt.Sprintf(", %d judged items not retrieved", len(doc.List.Pool))
	}
	return lede
}
