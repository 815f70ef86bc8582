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

// tableWriter writes CSV or TSV records as encoding/csv does, but quotes
// a field with a space at either end, which encoding/csv leaves bare at
// the end: the readers drop spaces around a bare field, so an id "A "
// came back as "A" (a duplicate of another "A") and a padded title lost
// its padding without a word.
type tableWriter struct {
	buf *bytes.Buffer
	sep rune
}

func (w tableWriter) Write(rec []string) {
	for i, f := range rec {
		if i > 0 {
			w.buf.WriteRune(w.sep)
		}
		if !w.needsQuotes(f) {
			w.buf.WriteString(f)
			continue
		}
		w.buf.WriteByte('"')
		w.buf.WriteString(strings.ReplaceAll(f, `"`, `""`))
		w.buf.WriteByte('"')
	}
	w.buf.WriteByte('\n')
}

func (w tableWriter) needsQuotes(f string) bool {
	return f != strings.TrimSpace(f) || strings.ContainsRune(f, w.sep) || strings.ContainsAny(f, "\"\r\n")
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
