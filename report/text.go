package report

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// reportWidth is where the text report wraps its prose.
const reportWidth = 78

// notesParagraph is the list's notes on one line: what the list is there
// to teach, which a handout needs as much as the screen does.
func notesParagraph(doc *listio.Document) string {
	return strings.Join(strings.Fields(doc.Notes), " ")
}

// num prints a value with four decimals, as the tables do.
func num(x float64) string { return fmt.Sprintf("%.4f", x) }

// shortOrNum writes x as typed when it has at most 4 decimals (a gain of
// 7, 3 or 0.5), else as num does: the gain of a fractional grade under
// exponential gain (2^2.5−1 = 4.65685424949238…) in the table's 4
// decimals, not 15.
func shortOrNum(x float64) string {
	s := ndcg.FormatNumber(x)
	if dot := strings.IndexByte(s, '.'); dot >= 0 && len(s)-dot-1 > 4 && !strings.ContainsAny(s, "eE") {
		return num(x)
	}
	return s
}

func writeTextReport(w io.Writer, doc *listio.Document, r *ndcg.Result, width int) {
	s := r.Settings
	// prose wraps a line of prose to the width asked for, if any.
	prose := func(text string) string {
		if width <= 0 {
			return text
		}
		return wrapWords(text, width)
	}
	title := doc.Heading()
	fmt.Fprintln(w, title)
	ranking := "ranked by score"
	if !doc.List.Scored() {
		ranking = "no scores: the list order is the ranking"
	}
	fmt.Fprintf(w, "%s, %s", count(r.N, "item"), ranking)
	if len(doc.List.Pool) > 0 {
		fmt.Fprintf(w, ", %d judged items not retrieved", len(doc.List.Pool))
	}
	fmt.Fprintf(w, "\n%s\n\n", prose("conventions: "+conventionsLine(s)))
	if notes := notesParagraph(doc); notes != "" {
		para := ansi.Wordwrap("notes: "+notes, reportWidth, "")
		if width > 0 {
			para = wrapWords("notes: "+notes, min(reportWidth, width))
		}
		fmt.Fprintf(w, "%s\n\n", para)
	}

	rows := [][]string{{"rank", "id", "grade", "score", "tie", "gain", "discount", "contribution", "DCG@i", "ideal", "IDCG@i", "NDCG@i"}}
	for i := 0; i < r.N; i++ {
		row := r.Row(i)
		score, tie, gain := rowCells(row, cellMarks{none: "-", straddles: "|k", expected: "*"})
		// The id is escaped before it is measured, so that the columns
		// line up with what is shown.
		rows = append(rows, []string{strconv.Itoa(row.Rank), termsafe.String(row.Item.ID), ndcg.FormatNumber(row.Grade), score, tie, gain, num(row.Discount),
			num(row.Contribution), num(row.DCG), ndcg.FormatNumber(row.IdealGrade), num(row.IDCG), num(row.NDCG)})
		if i+1 == r.K && r.K < r.N {
			rows = append(rows, nil)
		}
	}
	dropped := fitColumns(rows, width)
	writeRightAligned(w, rows)
	if len(dropped) > 0 {
		fmt.Fprintln(w, prose(fmt.Sprintf("(left out to fit %d columns: %s; --full prints every column)", width, strings.Join(dropped, ", "))))
	}
	if len(r.Ties) > 0 && s.Ties == ndcg.Expected {
		fmt.Fprintln(w, prose("* "+expectedGainNote))
	}
	if r.K < r.N {
		fmt.Fprintln(w, prose(fmt.Sprintf("(ranks below the blank line are past k=%d and do not count)", r.K)))
	}
	if len(r.IdealOrder) > r.N {
		fmt.Fprintln(w, prose(fmt.Sprintf("%s: %s", idealWithPoolLabel, idealWithPool(r))))
	}

	k := s.KString()
	ndcgLine := fmt.Sprintf("NDCG@%s = %s", k, ndcgText(r))
	if zero := zeroNote(r); zero != "" {
		ndcgLine += "  " + zero
	}
	fmt.Fprintf(w, "\nDCG@%s  = %s\nIDCG@%s = %s\n%s\n", k, num(r.DCG()), k, num(r.IDCG()), prose(ndcgLine))
	if ties := tiesNote(r); ties != "" {
		fmt.Fprintln(w, prose("ties: "+ties))
	}
}

// wrapWords breaks text at spaces into lines of at most width cells
// (a word longer than that on a line of its own): a flag such as --full
// or a number such as 0.5908 stays whole, where ansi.Wordwrap breaks at
// a hyphen.
func wrapWords(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		c := cells(word)
		switch {
		case n == 0:
		case n+1+c > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += c
	}
	return b.String()
}

// dropOrder are the rank table's columns a narrow terminal goes without,
// the least needed first: what the ideal ranking and the running sums
// add, then the score (the rank says the order), the tie group and the
// running NDCG. Rank, id, grade, gain, discount and contribution, the
// definition of a term, stay.
var dropOrder = []string{"ideal", "IDCG@i", "DCG@i", "score", "tie", "NDCG@i"}

// minID is the fewest cells a cut id keeps, its "…" included.
const minID = 6

// fitColumns fits the table rows (the first the header) to width cells,
// as writeRightAligned lays them out: it leaves out the columns of
// dropOrder, in that order, until the table fits, then cuts ids that
// are still too long, each to the room left (at least minID cells). It
// returns the names of the columns left out. A width of 0 leaves the
// rows as they are.
func fitColumns(rows [][]string, width int) []string {
	if width <= 0 || len(rows) == 0 {
		return nil
	}
	widths := columnWidths(rows)
	total := func() int {
		t := 0
		for _, c := range widths {
			t += c + 2
		}
		return t
	}
	var dropped []string
	for _, name := range dropOrder {
		if total() <= width {
			break
		}
		j := slices.Index(rows[0], name)
		if j < 0 {
			continue
		}
		for i, row := range rows {
			if row != nil {
				rows[i] = slices.Delete(row, j, j+1)
			}
		}
		widths = slices.Delete(widths, j, j+1)
		dropped = append(dropped, name)
	}
	if over := total() - width; over > 0 {
		const id = 1
		room := max(widths[id]-over, minID)
		for _, row := range rows[1:] {
			if row != nil && cells(row[id]) > room {
				row[id] = ansi.Truncate(row[id], room, "…")
			}
		}
	}
	return dropped
}

// columnWidths are the cells each column of rows takes at its widest.
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, row := range rows {
		for j, c := range row {
			if j == len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], cells(c))
		}
	}
	return widths
}

// The notes under the rank table, in every format's markup: what a
// starred gain is, and what the ideal ranking with the pool lists.
const (
	expectedGainNote   = "the expected gain: the mean gain of the tie group (every order of the group equally likely)"
	idealWithPoolLabel = "ideal ranking (with the pool)"
)

// capitalFirst is a note starting a sentence (an ASCII letter first).
func capitalFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// idealWithPool spells out the whole ideal ranking, id:grade, the pool's
// items marked: "Z:3 (pool) A:1 B:0".
func idealWithPool(r *ndcg.Result) string {
	ids := make([]string, len(r.IdealOrder))
	for i := range r.IdealOrder {
		ids[i] = r.IdealID(i) + ":" + ndcg.FormatNumber(r.IdealGrade(i))
		if r.IdealFromPool(i) {
			ids[i] += " (pool)"
		}
	}
	return strings.Join(ids, " ")
}

// ndcgText is NDCG@k as the summary prints it: four decimals, or
// "undefined" for an empty list, as the explorer says.
func ndcgText(r *ndcg.Result) string {
	if r.Undefined() {
		return "undefined"
	}
	return num(r.NDCG())
}

// zeroNote says why NDCG is what it is when IDCG is 0 ("" otherwise).
func zeroNote(r *ndcg.Result) string {
	if r.Undefined() {
		return "(the list is empty: no item is ranked, so NDCG = DCG/IDCG = 0/0 has no value)"
	}
	if r.IDCG() != 0 {
		return ""
	}
	return fmt.Sprintf("(IDCG is 0: no relevant item, so NDCG is %s by convention)", ndcg.FormatNumber(r.Settings.Zero))
}

// tiesNote gives NDCG@k under the tie orders ("" without tie groups).
func tiesNote(r *ndcg.Result) string {
	if len(r.Ties) == 0 {
		return ""
	}
	b := r.NDCGBand(r.Settings.K)
	return fmt.Sprintf("%d group(s); NDCG@%s worst %s, expected %s, best %s, input order %s (spread %s)",
		len(r.Ties), r.Settings.KString(), num(b.Worst), num(b.Expected), num(b.Best), num(b.Input), num(b.Spread()))
}

// cellMarks are how a format writes a missing score, a tie group that k
// cuts, and a gain that is its group's mean.
type cellMarks struct{ none, straddles, expected string }

// rowCells formats the cells every tabular report shares: the score, the
// tie group and the gain (under expected ties, the group's mean gain).
func rowCells(row ndcg.Rank, m cellMarks) (score, tie, gain string) {
	score = m.none
	if row.Item.HasScore {
		score = ndcg.FormatNumber(row.Item.Score)
	}
	if row.Tied {
		tie = ndcg.TieLabel(row.Tie)
		if row.Straddles {
			tie += m.straddles
		}
	}
	gain = shortOrNum(row.Gain)
	if row.Averaged {
		gain = num(row.TermGain) + m.expected
	}
	return score, tie, gain
}

// writeRightAligned writes rows as columns aligned on the right, two
// spaces apart, measured in terminal cells (a CJK character takes two,
// a combining accent none), so that any id lines up. A nil row is a
// blank line.
func writeRightAligned(w io.Writer, rows [][]string) {
	widths := columnWidths(rows)
	var b bytes.Buffer
	for _, row := range rows {
		for j, c := range row {
			b.WriteString(strings.Repeat(" ", widths[j]+2-cells(c)))
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	// Write, not io.WriteString: see termsafe's Writer.put.
	w.Write(b.Bytes())
}

// cells is the terminal cells c takes. A report's cells are numbers and
// mostly ASCII ids, one cell a byte; anything else is measured by
// ansi.StringWidth, which segments graphemes and costs more than the
// rest of a short report.
func cells(c string) int {
	for i := 0; i < len(c); i++ {
		if c[i] < 0x20 || c[i] >= 0x7f {
			return ansi.StringWidth(c)
		}
	}
	return len(c)
}

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
