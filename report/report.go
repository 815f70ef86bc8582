package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Extras are the optional parts of a text or markdown report.
type Extras struct {
	// Chart adds the bar charts, Working the working term by term.
	Chart, Working bool
	// Width fits the text report to a terminal of that many columns:
	// its prose wrapped, and the rank table's least needed columns left
	// out, then long ids cut, until the table fits (a line says which
	// columns went). 0 writes every column, however wide.
	Width int
}

// Text writes the text report: the rank table, the sums and, as x asks,
// the charts and the working. Control characters in the data are not
// escaped here: the command line writes it through termsafe, as every
// text a person reads.
func Text(w io.Writer, doc *listio.Document, r *ndcg.Result, x Extras) {
	writeTextReport(w, doc, r, x.Width)
	x.writeText(w, r)
}

// Markdown writes the markdown report, ready to paste into slides: the
// rank table, the sums and, as x asks, the charts and the working. Text
// from the data (ids, titles, notes) is written so that neither a
// markdown renderer nor a terminal obeys it: HTML markup is escaped, as
// the HTML and SVG outputs escape it, and control characters are shown
// escaped, as termsafe shows them. The command line prints it and the
// explorer's copy key (y m) puts it in the clipboard, the same bytes.
func Markdown(w io.Writer, doc *listio.Document, r *ndcg.Result, x Extras) error {
	tw := termsafe.NewWriter(w)
	writeMarkdownReport(tw, doc, r)
	x.writeMarkdown(tw, r)
	return tw.Flush()
}

// MarkdownString is Markdown as a string, without extras.
func MarkdownString(doc *listio.Document, r *ndcg.Result) string {
	var b strings.Builder
	_ = Markdown(&b, doc, r, Extras{}) // a strings.Builder does not fail
	return b.String()
}

// CSV writes one row per rank with a header, numbers at full precision,
// for spreadsheets and scripts. Text is written exact (a program reads
// it), with cells that a spreadsheet would run as a formula made safe
// (listio.SafeCell).
func CSV(w io.Writer, r *ndcg.Result) error { return writeCSVReport(w, r) }

// CSVHeader names the columns of CSV.
func CSVHeader() []string { return append([]string(nil), csvHeader...) }

// JSON writes the report as schema/report.schema.json lays it out.
func JSON(w io.Writer, doc *listio.Document, r *ndcg.Result) error { return writeJSONReport(w, doc, r) }

// SVG writes the charts as one SVG image.
func SVG(w io.Writer, doc *listio.Document, r *ndcg.Result) error {
	return writePicture(w, "svg", doc, r)
}

// HTML writes the whole report (table, working, charts) as a
// self-contained HTML handout.
func HTML(w io.Writer, doc *listio.Document, r *ndcg.Result) error {
	return writePicture(w, "html", doc, r)
}

// Width is where the text report wraps its prose.
const Width = reportWidth

// conventionsLine states the conventions in force, as every output does.
func conventionsLine(s ndcg.Settings) string { return explain.Conventions(s) }

// count writes n things: "1 item", "5 items".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
