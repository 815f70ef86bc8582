package trec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Row is one query and document of a table, its values as written.
type Row struct {
	QID, DocID string
	// Label and Score are the numbers' text ("" when the table has no
	// such column).
	Label, Score string
	Line         int
}

// Table is a qrels or run file that is not in TREC's format, as rows.
type Table struct {
	Name   string
	Format Format
	Rows   []Row
	// Which columns the file has; DocIDs made up from positions when
	// it has none.
	HasDocID, HasLabel, HasScore bool
	// Columns are the header's names, in order, for messages.
	Columns []string
}

func (t *Table) columnList() string {
	if len(t.Columns) == 0 {
		return "none"
	}
	return strings.Join(t.Columns, ", ")
}

// QIDs lists the table's query ids in order of first appearance.
func (t *Table) QIDs() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range t.Rows {
		if !seen[r.QID] {
			seen[r.QID] = true
			out = append(out, r.QID)
		}
	}
	return out
}

// Query returns the rows of qid in file order.
func (t *Table) Query(qid string) []Row {
	var out []Row
	for _, r := range t.Rows {
		if r.QID == qid {
			out = append(out, r)
		}
	}
	return out
}

// QrelsText writes the table as TREC qrels lines: the row of file line
// n on line n, the lines between them '#' comments.
func (t *Table) QrelsText() ([]byte, error) {
	if !t.HasLabel {
		return nil, &LineError{File: t.Name, Line: 1, Msg: fmt.Sprintf("no relevance column (columns: %s); qrels need one named %s", t.columnList(), aliasList(roleLabel))}
	}
	return t.text(func(b []byte, r *Row) []byte {
		return fmt.Appendf(b, "%s 0 %s %s", r.QID, r.DocID, r.Label)
	}), nil
}

// RunText writes the table as TREC run lines, as QrelsText does.
func (t *Table) RunText() ([]byte, error) {
	if !t.HasScore {
		return nil, &LineError{File: t.Name, Line: 1, Msg: fmt.Sprintf("no score column (columns: %s); a run needs one named %s", t.columnList(), aliasList(roleScore))}
	}
	return t.text(func(b []byte, r *Row) []byte {
		return fmt.Appendf(b, "%s Q0 %s 0 %s %s", r.QID, r.DocID, r.Score, t.Format)
	}), nil
}

func (t *Table) text(line func([]byte, *Row) []byte) []byte {
	var b []byte
	at := 1
	for i := range t.Rows {
		r := &t.Rows[i]
		for r.Line > at && t.Format != FormatJSON {
			b = append(b, "#\n"...)
			at++
		}
		b = line(b, r)
		b = append(b, '\n')
		at++
	}
	return b
}

// ParseScore reads a score as the run reader does: a finite number.
func ParseScore(s string) (float64, error) { return parseScore([]byte(s)) }

// checkValue checks a label or score as written, for the row's error.
func checkValue(role columnRole, s string) string {
	if s == "" {
		return "empty; give a number"
	}
	if role == roleLabel {
		if _, err := parseRel([]byte(s)); err != nil {
			return err.Error()
		}
		if strings.ContainsAny(s, "eEpP") {
			// trec_eval's atol reads 1e1 as 1, every number reader as
			// 10: in a table or JSON, where either reader may meet it
			// (report FILE --query, trec, --qrels), it has no one
			// reading and is refused. A TREC file keeps trec_eval's.
			f, _ := strconv.ParseFloat(s, 64)
			return fmt.Sprintf("rel %s has an exponent, which trec_eval reads as its leading digits alone and a number reader as %s: write it in digits, as %s", termsafe.Quote(s), strconv.FormatFloat(f, 'f', -1, 64), strconv.FormatFloat(f, 'f', -1, 64))
		}
		return ""
	}
	if _, err := parseScore([]byte(s)); err != nil {
		return err.Error()
	}
	return ""
}

// checkID refuses an id TREC lines cannot hold.
func checkID(s string) string {
	if s == "" {
		return "empty; give every row an id"
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c > ' ':
		case isSpace(c):
			return fmt.Sprintf("%q contains a space; ids are single words", s)
		case c == 0:
			return nulID(s)
		}
	}
	return ""
}

// nulID is what every reader says of an id holding a NUL character
// (JSON's \u0000), which no text file this program writes could hold:
// a CSV or TREC file holding one is not text, and is refused as such.
// Other control characters are kept, and shown escaped on a terminal.
func nulID(s string) string {
	return fmt.Sprintf("%s holds a NUL character (\\u0000), which no text file can carry; remove it", termsafe.Quote(s))
}

// NULID is nulID for the list readers: "" when s holds no NUL.
func NULID(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return ""
	}
	return nulID(s)
}

// itoa is strconv.Itoa, short.
func itoa(i int) string { return strconv.Itoa(i) }
