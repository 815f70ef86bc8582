package listio

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// LoadTRECQuery reads one query of a qrels and run pair: the run's
// documents for the query as the items (score from the run, grade the
// qrels rel, 0 when unjudged or negative), the judged documents the run
// did not retrieve as the pool, and trec_eval's preset as the settings.
func LoadTRECQuery(qrels, run, query string) (*Document, error) {
	return LoadTRECQueryAs(qrels, "", run, "", query)
}

// LoadTRECQueryAs is LoadTRECQuery with the qrels and run in formats qf
// and rf ("": told from the content; see trec.ParseTable).
func LoadTRECQueryAs(qrels string, qf trec.Format, run string, rf trec.Format, query string) (*Document, error) {
	for _, p := range []struct{ flag, path string }{{"--qrels", qrels}, {"--run", run}} {
		if p.path == "-" {
			// "open -: no such file or directory" said nothing of why.
			return nil, &Error{Name: "-", Field: p.flag, Msg: "one query's files are named, not read from standard input: give a path (a pipe works as /dev/stdin)"}
		}
	}
	q, err := trec.ReadQrelsAs(qrels, qf)
	if err != nil {
		return nil, err
	}
	src, err := trec.RunSourceAs(run, rf)
	if err != nil {
		return nil, err
	}
	list, err := trec.QueryList(q, src, query)
	if err != nil {
		return nil, err
	}
	preset := trec.Preset
	notes := fmt.Sprintf("%d documents retrieved by %s", len(list.Items), run)
	if n := len(list.Pool); n > 0 {
		notes += fmt.Sprintf("; %d judged in %s but not retrieved (the pool)", n, qrels)
	}
	if q.Query(query) == nil {
		notes += fmt.Sprintf("; the query has no judgments in %s, so every grade is 0", qrels)
	}
	return &Document{
		Name:     fmt.Sprintf("%s query %s", run, query),
		Title:    "query " + query,
		Query:    query,
		Notes:    notes,
		Settings: FileSettings{Preset: &preset},
		List:     list,
	}, nil
}
