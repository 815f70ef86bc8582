package listio

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// tableColumns are the columns a CSV or TSV header may name. A column
// not among them is an error rather than ignored: a misspelt "score"
// column would otherwise turn a scored list into an unscored one without
// a word.
var tableColumns = []string{"id", "title", "grade", "score"}

// ReadCSV parses a comma-separated list with a header line naming at
// least the grade column; see readTable.
func ReadCSV(name string, data []byte) (*Document, error) { return checkTable(name, data, FormatCSV) }

// ReadTSV parses a tab-separated list with a header line; see readTable.
func ReadTSV(name string, data []byte) (*Document, error) { return checkTable(name, data, FormatTSV) }

// checkTable reads a table and checks its items as a whole (checkShape).
func checkTable(name string, data []byte, f Format) (*Document, error) {
	doc, err := readTable(name, data, tableSep(f), false)
	if err != nil {
		return nil, err
	}
	doc.pos.find = func() *positions { return recordPositions(name, data, f) }
	if err := doc.checkShape(); err != nil {
		return nil, err
	}
	return doc, nil
}

// tableSep is the separator of a table format.
func tableSep(f Format) rune {
	if f == FormatTSV {
		return '\t'
	}
	return ','
}

// readTable reads a table of items, one per row, in ranking order (or any
// order when there are scores). The header names the columns, in any
// order and any letter case: grade (required), id, title and score.
// Fields may be quoted as in RFC 4180 (quotes doubled inside); TSV also
// takes a stray quote inside a field as an ordinary character. A byte
// order mark, blank lines and spaces around a bare field are ignored
// (inside quotes they are kept, as Python's csv keeps them). An empty
// score cell means no score; an empty id is made up (A, B, …). Numbers
// are decimal; NaN and Inf are read and refused as not finite. record
// keeps the line of each row (see positions).
func readTable(name string, data []byte, sep rune, record bool) (*Document, error) {
	kind := "CSV"
	if sep == '\t' {
		kind = "TSV"
	}
	data = stripBOM(data)
	fail := func(line int, field, msg string) error {
		return &Error{Name: name, Line: line, Field: field, Msg: msg}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(0, "", fmt.Sprintf("the file is empty; a %s list needs a header line naming its columns (at least grade) and one row per item", kind))
	}
	if err := checkUTF8(name, data); err != nil {
		return nil, err
	}
	if DetectFormat("", data) == FormatJSON {
		return nil, fail(1, "", fmt.Sprintf("this is JSON, not %s: use --input-format json, or leave the format to be detected", kind))
	}
	// A spreadsheet may write its separator on a first line of its own
	// (sep=,), which is read as a blank line when it names this
	// format's separator, so that line numbers stay the file's.
	var src io.Reader = bytes.NewReader(data)
	if first, rest, _ := bytes.Cut(data, []byte("\n")); len(first) >= 4 && strings.EqualFold(string(first[:4]), "sep=") {
		named := strings.TrimRight(string(first[4:]), "\r")
		if named != string(sep) {
			msg := fmt.Sprintf("the first line %s names the separator of the columns; a %s list separates them by %ss", termsafe.Quote(string(first)), kind, sepName(sep))
			switch named {
			case "\t":
				msg += ": use --input-format tsv"
			case ",":
				msg += ": use --input-format csv"
			default:
				msg += ": export again with commas between columns (or as tab-separated text)"
			}
			return nil, fail(1, "", msg)
		}
		src = io.MultiReader(strings.NewReader("\n"), bytes.NewReader(rest))
	}
	r := csv.NewReader(src)
	r.Comma = sep
	r.FieldsPerRecord = -1
	r.LazyQuotes = sep == '\t'
	// The record's slice is reused: its strings are not, and the items
	// keep them.
	r.ReuseRecord = true

	next := func() ([]string, int, error) {
		for {
			rec, err := r.Read()
			if err != nil {
				return nil, 0, err
			}
			line, _ := r.FieldPos(0)
			blank := true
			for i := range rec {
				blank = blank && strings.TrimSpace(rec[i]) == ""
			}
			if !blank {
				return rec, line, nil
			}
		}
	}
	malformed := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			msg := "malformed " + kind + ": " + pe.Err.Error()
			line := pe.Line
			if errors.Is(pe.Err, csv.ErrQuote) && pe.Line > pe.StartLine {
				// The reader notices a quote left open only where the
				// text ends; the user needs the line that opened it.
				msg = fmt.Sprintf("malformed %s: the quote opened on this line is never closed (the file ends on line %d inside it)", kind, pe.Line)
				line = pe.StartLine
			}
			if errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote) {
				msg += `; a field with quotes in it must be quoted and its quotes doubled, as in "the ""best"" one"`
			}
			return fail(line, "", msg)
		}
		return fail(0, "", "cannot read: "+err.Error())
	}

	// Spaces around a field are dropped, but not inside quotes: Python's
	// csv keeps them, and so does a list this program wrote, which
	// quotes an id or title with spaces at either end (" A" is not "A").
	// Where a field starts is found by walking forward through the
	// lines, which the rows only ever move down.
	walkLine, walkOff := 1, 0
	quoted := func(j int) bool {
		line, col := r.FieldPos(j)
		if line < walkLine {
			// A field before a quoted one that spans lines, asked for
			// after it: walk again from the top (rare).
			walkLine, walkOff = 1, 0
		}
		for walkLine < line {
			i := bytes.IndexByte(data[walkOff:], '\n')
			if i < 0 {
				return false
			}
			walkOff += i + 1
			walkLine++
		}
		off := walkOff + col - 1
		return off >= 0 && off < len(data) && data[off] == '"'
	}
	trim := func(rec []string, j int, keepQuoted bool) string {
		t := strings.TrimSpace(rec[j])
		if t != rec[j] && keepQuoted && quoted(j) {
			return rec[j]
		}
		return t
	}

	header, headerLine, err := next()
	if err == io.EOF {
		return nil, fail(0, "", fmt.Sprintf("the file is empty; a %s list needs a header line naming its columns", kind))
	}
	if err != nil {
		return nil, malformed(err)
	}
	for j := range header {
		header[j] = trim(header, j, false)
	}
	// The record's slice is reused by the next Read.
	header = slices.Clone(header)
	known := 0
	for _, h := range header {
		if listColumn(h) != "" {
			known++
		}
	}
	if known == 0 {
		msg := fmt.Sprintf("the first line must be a header naming the columns, with at least grade, as in id%cgrade%cscore", sep, sep)
		switch {
		case looksLikeTREC(header):
			msg = "this looks like TREC qrels or a run: read one query with --qrels FILE --run FILE --query QID"
		case sep == ',' && strings.Contains(strings.Join(header, ""), "\t"):
			msg += "; the columns are separated by tabs: use --input-format tsv"
		case sep == '\t' && strings.Contains(strings.Join(header, ""), ","):
			msg += "; the columns are separated by commas: use --input-format csv"
		case strings.Contains(strings.Join(header, ""), ";"):
			msg += "; the columns are separated by semicolons, as a spreadsheet set to a language with decimal commas exports them: export again with commas between columns and points in numbers (or as tab-separated text)"
		}
		return nil, fail(headerLine, "header", msg)
	}
	col := map[string]int{}
	for i, h := range header {
		c := listColumn(h)
		switch {
		case strings.TrimSpace(h) == "":
			return nil, fail(headerLine, fmt.Sprintf("column %d", i+1), "has no name in the header; name it ("+strings.Join(tableColumns, ", ")+") or remove it")
		case c == "":
			msg := fmt.Sprintf("unknown column %s: the columns are %s (or the names tables of many queries give them: docid, relevance, label, prediction, …)", termsafe.Quote(h), strings.Join(tableColumns, ", "))
			if s := closest(strings.ToLower(h), append(slices.Clone(tableColumns), trec.ListColumnNames()...)); s != "" {
				msg += fmt.Sprintf("; did you mean %s?", termsafe.Quote(s))
			} else {
				msg += "; remove it or rename it"
			}
			return nil, fail(headerLine, fmt.Sprintf("column %d", i+1), msg)
		}
		if j, dup := col[c]; dup {
			return nil, fail(headerLine, fmt.Sprintf("column %d", i+1), fmt.Sprintf("%s is also column %d (%s: both are the %s); name each column once", termsafe.Quote(h), j+1, termsafe.Quote(header[j]), c))
		}
		col[c] = i
	}
	if _, ok := col["grade"]; !ok {
		return nil, fail(headerLine, "header", "no grade column; name the column of relevance grades grade (or relevance, label, rel)")
	}

	doc := &Document{Name: name, List: &ndcg.List{}, pos: &positions{style: tableStyle}}
	for {
		rec, line, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, malformed(err)
		}
		switch len(doc.List.Items) {
		case MaxItems:
			return nil, tooManyItems(name, line)
		case 1024:
			// Past the first rows, one allocation for the rest, from
			// the lines left (a bound: blank lines and quoted line ends
			// count too), where growing the slice row by row would hold
			// the old and the new array at once. Pages of the bound
			// never written are never touched.
			off := min(int(r.InputOffset()), len(data))
			doc.List.Items = slices.Grow(doc.List.Items, min(bytes.Count(data[off:], []byte("\n"))+1, MaxItems-len(doc.List.Items)))
		}
		if len(rec) != len(header) {
			return nil, fail(line, "", fmt.Sprintf("this row has %d fields but the header names %d columns; quote a field that holds a %s", len(rec), len(header), sepName(sep)))
		}
		cell := func(c string) (string, bool) {
			j, ok := col[c]
			if !ok {
				return "", false
			}
			return trim(rec, j, c == "id" || c == "title"), true
		}
		var it ndcg.Item // an empty id is made up by checkShape
		it.ID, _ = cell("id")
		it.Title, _ = cell("title")
		it.ID, it.Title = unsafeCell(it.ID), unsafeCell(it.Title)
		g, _ := cell("grade")
		if g == "" {
			return nil, fail(line, "column grade", "empty; every row needs a grade (a number ≥ 0)")
		}
		if it.Grade, err = number(g, "grade"); err != nil {
			return nil, fail(line, "column grade", err.Error())
		}
		if s, ok := cell("score"); ok && s != "" {
			if it.Score, err = number(s, "score"); err != nil {
				return nil, fail(line, "column score", err.Error())
			}
			it.HasScore = true
		}
		doc.List.Items = append(doc.List.Items, it)
		if record {
			doc.pos.items = append(doc.pos.items, itemPos{item: it.ID, line: line, id: line, grade: line, score: line})
		}
	}
	return doc, nil
}

// listColumn is the column a header cell names: id, title, grade or
// score, by those names or the ones tables of many queries give them
// (docid, relevance, label, prediction, …; see trec.ListColumn), in any
// letter case; "" for another name.
func listColumn(h string) string {
	if c := strings.ToLower(strings.TrimSpace(h)); slices.Contains(tableColumns, c) {
		return c
	}
	return trec.ListColumn(h)
}

// number reads a cell; an overflowing literal is refused as not finite.
func number(s, what string) (float64, error) {
	v, err := parseNumber(s)
	if err != nil {
		return 0, errors.New(notANumber(what, s))
	}
	if math.IsInf(v, 0) && !strings.Contains(strings.ToLower(s), "inf") {
		return 0, errors.New(overflowMsg(what, s))
	}
	return v, nil
}

func sepName(sep rune) string {
	if sep == '\t' {
		return "tab"
	}
	return "comma"
}

// trecLine matches the start of a qrels line (qid 0 docno rel) or a run
// line (qid Q0 docno rank score tag).
// Compiled on first use: start-up, which every command pays, does not.
var trecLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\S+\s+(0|Q0|q0)\s+\S+\s+\S+`)
})

func looksLikeTREC(header []string) bool {
	return len(header) == 1 && trecLine().MatchString(header[0])
}
