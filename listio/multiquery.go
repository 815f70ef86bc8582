package listio

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// IsMultiQuery reports whether data is a table of many queries: a CSV,
// TSV or JSON lines file with a query id column (qid, query_id, …).
func IsMultiQuery(data []byte) bool {
	switch trec.DetectFormat(data) {
	case trec.FormatCSV, trec.FormatTSV, trec.FormatJSONL:
		return true
	}
	return false
}

// multiQueryError is what reading a multi-query table as one list says.
func multiQueryError(name string, data []byte) error {
	t, err := trec.ParseTable(name, data, trec.DetectFormat(data))
	if err != nil {
		return err
	}
	qids := t.QIDs()
	return &Error{Name: name, Msg: fmt.Sprintf("holds %d queries (%s): give --query QID to take one", len(qids), someQIDs(qids))}
}

// someQIDs names the first five query ids, and "…" when there are more:
// a table may hold thousands.
func someQIDs(qids []string) string {
	shown := qids
	if len(shown) > 5 {
		shown = append(shown[:5:5], "…")
	}
	return strings.Join(shown, ", ")
}

// LoadQuery reads one query of a multi-query table (see
// trec.ParseTable): its rows in file order as the items, the label
// column as the grade, the score column, if any, as the score. Like
// LoadReadOnly it leaves stale temporary files alone: the document is
// named "PATH query QID", and the explorer saves it under another name.
func LoadQuery(name string, in io.Reader, qid string) (*Document, error) {
	data, err := readSource(name, in)
	if err != nil {
		return nil, err
	}
	if trec.DetectFormat(data) == trec.FormatLETOR {
		return nil, letorError(name)
	}
	if !IsMultiQuery(data) {
		return nil, &Error{Name: name, Field: "--query", Msg: "this file holds one list, not a table of queries with a query id column (qid, query_id, …); leave out --query"}
	}
	t, err := trec.ParseTable(name, data, trec.DetectFormat(data))
	if err != nil {
		return nil, err
	}
	if !t.HasLabel {
		return nil, &Error{Name: name, Line: 1, Msg: fmt.Sprintf("no label column (columns: %s); name one label, rel, relevance or grade", strings.Join(t.Columns, ", "))}
	}
	rows := t.Query(qid)
	if len(rows) == 0 {
		return nil, &Error{Name: name, Field: "--query", Msg: fmt.Sprintf("no query %q; the %d queries are %s", qid, len(t.QIDs()), someQIDs(t.QIDs()))}
	}
	list := &ndcg.List{Items: make([]ndcg.Item, len(rows))}
	doc := &Document{Name: fmt.Sprintf("%s query %s", name, qid), Title: "query " + qid, Query: qid,
		Notes: fmt.Sprintf("%s of query %s in %s", plural(len(rows), "row", "rows"), qid, name), List: list,
		pos: &positions{style: tableStyle}}
	for i, r := range rows {
		grade, _ := strconv.ParseFloat(r.Label, 64) // checked by ParseTable
		it := ndcg.Item{ID: r.DocID, Grade: grade}
		if t.HasScore {
			it.Score, _ = trec.ParseScore(r.Score)
			it.HasScore = true
		}
		list.Items[i] = it
		doc.pos.items = append(doc.pos.items, itemPos{item: it.ID, line: r.Line, id: r.Line, grade: r.Line, score: r.Line})
	}
	return doc, nil
}
