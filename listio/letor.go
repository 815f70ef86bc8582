package listio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/trec"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// LoadLTR reads a learning-to-rank data set with a model's predictions.
//
// The data is a libsvm/LETOR file ("LABEL qid:QID 1:0.5 2:0.1 … #
// docid = D", as LightGBM, XGBoost and the LETOR collections write
// them), or a multi-query table (CSV, TSV or JSON lines with a query id
// column and a label column; see trec.ParseTable). The queries of a
// libsvm file come from its qid: fields or, as LightGBM and XGBoost
// read them, from DATA.query or DATA.group beside it: one row count a
// line, the queries in file order.
//
// The predictions file holds one number a line, a line per row of the
// data in the same order (what LightGBM's and XGBoost's predict write).
// predPath may be empty for a table with a score column of its own.
// Either path may be "-", standard input (stdin), but not both.
func LoadLTR(dataPath, predPath string, stdin io.Reader) (*ltr.DataSet, error) {
	if dataPath == "-" && predPath == "-" {
		return nil, &Error{Name: "-", Msg: "standard input can hold the data or the predictions, not both: name one of them as a file"}
	}
	data, err := readSource(dataPath, stdin)
	if err != nil {
		return nil, err
	}
	var ds *ltr.DataSet
	var rows int
	if isTable(data) {
		ds, rows, err = tableDataSet(dataPath, data, predPath == "")
	} else {
		groups, groupPath, gerr := groupsBeside(dataPath)
		if gerr != nil {
			return nil, gerr
		}
		if groups == nil && predPath != "" && onePerLine(data) {
			msg := "one number a line, as in a predictions file, where the data's rows are \"LABEL qid:QID 1:0.5 …\""
			if pdata, err := readSource(predPath, stdin); err == nil && !onePerLine(pdata) {
				// The usual slip: the two files the other way round.
				msg += fmt.Sprintf(": the data comes first: ltr %[1]s %[2]s, or --ltr %[1]s --predictions %[2]s", predPath, dataPath)
			} else {
				msg += ": give the libsvm file first, then the predictions"
			}
			return nil, &Error{Name: dataPath, Msg: msg}
		}
		if h := tableHeader(data); h != "" {
			// A table that DetectFormat did not take for one: no query
			// id column. Said here, where readLETOR would call the header
			// a label that is not a number.
			return nil, &Error{Name: dataPath, Line: 1, Msg: fmt.Sprintf("%s is a table's header without a query id column: name one qid, query_id, query, topic or group (a row's query), or give a libsvm file (\"LABEL qid:QID 1:0.5 …\")", termsafe.Quote(h))}
		}
		ds, rows, err = readLETOR(dataPath, data, groups, groupPath)
	}
	if err != nil {
		return nil, err
	}
	if predPath == "" {
		if !isTable(data) {
			return nil, &Error{Name: dataPath, Msg: "no predictions: give the predictions file, one score a line, a line per row (ltr DATA PREDICTIONS, or --ltr DATA --predictions P)"}
		}
		return ds, nil
	}
	pdata, err := readSource(predPath, stdin)
	if err != nil {
		return nil, err
	}
	preds, err := ReadPredictions(predPath, pdata)
	if err != nil {
		return nil, err
	}
	if len(preds) != rows {
		if groupCounts(preds, rows) {
			// The data read, its queries are known (qid: fields or a
			// group file beside it): only the predictions are missing.
			return nil, &Error{Name: predPath, Msg: fmt.Sprintf("%d whole numbers that add up to the %s of %s: a group file, not predictions, and the data's queries are known already; give the predictions file after the data", len(preds), plural(rows, "row", "rows"), dataPath)}
		}
		return nil, &Error{Name: predPath, Msg: fmt.Sprintf("%d predictions, but %s has %s; give one prediction a line, a line per row, in the data's order", len(preds), dataPath, plural(rows, "row", "rows"))}
	}
	i := 0
	for qi := range ds.Queries {
		q := &ds.Queries[qi]
		q.Predictions = preds[i : i+len(q.Labels)]
		i += len(q.Labels)
	}
	return ds, nil
}

// letorError says that a libsvm file given as a list is learning-to-rank
// data, and how to read it: a list file's reader would call its first
// line a header without a grade column.
func letorError(name string) error {
	return &Error{Name: name, Msg: "this is libsvm/LETOR learning-to-rank data (LABEL qid:QID …), not a list: read it with the model's predictions, ndcg-explorer ltr DATA PREDICTIONS for every query, or --ltr DATA --predictions P --query QID for one"}
}

// isTable tells a multi-query table from a libsvm file.
func isTable(data []byte) bool {
	switch trec.DetectFormat(data) {
	case trec.FormatCSV, trec.FormatTSV, trec.FormatJSONL:
		return true
	}
	return false
}

// tableDataSet reads a multi-query table as a data set: its label
// column and, with scores, its score column.
func tableDataSet(name string, data []byte, scores bool) (*ltr.DataSet, int, error) {
	t, err := trec.ParseTable(name, data, trec.DetectFormat(data))
	if err != nil {
		return nil, 0, err
	}
	if !t.HasLabel {
		return nil, 0, &Error{Name: name, Line: 1, Msg: fmt.Sprintf("no label column (columns: %s); name one label, rel, relevance or grade", strings.Join(t.Columns, ", "))}
	}
	if scores && !t.HasScore {
		return nil, 0, &Error{Name: name, Line: 1, Msg: fmt.Sprintf("no score column (columns: %s): name one score or prediction, or give a predictions file after the data", strings.Join(t.Columns, ", "))}
	}
	ds := &ltr.DataSet{Name: name}
	index := map[string]int{}
	last := ""
	for _, r := range t.Rows {
		qi, seen := index[r.QID]
		if seen && r.QID != last {
			return nil, 0, &Error{Name: name, Line: r.Line, Field: "query " + r.QID,
				Msg: fmt.Sprintf("its rows are split (first on line %d); keep each query's rows together, as the ranking libraries need them", ds.Queries[qi].Lines[0])}
		}
		if !seen {
			qi = len(ds.Queries)
			index[r.QID] = qi
			ds.Queries = append(ds.Queries, ltr.Query{QID: r.QID})
		}
		last = r.QID
		q := &ds.Queries[qi]
		label, _ := strconv.ParseFloat(r.Label, 64) // checked by ParseTable
		q.Labels = append(q.Labels, label)
		if t.HasDocID {
			q.DocIDs = append(q.DocIDs, r.DocID)
		}
		q.Lines = append(q.Lines, r.Line)
		if scores {
			s, _ := trec.ParseScore(r.Score)
			q.Predictions = append(q.Predictions, s)
		}
	}
	return ds, len(t.Rows), nil
}

// tableHeader returns the first line of data if it is a CSV or TSV
// header (commas or tabs, and a first field that is not a label), else
// "".
func tableHeader(data []byte) string {
	first, _, _ := bytes.Cut(stripBOM(data), []byte("\n"))
	line := strings.TrimSpace(string(first))
	if !strings.ContainsAny(line, ",\t") {
		return ""
	}
	field := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == '\t' || r == ' ' })
	if len(field) == 0 {
		return line
	}
	label, _, _ := strings.Cut(field[0], ":")
	if _, err := strconv.ParseFloat(label, 64); err == nil {
		return ""
	}
	return line
}

// groupCounts reports whether preds are row counts, whole numbers ≥ 1
// adding up to rows, as a group file holds them.
func groupCounts(preds []float64, rows int) bool {
	total := 0.0
	for _, p := range preds {
		if p < 1 || p != math.Trunc(p) {
			return false
		}
		total += p
	}
	return total == float64(rows)
}

// onePerLine reports whether every line of data that is not blank holds
// one number and nothing else, as a predictions file does and a libsvm
// file (a label, then qid: and features) does not. It stops at the first
// line that is not: a data file's first line.
func onePerLine(data []byte) bool {
	n := 0
	for rest := stripBOM(data); len(rest) > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		f := bytes.Fields(line)
		if len(f) == 0 {
			continue
		}
		if _, err := strconv.ParseFloat(string(f[0]), 64); len(f) != 1 || err != nil {
			return false
		}
		n++
	}
	return n > 0
}

// groupsBeside reads DATA.query or DATA.group, if one is there (nil if
// neither is), and says which it read.
func groupsBeside(dataPath string) ([]int, string, error) {
	for _, ext := range []string{".query", ".group"} {
		p := dataPath + ext
		// Looked for, not named: only a regular file is read.
		data, err := ReadRegular(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var sf specialFile
		if errors.As(err, &sf) {
			return nil, p, &Error{Name: p, Msg: fmt.Sprintf("%s, not a file, where the group file of %s is looked for: it is not read (it could wait forever); remove it, or give the rows qid: fields", sf.what, dataPath)}
		}
		var le *Error
		if errors.As(err, &le) {
			return nil, p, err // not text, or over --max-size
		}
		if err != nil {
			return nil, p, &Error{Name: p, Msg: "cannot read the group file: " + err.Error()}
		}
		groups, err := ReadGroups(p, data)
		return groups, p, err
	}
	return nil, "", nil
}

// ReadGroups reads a LightGBM .query or XGBoost .group file: the number
// of rows of each query, one a line, in the data's order.
func ReadGroups(name string, data []byte) ([]int, error) {
	var out []int
	for i, line := range strings.Split(string(stripBOM(data)), "\n") {
		f := strings.TrimSpace(line)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, &Error{Name: name, Line: i + 1, Msg: fmt.Sprintf("%s is not a row count ≥ 1; a group file holds one count a line", termsafe.Quote(f))}
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, &Error{Name: name, Msg: "no row counts; a group file holds one count a line"}
	}
	return out, nil
}

// docidComment finds a LETOR document id in a row's comment:
// "#docid = GX000-00-0000000 inc = 1".
// Compiled on first use, like [trecLine].
var docidComment = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`docid\s*[=:]\s*(\S+)`)
})

// readLETOR reads a libsvm/LETOR file: "LABEL [qid:QID] [INDEX:VALUE …]
// [# comment]" a line. The features are checked for form and skipped:
// only labels, query ids and document ids (from a "docid = D" comment)
// matter here. With groups (a .query or .group file, named groupPath in
// its messages), those counts cut the rows into queries; otherwise
// consecutive rows with one qid are a query. It returns the data set,
// without predictions, and its row count.
func readLETOR(name string, data []byte, groups []int, groupPath string) (*ltr.DataSet, int, error) {
	groupFile := "the group file"
	if groupPath != "" {
		groupFile = groupPath
	}
	data = stripBOM(data)
	if err := checkUTF8(name, data); err != nil {
		return nil, 0, err
	}
	ds := &ltr.DataSet{Name: name}
	index := map[string]int{}
	rows, withQID := 0, 0
	lineNo := 0
	for len(data) > 0 {
		lineNo++
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		body, comment, _ := bytes.Cut(line, []byte("#"))
		fields := strings.Fields(string(body))
		if len(fields) == 0 {
			continue // blank, or a comment line
		}
		fail := func(field, msg string) error { return &Error{Name: name, Line: lineNo, Field: field, Msg: msg} }
		labelText, _, weighted := strings.Cut(fields[0], ":") // XGBoost's LABEL:WEIGHT
		if weighted && ds.WeightLine == 0 {
			ds.WeightLine = lineNo
		}
		label, err := strconv.ParseFloat(labelText, 64)
		if err != nil || math.IsNaN(label) || math.IsInf(label, 0) {
			return nil, 0, fail("label", fmt.Sprintf("%s is not a finite number; libsvm rows start with the label, as in \"2 qid:1 1:0.5\"", termsafe.Quote(fields[0])))
		}
		qid := ""
		for i, f := range fields[1:] {
			k, v, ok := strings.Cut(f, ":")
			if !ok {
				return nil, 0, fail(fmt.Sprintf("field %d", i+2), fmt.Sprintf("%s is not INDEX:VALUE or qid:QID", termsafe.Quote(f)))
			}
			if k == "qid" {
				if i != 0 {
					return nil, 0, fail("qid", "comes after the features; write it right after the label")
				}
				if v == "" {
					return nil, 0, fail("qid", "empty; give the query id, as in qid:1")
				}
				qid = v
				continue
			}
			if _, err := strconv.ParseUint(k, 10, 32); err != nil {
				return nil, 0, fail(fmt.Sprintf("field %d", i+2), fmt.Sprintf("feature index %s is not a whole number", termsafe.Quote(k)))
			}
			if x, err := strconv.ParseFloat(v, 64); err != nil || math.IsNaN(x) {
				return nil, 0, fail(fmt.Sprintf("feature %s", k), fmt.Sprintf("value %s is not a number", termsafe.Quote(v)))
			}
		}
		docid := ""
		if m := docidComment().FindSubmatch(comment); m != nil {
			docid = string(m[1])
		}
		if qid != "" {
			withQID++
		}
		rows++
		if withQID > 0 && withQID != rows && groups == nil {
			return nil, 0, fail("qid", "missing, but earlier rows have one; give every row qid:QID")
		}
		var q *ltr.Query
		switch {
		case groups != nil:
			// The group file decides; qids, if any, only name queries.
			if len(ds.Queries) == 0 || len(ds.Queries[len(ds.Queries)-1].Labels) == groups[len(ds.Queries)-1] {
				if len(ds.Queries) == len(groups) {
					return nil, 0, fail("", fmt.Sprintf("more rows than %s counts (%d queries, %d rows); the counts must add up to the rows", groupFile, len(groups), sum(groups)))
				}
				id := qid
				if id == "" {
					id = strconv.Itoa(len(ds.Queries) + 1)
				}
				ds.Queries = append(ds.Queries, ltr.Query{QID: id})
			}
			q = &ds.Queries[len(ds.Queries)-1]
		case qid == "":
			return nil, 0, fail("qid", groupHint(name))
		default:
			qi, seen := index[qid]
			if seen && qi != len(ds.Queries)-1 {
				return nil, 0, fail("qid", fmt.Sprintf("query %s's rows are split (first on line %d); keep each query's rows together: the libraries would read them as two queries", qid, ds.Queries[qi].Lines[0]))
			}
			if !seen {
				index[qid] = len(ds.Queries)
				ds.Queries = append(ds.Queries, ltr.Query{QID: qid})
			}
			q = &ds.Queries[len(ds.Queries)-1]
		}
		q.Labels = append(q.Labels, label)
		q.Lines = append(q.Lines, lineNo)
		if docid != "" || q.DocIDs != nil {
			for len(q.DocIDs) < len(q.Labels)-1 {
				q.DocIDs = append(q.DocIDs, "")
			}
			q.DocIDs = append(q.DocIDs, docid)
		}
	}
	if rows == 0 {
		return nil, 0, &Error{Name: name, Msg: "no rows; a libsvm file holds rows like \"2 qid:1 1:0.5 2:0.1\""}
	}
	if groups != nil && sum(groups) != rows {
		return nil, 0, &Error{Name: name, Msg: fmt.Sprintf("%d rows, but %s counts %d in %d queries; the counts must add up to the rows", rows, groupFile, sum(groups), len(groups))}
	}
	return ds, rows, nil
}

// groupHint says how to give a libsvm file without qid: its queries.
func groupHint(name string) string {
	if name == "-" {
		return "missing: give every row qid:QID after its label (standard input has no group file beside it: for one, name the data file, and put the rows of each query, one count a line, in DATA.group beside it)"
	}
	return "missing: give every row qid:QID after its label, or put the rows of each query, one count a line, in " + name + ".group (or " + name + ".query) beside the data, as XGBoost and LightGBM read them"
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// ReadPredictions reads a predictions file: one number a line (the
// first field of the line, so a tab-separated second column is
// ignored); blank lines are skipped.
func ReadPredictions(name string, data []byte) ([]float64, error) {
	data = stripBOM(data)
	var out []float64
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(f[0], ","), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, &Error{Name: name, Line: i + 1, Field: "prediction", Msg: predictionProblem(f[0], len(out) == 0, lines[i+1:])}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, &Error{Name: name, Msg: "no predictions; give one score a line, a line per row of the data"}
	}
	return out, nil
}

// predictionProblem says why text, the first field of a line of a
// predictions file, is not a score: most often a header or a CSV
// written with pandas' index, which the message says how to leave out.
func predictionProblem(text string, first bool, rest []string) string {
	const one = "a predictions file holds one score a line, with no header and no other column"
	next := ""
	for _, l := range rest {
		if next = strings.TrimSpace(l); next != "" {
			break
		}
	}
	if strings.Contains(text, ",") || strings.Contains(next, ",") {
		if first && !allNumbers(strings.Split(text, ",")) {
			return fmt.Sprintf("%s is a CSV header; %s: write it with np.savetxt(path, preds) or pandas' to_csv(path, index=False, header=False)", termsafe.Quote(text), one)
		}
		return fmt.Sprintf("%s holds %d comma-separated values; %s: write it with np.savetxt(path, preds) or pandas' to_csv(path, index=False, header=False)", termsafe.Quote(text), strings.Count(text, ",")+1, one)
	}
	// nan or inf parse as numbers: they are not a header but a score
	// that is not finite.
	_, textErr := strconv.ParseFloat(text, 64)
	if first && next != "" && textErr != nil {
		if _, err := strconv.ParseFloat(strings.Fields(next)[0], 64); err == nil {
			return fmt.Sprintf("%s is a header; %s: remove the first line", termsafe.Quote(text), one)
		}
	}
	return fmt.Sprintf("%s is not a finite number; a predictions file holds one score a line", termsafe.Quote(text))
}

// allNumbers reports whether every field parses as a number.
func allNumbers(fields []string) bool {
	for _, f := range fields {
		if _, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err != nil {
			return false
		}
	}
	return true
}

// plural is "1 row" or "2 rows".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
