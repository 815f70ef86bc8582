package listio

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// LTRQuery is one query of a learning-to-rank data set as a document:
// its rows as the items, in file order, labels and predictions as the
// rules read them (XGBoost's integer labels and float32 predictions),
// and the rules' preset as the settings.
func LTRQuery(ds *ltr.DataSet, r ltr.Rules, qid string) (*Document, error) {
	for i := range ds.Queries {
		q := &ds.Queries[i]
		if q.QID != qid {
			continue
		}
		list, err := r.List(ds.Name, q)
		if err != nil {
			return nil, err
		}
		st := r.ListSettings()
		gain, disc, ties, idcg, zero := st.Gain.String(), st.Discount.String(), st.Ties.String(), st.IDCG.String(), st.Zero
		fs := FileSettings{Gain: &gain, Discount: &disc, Ties: &ties, IDCG: &idcg, Zero: &zero}
		// The rules' preset, when they follow one, brings what the
		// fields cannot say: XGBoost's and trec_eval's grades cut to
		// integers.
		if p, err := ndcg.FindPreset(r.Name); err == nil && p.Matches(st) {
			fs.Preset = &p.Name
		}
		notes := fmt.Sprintf("%s of query %s in %s, under %s's rules", plural(len(list.Items), "row", "rows"), qid, ds.Name, r.Name)
		if r.Refusal(ds.Name, q) != nil {
			// The value shown is the preset's; the library itself has none.
			notes += ". sklearn's ndcg_score raises ValueError on a query of one document: the value here is under its conventions, and ltr's mean over the queries ndcg_score scores leaves this one out"
		}
		doc := &Document{Name: fmt.Sprintf("%s query %s", ds.Name, qid), Title: "query " + qid, Query: qid,
			Settings: fs,
			Notes:    notes,
			Rules:    ndcg.Preset{Name: r.Name, Note: r.Note, Settings: st},
			List:     list, pos: &positions{style: tableStyle}}
		for i, it := range list.Items {
			line := 0
			if i < len(q.Lines) {
				line = q.Lines[i]
			}
			doc.pos.items = append(doc.pos.items, itemPos{item: it.ID, line: line, id: line, grade: line, score: line})
		}
		return doc, nil
	}
	qids := make([]string, len(ds.Queries))
	for i, q := range ds.Queries {
		qids[i] = q.QID
	}
	msg := fmt.Sprintf("no query %q; the %d queries are %s", qid, len(qids), someQIDs(qids))
	if qid == "0" && len(qids) > 0 && qids[0] == "1" {
		// Counting from 0, as Python does; a group file's queries, and
		// most qid: fields, count from 1.
		msg += "; they are counted from 1: the first is --query 1"
	}
	return nil, &Error{Name: ds.Name, Field: "--query", Msg: msg}
}
