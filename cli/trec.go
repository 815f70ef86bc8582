package cli

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// measureFlags collects repeated -m values.
type measureFlags []string

func (m *measureFlags) String() string     { return strings.Join(*m, " ") }
func (m *measureFlags) Set(v string) error { *m = append(*m, v); return nil }

func runTrec(env *Env, args []string) int {
	fs := newFlagSet(env, "trec", "trec [-q] [-c] [-m MEASURE]... [--ties] QRELS RUN",
		`Evaluate a whole TREC run as trec_eval 10.0 does, printing its layout
(measure<TAB>qid<TAB>value), so that the output diffs clean against
  trec_eval [-q] [-c] -m ndcg -m ndcg_cut.K,... QRELS RUN
QRELS has lines "qid iter docno rel", RUN lines "qid Q0 docno rank score tag";
RUN may be - for standard input. trec_eval's rules: the rank column is
ignored; equal scores are ordered by docno, descending; rel is read as an
integer (2.7 is 2); a negative rel is unjudged; the ideal ranking holds
every judged document with rel > 0; a query without a relevant document
scores 0; queries only in RUN are ignored; queries only in QRELS are
skipped with a warning (trec_eval 10.0 stops there) unless -c.
With no -m: -m ndcg -m ndcg_cut (cutoffs 5,10,15,20,30,100,200,500,1000).
--ties adds, per query and measure, the worst, expected and best value
over the orders of equally scored documents, and a summary.`)
	perQuery := fs.Bool("q", false, "print each query's values before the means (\"all\")")
	complete := fs.Bool("c", false, "count queries only in QRELS, as 0 (trec_eval -c)")
	var measures measureFlags
	fs.Var(&measures, "m", "measure: ndcg, ndcg_cut (default cutoffs) or ndcg_cut.K1,K2,… (repeatable)")
	ties := fs.Bool("ties", false, "add each query's tie band (worst, expected, best, spread) and a summary")
	if code, ok := parse(env, fs, args); !ok {
		return code
	}
	if fs.NArg() != 2 {
		return fail(env, fmt.Errorf("trec needs two files, QRELS and RUN; got %d argument(s): ndcg-explorer trec QRELS RUN (-h for the flags)", fs.NArg()))
	}
	if len(measures) == 0 {
		measures = measureFlags{"ndcg", "ndcg_cut"}
	}
	m, err := trec.ParseMeasures(measures)
	if err != nil {
		return fail(env, fmt.Errorf("-m: %w", err))
	}
	qrelsPath, runPath := fs.Arg(0), fs.Arg(1)
	if qrelsPath == "-" {
		return fail(env, fmt.Errorf("QRELS must be a file; only RUN may be - (standard input)"))
	}
	q, err := trec.ReadQrelsFile(qrelsPath)
	if err != nil {
		return fail(env, err)
	}
	src := trec.FileSource(runPath)
	if runPath == "-" {
		var cleanup func()
		src, cleanup = trec.ReaderSource("standard input", env.Stdin)
		defer cleanup()
	}
	res, err := trec.Evaluate(q, src, trec.Options{Measures: m, Complete: *complete, Ties: *ties})
	if err != nil {
		return fail(env, err)
	}
	if n := len(res.Skipped); n > 0 {
		names := res.Skipped
		more := ""
		if n > 10 {
			names, more = names[:10], fmt.Sprintf(" and %d more", n-10)
		}
		fmt.Fprintf(env.Stderr, "ndcg-explorer: warning: %d %s of %s %s no lines in %s and %s skipped: %s%s (use -c to count them as 0)\n",
			n, plural(n, "query", "queries"), qrelsPath, plural(n, "has", "have"), src.Name, plural(n, "is", "are"),
			strings.Join(names, " "), more)
	}
	if err := trec.WriteTrecEval(env.Stdout, res, *perQuery); err != nil {
		return fail(env, err)
	}
	if *ties {
		if err := trec.WriteTies(env.Stdout, res, true); err != nil {
			return fail(env, err)
		}
	}
	return ExitOK
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
