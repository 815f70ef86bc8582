package picture

import (
	"fmt"
	"html"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Table is the per-rank table as the printed report has it, cell by cell,
// so the handout shows the very numbers `report` prints.
type Table struct {
	Header []string
	Rows   [][]string
	// Cut is the number of rows inside the cutoff k; the rows after it do
	// not count and are set apart (a rule and italics, not colour alone).
	Cut int
}

// Handout is everything a one-page HTML handout holds.
type Handout struct {
	Heading
	// Lede is the line under the title: "5 items, ranked by score".
	Lede  string
	Table Table
	// Notes are printed under the table (the * mark, ranks past k, the
	// ideal ranking with the pool).
	Notes []string
	// Summary lines: "DCG@5 = 12.3456", the tie band.
	Summary []string
	// Working is the whiteboard working, as explain's Text writes it.
	Working string
	Charts  []explain.Chart
}

// handoutCSS is small on purpose: the page must print on A4 and Letter
// and read without colour.
const handoutCSS = `body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#000;background:#fff;max-width:800px;margin:2em auto;padding:0 1em;line-height:1.4}
h1{font-size:1.5em;margin-bottom:.2em}
h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #999}
.conventions{font-size:.9em;color:#333}
table{border-collapse:collapse;font-size:.85em;font-variant-numeric:tabular-nums}
th,td{padding:.15em .5em;border-bottom:1px solid #ddd}
th{text-align:right;border-bottom:2px solid #333}
td{text-align:right}
tr.past-k td{font-style:italic;color:#555}
tr.first-past-k td{border-top:2px dashed #333}
pre{font-size:.85em;background:#f6f6f6;padding:.6em;overflow-x:auto;white-space:pre-wrap}
figure{margin:1em 0;break-inside:avoid}
svg{max-width:100%;height:auto}
@media print{body{margin:0;max-width:none}pre{background:none;border:1px solid #999}}
`

// HTML writes the handout as one self-contained page: inline CSS and
// SVG, no scripts, no other files.
func (h Handout) HTML() string {
	var b strings.Builder
	// Text from files shows its control characters and bidirectional
	// overrides as visible escapes (termsafe), as every reader's output.
	e := func(s string) string { return html.EscapeString(termsafe.String(s)) }
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", e(h.Title), handoutCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(h.Title))
	if h.Lede != "" {
		fmt.Fprintf(&b, "<p>%s</p>\n", e(h.Lede))
	}
	fmt.Fprintf(&b, "<p class=\"conventions\">Conventions: %s</p>\n", e(h.Conventions))

	b.WriteString("<h2>Per rank</h2>\n<table>\n<thead><tr>")
	for _, c := range h.Table.Header {
		fmt.Fprintf(&b, "<th scope=\"col\">%s</th>", e(c))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, row := range h.Table.Rows {
		class := ""
		switch {
		case i == h.Table.Cut && i > 0:
			class = " class=\"past-k first-past-k\""
		case i > h.Table.Cut:
			class = " class=\"past-k\""
		}
		fmt.Fprintf(&b, "<tr%s>", class)
		for _, c := range row {
			fmt.Fprintf(&b, "<td>%s</td>", e(c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	for _, n := range h.Notes {
		fmt.Fprintf(&b, "<p>%s</p>\n", e(n))
	}
	if len(h.Summary) > 0 {
		b.WriteString("<ul class=\"summary\">\n")
		for _, s := range h.Summary {
			fmt.Fprintf(&b, "<li>%s</li>\n", e(s))
		}
		b.WriteString("</ul>\n")
	}
	if h.Working != "" {
		fmt.Fprintf(&b, "<h2>Working</h2>\n<pre>%s</pre>\n", html.EscapeString(termsafe.Text(strings.TrimRight(h.Working, "\n"))))
	}
	if len(h.Charts) > 0 {
		b.WriteString("<h2>Charts</h2>\n")
		for i, c := range h.Charts {
			fmt.Fprintf(&b, "<figure>\n%s</figure>\n", ChartSVG(c, fmt.Sprintf("c%d", i+1)))
		}
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}
