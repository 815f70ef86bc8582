package listio

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// formulaStart are the first characters that make a spreadsheet read a
// cell as a formula (=HYPERLINK(…), +cmd|…, -2+3, @SUM(…)); tab and
// carriage return are on the list because some programs skip them first.
const formulaStart = "=+-@\t\r"

// SafeCell is a text cell for a CSV file that a spreadsheet may open: a
// cell that starts as a formula does and is not a number gets a leading
// apostrophe, which a spreadsheet shows as text and does not evaluate.
// The list readers drop that apostrophe again, so a list written and read
// back is unchanged.
func SafeCell(s string) string {
	if unsafeCell(s) != s {
		// Already starts with the apostrophe: one more keeps it.
		return "'" + s
	}
	if s == "" || !strings.ContainsRune(formulaStart, rune(s[0])) {
		return s
	}
	if v, err := parseNumber(s); err == nil && !math.IsNaN(v) {
		return s
	}
	return "'" + s
}

// unsafeCell undoes SafeCell on a cell read from a table.
func unsafeCell(s string) string {
	rest := strings.TrimLeft(s, "'")
	if len(rest) < len(s) && rest != "" && strings.ContainsRune(formulaStart, rune(rest[0])) {
		return s[1:]
	}
	return s
}

// WriteTable writes doc's items as a CSV (sep ',') or TSV (sep '\t')
// list that ReadCSV and ReadTSV read back: id, title when some item has
// one, grade, and score when the list is scored. Settings, claims, notes
// and the pool have no place in a table: a list with a pool is refused.
func WriteTable(doc *Document, sep rune) ([]byte, error) {
	if len(doc.List.Pool) > 0 {
		return nil, fmt.Errorf("the %d judged items not retrieved (the pool) have no place in a table; save as .json", len(doc.List.Pool))
	}
	titled := false
	for _, it := range doc.List.Items {
		titled = titled || it.Title != ""
	}
	scored := doc.List.Scored()
	var buf bytes.Buffer
	w := tableWriter{buf: &buf, sep: sep}
	header := []string{"id"}
	if titled {
		header = append(header, "title")
	}
	header = append(header, "grade")
	if scored {
		header = append(header, "score")
	}
	w.Write(header)
	for _, it := range doc.List.Items {
		rec := []string{SafeCell(it.ID)}
		if titled {
			rec = append(rec, SafeCell(it.Title))
		}
		rec = append(rec, ndcg.FormatNumber(it.Grade))
		if scored {
			score := ""
			if it.HasScore {
				score = ndcg.FormatNumber(it.Score)
			}
			rec = append(rec, score)
		}
		w.Write(rec)
	}
	return buf.Bytes(), nil
}

// tableWriter writes CSV or TSV records, each field as AppendCell
// writes it.
type tableWriter struct {
	buf *bytes.Buffer
	sep rune
}

func (w tableWriter) Write(rec []string) {
	var b []byte
	for i, f := range rec {
		if i > 0 {
			b = append(b, byte(w.sep))
		}
		b = AppendCell(b, f, byte(w.sep))
	}
	w.buf.Write(append(b, '\n'))
}

// AppendCell appends s as a field of a CSV (sep ',') or TSV (sep '\t')
// line, the one way every CSV this program writes is written: as
// encoding/csv and Python's csv module write and read it (in quotes,
// quotes doubled, when it holds the separator, a quote or a line
// break), and also in quotes with white space at either end, which
// encoding/csv leaves bare at the end and the readers here drop around
// a bare field (an id "A " came back as "A", a duplicate of another),
// and as \. (the end of data for PostgreSQL's COPY).
func AppendCell(b []byte, s string, sep byte) []byte {
	quote := s == `\.` || s != strings.TrimSpace(s) || strings.IndexByte(s, sep) >= 0 || strings.ContainsAny(s, "\"\r\n")
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

// Encode writes doc in the format path's extension names: .json (the
// whole document, with the settings s), .csv or .tsv (the items only; see
// WriteTable). Any other extension is refused rather than given JSON
// under a name that says otherwise.
func Encode(path string, doc *Document, s ndcg.Settings) ([]byte, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return WriteJSON(doc, s)
	case ".csv":
		return WriteTable(doc, ',')
	case ".tsv", ".tab":
		return WriteTable(doc, '\t')
	}
	return nil, fmt.Errorf("%s: name the file .json (the list with its settings and claims), .csv or .tsv (the items only)", filepath.Base(path))
}
