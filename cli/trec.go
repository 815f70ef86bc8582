package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// trecFlags are trec's options, named as trec_eval names them (short
// and long), so that trec_eval's command lines run unchanged.
type trecFlags struct {
	perQuery, complete, ties bool
	measures                 []string
}

// newTrecCmd evaluates a whole run as trec_eval does.
func newTrecCmd(env *Env) *cobra.Command {
	var tf trecFlags
	cmd := &cobra.Command{
		Use:   "trec QRELS RUN",
		Short: "Evaluate a whole run as trec_eval does, plus tie bands",
		Long: `Evaluate a whole TREC run as trec_eval 10.0 does, printing its layout
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
over the orders of equally scored documents, and a summary.`,
		Example: `ndcg-explorer trec -q -m ndcg_cut.10 qrels.txt run.txt
ndcg-explorer trec -qc -mndcg -mndcg_cut.5,10 qrels.txt - < run.txt
ndcg-explorer trec --ties -m ndcg_cut.10 qrels.txt run.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTrec(env, cmd, tf, args)
		},
	}
	// A usage error ends with trec_eval's status, 1, not 2.
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return withStatus(ExitTrecUsage, flagError(c, err))
	})
	f := cmd.Flags()
	f.BoolVarP(&tf.perQuery, "query_eval_wanted", "q", false, "print each query's values before the means (\"all\")")
	f.BoolVarP(&tf.complete, "complete_rel_info_wanted", "c", false, "count queries only in QRELS, as 0")
	f.StringArrayVarP(&tf.measures, "measure", "m", nil, "measure: ndcg, ndcg_cut (default cutoffs) or ndcg_cut.K1,K2,… (repeatable)")
	f.BoolVar(&tf.ties, "ties", false, "add each query's tie band (worst, expected, best, spread) and a summary")
	return cmd
}

func runTrec(env *Env, cmd *cobra.Command, tf trecFlags, args []string) error {
	if len(args) != 2 {
		return withStatus(ExitTrecUsage, fmt.Errorf("trec needs two files, QRELS and RUN; got %d argument(s): ndcg-explorer trec QRELS RUN (-h for the flags)", len(args)))
	}
	measures := tf.measures
	if len(measures) == 0 {
		measures = []string{"ndcg", "ndcg_cut"}
	}
	m, err := trec.ParseMeasures(measures)
	if err != nil {
		return fmt.Errorf("-m: %w", err)
	}
	qrelsPath, runPath := args[0], args[1]
	if qrelsPath == "-" {
		return fmt.Errorf("QRELS must be a file; only RUN may be - (standard input)")
	}
	q, err := trec.ReadQrelsFile(qrelsPath)
	if err != nil {
		return err
	}
	src := trec.FileSource(runPath)
	if runPath == "-" {
		var cleanup func()
		src, cleanup = trec.ReaderSource("standard input", env.Stdin)
		defer cleanup()
	}
	res, err := trec.Evaluate(q, src, trec.Options{Measures: m, Complete: tf.complete, Ties: tf.ties})
	if err != nil {
		return err
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
	if err := trec.WriteTrecEval(env.Stdout, res, tf.perQuery); err != nil {
		return err
	}
	if tf.ties {
		return trec.WriteTies(env.Stdout, res, true)
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
