package trec

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"
)

// columnRole is what a table's column holds.
type columnRole int

const (
	roleNone columnRole = iota
	roleQID
	roleDocID
	roleLabel
	roleScore
	roleIndex // pandas' unnamed index column: ignored
)

// columnAliases are the names the popular tools give each column
// (pandas, ir_measures, ir_datasets, BEIR, LightGBM and XGBoost
// tutorials), after normalizeColumn.
var columnAliases = map[columnRole][]string{
	roleQID:   {"qid", "query_id", "queryid", "query", "topic", "topic_id", "q_id", "group", "group_id"},
	roleDocID: {"docid", "doc_id", "docno", "document_id", "doc", "pid", "passage_id", "corpus_id", "did", "item", "item_id"},
	roleLabel: {"label", "rel", "relevance", "grade", "judgment", "judgement", "qrel", "target", "y_true", "y", "relevance_label"},
	roleScore: {"score", "prediction", "predictions", "pred", "y_pred", "y_score", "similarity", "sim"},
}

// normalizeColumn folds case and separators: "Query-ID" is query_id.
func normalizeColumn(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer("-", "_", " ", "_", ".", "_").Replace(s)
}

func roleOf(name string) columnRole {
	n := normalizeColumn(name)
	if n == "" || strings.HasPrefix(n, "unnamed:_") {
		return roleIndex
	}
	for role, names := range columnAliases {
		if slices.Contains(names, n) {
			return role
		}
	}
	return roleNone
}

// ListColumn is the column of a single list (id, grade or score) that
// a table's column name stands for under the names tables of many
// queries take (docid, relevance, label, prediction, …); "" for any
// other name, a query id's among them.
func ListColumn(name string) string {
	switch roleOf(name) {
	case roleDocID:
		return "id"
	case roleLabel:
		return "grade"
	case roleScore:
		return "score"
	}
	return ""
}

// ListColumnNames are the names ListColumn takes, every alias of id,
// grade and score.
func ListColumnNames() []string {
	var names []string
	for _, r := range []columnRole{roleDocID, roleLabel, roleScore} {
		names = append(names, columnAliases[r]...)
	}
	return names
}

func aliasList(role columnRole) string { return strings.Join(columnAliases[role], ", ") }

var roleNames = map[columnRole]string{roleQID: "query id", roleDocID: "document id", roleLabel: "relevance", roleScore: "score"}

// ParseTable reads a qrels or run file that is not in TREC's format:
// a CSV or TSV table with a header, JSON lines, dict JSON, BEIR qrels or
// an MS MARCO run.
//
// Tables name their columns in the header, in any order and letter case
// (query_id and Query-ID are the same): a query id column (qid,
// query_id, query, topic, …), a document id column (docid, doc_id,
// docno, pid, corpus_id, …; without one, a document is named by its
// position in its query: 1, 2, …), a relevance column (label, rel,
// relevance, grade, …) and a score column (score, prediction, pred,
// …). A first column without a name (pandas' to_csv index) and columns
// of other names are ignored. JSON lines use the same names as keys.
func ParseTable(name string, data []byte, f Format) (*Table, error) {
	data = textin.StripBOM(data)
	if !utf8.Valid(data) {
		return nil, &LineError{File: name, Line: lineOf(data, invalidUTF8(data)), Msg: "the text is not UTF-8; save the file as UTF-8"}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: the file is empty", name)
	}
	var (
		t   *Table
		err error
	)
	switch f {
	case FormatCSV:
		t, err = readDelimited(name, data, ',', f)
	case FormatTSV, FormatBEIR:
		t, err = readDelimited(name, data, '\t', f)
	case FormatJSONL:
		t, err = readJSONLines(name, data)
	case FormatJSON:
		t, err = readDict(name, data)
	case FormatMSMARCO:
		t, err = readMSMARCO(name, data)
	default:
		return nil, fmt.Errorf("%s: format %q is not a table", name, f)
	}
	if err != nil {
		return nil, err
	}
	if len(t.Rows) == 0 {
		return nil, fmt.Errorf("%s: no rows after the header", name)
	}
	return t, nil
}

func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}

func lineOf(data []byte, off int) int { return bytes.Count(data[:off], []byte{'\n'}) + 1 }

// tableBuilder collects rows, checking each and numbering documents of
// a table without document ids.
type tableBuilder struct {
	t   *Table
	pos map[string]int
}

func newBuilder(name string, f Format) *tableBuilder {
	return &tableBuilder{t: &Table{Name: name, Format: f}, pos: map[string]int{}}
}

// add checks and keeps a row; field names the column of the error.
func (b *tableBuilder) add(r Row, field func(columnRole) string) error {
	fail := func(role columnRole, msg string) error {
		return &LineError{File: b.t.Name, Line: r.Line, Msg: field(role) + ": " + msg}
	}
	if msg := checkID(r.QID); msg != "" {
		return fail(roleQID, msg)
	}
	if r.QID[0] == '#' {
		return fail(roleQID, fmt.Sprintf("%q starts with #, which TREC files read as a comment", r.QID))
	}
	b.pos[r.QID]++
	if !b.t.HasDocID {
		r.DocID = itoa(b.pos[r.QID])
	}
	if msg := checkID(r.DocID); msg != "" {
		return fail(roleDocID, msg)
	}
	if b.t.HasLabel {
		if msg := checkValue(roleLabel, r.Label); msg != "" {
			return fail(roleLabel, msg)
		}
	}
	if b.t.HasScore {
		if msg := checkValue(roleScore, r.Score); msg != "" {
			return fail(roleScore, msg)
		}
	}
	b.t.Rows = append(b.t.Rows, r)
	return nil
}

// readDelimited reads a CSV or TSV table with a header line (BEIR qrels
// are a TSV whose "score" is the relevance).
func readDelimited(name string, data []byte, sep rune, f Format) (*Table, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sep
	r.FieldsPerRecord = -1
	r.LazyQuotes = sep == '\t'
	kind := strings.ToUpper(string(f))
	malformed := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return &LineError{File: name, Line: pe.Line, Msg: fmt.Sprintf("not valid %s: %v", kind, pe.Err)}
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	header, err := r.Read()
	if err != nil {
		return nil, malformed(err)
	}
	headLine, _ := r.FieldPos(0)
	b := newBuilder(name, f)
	b.t.Columns = header
	cols := map[columnRole]int{}
	for i, h := range header {
		role := roleOf(h)
		if f == FormatBEIR && normalizeColumn(h) == "score" {
			role = roleLabel // BEIR's score is the judgment
		}
		if role == roleIndex && i > 0 {
			role = roleNone
		}
		if role == roleNone || role == roleIndex {
			continue
		}
		if j, dup := cols[role]; dup {
			return nil, &LineError{File: name, Line: headLine, Msg: fmt.Sprintf("columns %q and %q both hold the %s; keep one", header[j], h, roleNames[role])}
		}
		cols[role] = i
	}
	if _, ok := cols[roleQID]; !ok {
		return nil, &LineError{File: name, Line: headLine, Msg: fmt.Sprintf("no query id column in the header (%s); name one %s", strings.Join(header, ", "), aliasList(roleQID))}
	}
	_, b.t.HasDocID = cols[roleDocID]
	_, b.t.HasLabel = cols[roleLabel]
	_, b.t.HasScore = cols[roleScore]
	field := func(role columnRole) string { return "column " + strings.TrimSpace(header[cols[role]]) }
	for {
		rec, err := r.Read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, malformed(err)
		}
		line, _ := r.FieldPos(0)
		blank := true
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
			blank = blank && rec[i] == ""
		}
		if blank {
			continue
		}
		get := func(role columnRole) string {
			i, ok := cols[role]
			if !ok || i >= len(rec) {
				return ""
			}
			return rec[i]
		}
		for role, i := range cols {
			if i >= len(rec) {
				return nil, &LineError{File: name, Line: line, Msg: fmt.Sprintf("%d fields, but the header puts the %s in column %d; give every row all the header's columns", len(rec), roleNames[role], i+1)}
			}
		}
		row := Row{QID: get(roleQID), DocID: get(roleDocID), Label: get(roleLabel), Score: get(roleScore), Line: line}
		if err := b.add(row, field); err != nil {
			return nil, err
		}
	}
	return b.t, nil
}

// readJSONLines reads one JSON object a line, keyed as a table's
// columns are named.
func readJSONLines(name string, data []byte) (*Table, error) {
	b := newBuilder(name, FormatJSONL)
	keys := map[columnRole]string{}
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		var obj map[string]any
		d := json.NewDecoder(bytes.NewReader(l))
		d.UseNumber()
		if err := d.Decode(&obj); err != nil || d.More() {
			msg := "not a JSON object"
			if err != nil {
				msg += ": " + err.Error()
			}
			return nil, &LineError{File: name, Line: line, Msg: msg + "; JSON lines hold one object a line, as {\"qid\": \"1\", \"docid\": \"d1\", \"label\": 2}"}
		}
		if k := twiceKey(l, len(obj)); k != "" {
			return nil, &LineError{File: name, Line: line, Msg: fmt.Sprintf("key %s given twice in one object; keep one", strconv.Quote(k))}
		}
		if len(b.t.Rows) == 0 {
			ks := make([]string, 0, len(obj))
			for k := range obj {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			for _, k := range ks {
				role := roleOf(k)
				if role == roleNone || role == roleIndex {
					continue
				}
				if other, dup := keys[role]; dup {
					return nil, &LineError{File: name, Line: line, Msg: fmt.Sprintf("keys %q and %q both hold the %s; keep one", other, k, roleNames[role])}
				}
				keys[role] = k
			}
			if _, ok := keys[roleQID]; !ok {
				return nil, &LineError{File: name, Line: line, Msg: fmt.Sprintf("no query id key; name one %s", aliasList(roleQID))}
			}
			_, b.t.HasDocID = keys[roleDocID]
			_, b.t.HasLabel = keys[roleLabel]
			_, b.t.HasScore = keys[roleScore]
			b.t.Columns = ks
		}
		var bad error
		get := func(role columnRole) string {
			k, ok := keys[role]
			if !ok {
				return ""
			}
			switch v := obj[k].(type) {
			case string:
				return strings.TrimSpace(v)
			case json.Number:
				return v.String()
			case nil:
				if bad == nil {
					bad = &LineError{File: name, Line: line, Msg: fmt.Sprintf("key %q: missing; every line needs the keys of the first", k)}
				}
			default:
				if bad == nil {
					bad = &LineError{File: name, Line: line, Msg: fmt.Sprintf("key %q: %v is not a string or a number", k, v)}
				}
			}
			return ""
		}
		row := Row{QID: get(roleQID), DocID: get(roleDocID), Label: get(roleLabel), Score: get(roleScore), Line: line}
		if bad != nil {
			return nil, bad
		}
		if err := b.add(row, func(role columnRole) string { return "key " + strconv.Quote(keys[role]) }); err != nil {
			return nil, err
		}
	}
	return b.t, nil
}

// readMSMARCO reads an MS MARCO run, "qid pid rank" a line; the score
// is −rank.
func readMSMARCO(name string, data []byte) (*Table, error) {
	b := newBuilder(name, FormatMSMARCO)
	b.t.HasDocID, b.t.HasScore = true, true
	b.t.Columns = []string{"qid", "pid", "rank"}
	var fields [4][]byte
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		if blank, comment := blankOrComment(l); blank || comment {
			continue
		}
		n, more := splitFields(l, fields[:3])
		if n < 3 || more {
			if more {
				n = len(bytes.Fields(l))
			}
			return nil, &LineError{File: name, Line: line, Msg: countFields(n) + "; MS MARCO run lines are \"qid pid rank\" (3 fields)"}
		}
		rank, err := strconv.Atoi(string(fields[2]))
		if err != nil {
			return nil, &LineError{File: name, Line: line, Msg: fmt.Sprintf("rank %q is not a whole number; MS MARCO run lines are \"qid pid rank\"", fields[2])}
		}
		row := Row{QID: string(fields[0]), DocID: string(fields[1]), Score: strconv.Itoa(-rank), Line: line}
		if err := b.add(row, func(role columnRole) string { return map[columnRole]string{roleQID: "qid", roleDocID: "pid"}[role] }); err != nil {
			return nil, err
		}
	}
	return b.t, nil
}
