package trec

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Stops lists, one line each, what this evaluation gave a value to
// where trec_eval stops or crashes (checked against trec_eval 10.0):
// the value stays, so that a script reading the table goes on, and the
// line keeps the difference in sight.
//   - A query whose every judgment is negative (judged as unjudged) has
//     no relevant document and scores 0; trec_eval asks for room for
//     max_rel+1 relevance levels, none, and exits 4 ("Can't calculate
//     measure") when it is the first query, or reads past its buffer.
//   - Under -c with no query of the qrels in the run (an empty run, say)
//     every query scores 0; trec_eval refuses an empty run ("Cannot read
//     results file", exit 2).
func Stops(q *Qrels, res *Result, complete bool) []string {
	var out []string
	var negative []string
	for _, r := range res.Queries {
		if r.Relevant > 0 {
			continue
		}
		j := q.Query(r.QID)
		if j == nil || j.Len() == 0 {
			continue
		}
		all := true
		for i := range j.Len() {
			all = all && j.Doc(i).Rel < 0
		}
		if all {
			negative = append(negative, termsafe.String(r.QID))
		}
	}
	if n := len(negative); n > 0 {
		more := ""
		if n > 10 {
			negative, more = negative[:10], fmt.Sprintf(" and %d more", n-10)
		}
		out = append(out, fmt.Sprintf("%d %s of %s %s only negative judgments (unjudged): scored 0 and counted in the mean, where trec_eval stops with \"Can't calculate measure\" (exit 4) or fails: %s%s",
			n, plural(n, "query", "queries"), q.Name, plural(n, "has", "have"), strings.Join(negative, " "), more))
	}
	if complete && len(res.Queries) > 0 {
		inRun := false
		for _, r := range res.Queries {
			inRun = inRun || r.InRun
		}
		if !inRun {
			out = append(out, "no query of the qrels has lines in the run: with -c every query scores 0, where trec_eval refuses an empty run (\"Cannot read results file\", exit 2)")
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
