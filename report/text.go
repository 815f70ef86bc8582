package report

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

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

func writeTextReport(w io.Writer, doc *listio.Document, r *ndcg.Result) {
	s := r.Settings
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
	fmt.Fprintf(w, "\nconventions: %s\n\n", conventionsLine(s))
	if notes := notesParagraph(doc); notes != "" {
		fmt.Fprintf(w, "%s\n\n", ansi.Wordwrap("notes: "+notes, reportWidth, ""))
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
	writeRightAligned(w, rows)
	if len(r.Ties) > 0 && s.Ties == ndcg.Expected {
		fmt.Fprintln(w, "* "+expectedGainNote)
	}
	if r.K < r.N {
		fmt.Fprintf(w, "(ranks below the blank line are past k=%d and do not count)\n", r.K)
	}
	if len(r.IdealOrder) > r.N {
		fmt.Fprintf(w, "%s: %s\n", idealWithPoolLabel, idealWithPool(r))
	}

	k := s.KString()
	fmt.Fprintf(w, "\nDCG@%s  = %s\nIDCG@%s = %s\nNDCG@%s = %s", k, num(r.DCG()), k, num(r.IDCG()), k, ndcgText(r))
	if zero := zeroNote(r); zero != "" {
		fmt.Fprintf(w, "  %s", zero)
	}
	fmt.Fprintln(w)
	if ties := tiesNote(r); ties != "" {
		fmt.Fprintf(w, "ties: %s\n", ties)
	}
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
	var widths []int
	for _, row := range rows {
		for j, c := range row {
			if j == len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], cells(c))
		}
	}
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
