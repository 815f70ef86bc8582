package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// trecFlags are trec's options, named as trec_eval names them (short
// and long), so that trec_eval's command lines run unchanged.
type trecFlags struct {
	perQuery, complete, noSummary, judgedOnly, version, ties, old bool
	maxDocsSet                                                    bool
	measures                                                      []string
	maxDocs, level                                                int
	relFormat, resultsFormat, debug, docsInColl, zscores          string
	format                                                        string
	qrelsFormat, runFormat                                        string
	levelSet                                                      bool
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
RUN may be - for standard input. QRELS may also be BEIR qrels (TSV with
the header query-id, corpus-id, score), dict JSON ({"q1": {"d1": 3}}, as
ranx, ir_measures and pytrec_eval write it) or a CSV/TSV/JSON-lines table
with query id, document id and relevance columns; RUN may be an MS MARCO
run ("qid pid rank": score −rank), dict JSON or a table with a score
column. The format is told from the content; --qrels-format and
--run-format name it. trec_eval's rules: the rank column is
ignored; equal scores are ordered by docno, descending; rel is read as an
integer (2.7 is 2); a negative rel is unjudged; the ideal ranking holds
every judged document with rel > 0; a query without a relevant document
scores 0; queries only in RUN are ignored; queries only in QRELS are
skipped with a warning (trec_eval 10.0 stops there) unless -c.
With no -m: -m ndcg -m ndcg_cut (cutoffs 5,10,15,20,30,100,200,500,1000).
Every NDCG measure of trec_eval 10.0 is computed, byte for byte: ndcg,
ndcg_cut.K,..., ndcg_rel, Rndcg, and gains for the last three as in
-m ndcg.1=0,2=3 (rel 1 gains 0, rel 2 gains 3). Its other measures (map,
P, recall, ...) are refused.
--ties adds, per query and measure, the worst, expected and best value
over the orders of equally scored documents, and a summary.

trec_eval's options are read as trec_eval reads them: bundled (-qc),
with attached values (-mndcg_cut.10, -M100, -l2), long forms (--measure),
anywhere among the files; a usage error exits 1, as there. -N, -o,
-R qrels and -T trec_results are accepted and change nothing for these
measures. Not supported: measures other than the NDCG ones, -D
(debugging output), -Z (z-scores), -R and -T with other formats (use
--qrels-format and --run-format). --ties goes with ndcg and ndcg_cut.`,
		Example: `ndcg-explorer trec -q -m ndcg_cut.10 qrels.txt run.txt
ndcg-explorer trec -qc -mndcg -mndcg_cut.5,10 qrels.txt - < run.txt
ndcg-explorer trec --ties -m ndcg_cut.10 qrels.txt run.txt
ndcg-explorer trec --format json -q qrels.txt run.txt
ndcg-explorer trec -q -m ndcg_rel -m Rndcg -m ndcg.1=0,2=3 qrels.txt run.txt
ndcg-explorer trec -m ndcg_cut.10 test.tsv run.json     # BEIR qrels, ranx run`,
		// trec parses its own command line, to take trec_eval's long
		// options by any unambiguous prefix as getopt_long does.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmd.Flags().Parse(expandLongPrefixes(cmd.Flags(), args)); err != nil {
				return cmd.FlagErrorFunc()(cmd, err)
			}
			args = cmd.Flags().Args()
			if help, _ := cmd.Flags().GetBool("help"); help {
				return cmd.Help()
			}
			if tf.version {
				// trec_eval -v prints its version on standard error.
				fmt.Fprintf(env.Stderr, "ndcg-explorer trec version %s (ndcg, ndcg_cut, ndcg_rel and Rndcg as trec_eval version 10.0)\n", Version())
				return nil
			}
			tf.maxDocsSet = cmd.Flags().Changed("Max_retrieved_per_topic")
			tf.levelSet = cmd.Flags().Changed("level_for_rel")
			if err := tf.check(cmd); err != nil {
				return withStatus(ExitTrecUsage, err)
			}
			return runTrec(env, tf, args)
		},
	}
	// A usage error ends with trec_eval's status, 1, not 2.
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return withStatus(ExitTrecUsage, flagError(c, err))
	})
	f := cmd.Flags()
	f.BoolVarP(&tf.perQuery, "query_eval_wanted", "q", false, "each query's values, then the means")
	f.StringArrayVarP(&tf.measures, "measure", "m", nil, "measure: ndcg, ndcg_cut.5,10,…, ndcg_rel, Rndcg, ndcg.1=0,2=3")
	f.BoolVarP(&tf.complete, "complete_rel_info_wanted", "c", false, "count queries only in QRELS, as 0")
	f.BoolVarP(&tf.noSummary, "nosummary", "n", false, "leave out the means (all)")
	f.IntVarP(&tf.maxDocs, "Max_retrieved_per_topic", "M", 0, "score each query's first N documents only")
	f.BoolVarP(&tf.judgedOnly, "Judged_docs_only", "J", false, "drop the documents QRELS does not judge")
	f.IntVarP(&tf.level, "level_for_rel", "l", 1, "the rel that counts as relevant (only Rndcg looks at it)")
	f.BoolVarP(&tf.version, "version", "v", false, "the version, on standard error")
	f.BoolVar(&tf.ties, "ties", false, "add each query's tie band and a summary")
	f.StringVar(&tf.qrelsFormat, "qrels-format", "", "format of QRELS: trec, beir, json, jsonl, csv, tsv (guessed)")
	f.StringVar(&tf.runFormat, "run-format", "", "format of RUN: trec, msmarco, json, jsonl, csv, tsv (guessed)")
	f.StringVarP(&tf.format, "format", "f", "text", "text, or json (pytrec_eval's layout)")
	// trec_eval's other options: accepted where they change nothing for
	// ndcg, refused by name otherwise (see check).
	f.StringVarP(&tf.debug, "Debug_level", "D", "", "not supported")
	f.StringVarP(&tf.docsInColl, "Number_docs_in_coll", "N", "", "no effect on ndcg")
	f.StringVarP(&tf.relFormat, "Rel_info_format", "R", "qrels", "only qrels")
	f.StringVarP(&tf.resultsFormat, "Results_format", "T", "trec_results", "only trec_results")
	f.BoolVarP(&tf.old, "Output_old_results_format", "o", false, "no effect, as in trec_eval 10.0")
	f.StringVarP(&tf.zscores, "Zscore", "Z", "", "not supported")
	for _, name := range []string{"Debug_level", "Number_docs_in_coll", "Rel_info_format", "Results_format", "Output_old_results_format", "Zscore"} {
		f.MarkHidden(name)
	}
	cmd.ValidArgsFunction = completeOwnFlags(map[string][]string{
		"measure":      {"ndcg", "ndcg_cut", "ndcg_cut.5,10", "ndcg_rel", "Rndcg"},
		"format":       {"text", "json"},
		"qrels-format": formatWords(trec.QrelsFormats),
		"run-format":   formatWords(trec.RunFormats),
	})
	return cmd
}

// check refuses, by name, the trec_eval options trec cannot honour.
func (tf trecFlags) check(cmd *cobra.Command) error {
	switch {
	case cmd.Flags().Changed("Debug_level"):
		return errors.New("trec_eval's -D (--Debug_level) is not supported: trec has no debugging output; leave it out")
	case cmd.Flags().Changed("Zscore"):
		return errors.New("trec_eval's -Z (--Zscore) is not supported: trec prints raw values, not z-scores; leave it out")
	case tf.relFormat != "qrels":
		return fmt.Errorf("trec_eval's -R %s is not supported: trec reads QRELS in the qrels format only (-R qrels)", tf.relFormat)
	case tf.resultsFormat != "trec_results":
		return fmt.Errorf("trec_eval's -T %s is not supported: trec reads RUN in the trec_results format only (-T trec_results)", tf.resultsFormat)
	case tf.maxDocs < 0:
		// trec_eval crashes on it.
		return fmt.Errorf("-M (--Max_retrieved_per_topic): %d is negative: give the number of documents to score, 0 or more", tf.maxDocs)
	case tf.format != "text" && tf.format != "json":
		return fmt.Errorf("--format: unknown format %q: use text or json", tf.format)
	case tf.qrelsFormat != "" && !validFormat("--qrels-format", tf.qrelsFormat, false):
		_, err := trec.ParseFormat("--qrels-format", tf.qrelsFormat, false)
		return err
	case tf.runFormat != "" && !validFormat("--run-format", tf.runFormat, true):
		_, err := trec.ParseFormat("--run-format", tf.runFormat, true)
		return err
	case tf.format == "json" && tf.ties:
		return errors.New("--ties goes with --format text: the JSON layout ({qid: {measure: value}}) has no room for tie bands")
	}
	return nil
}

func runTrec(env *Env, tf trecFlags, args []string) error {
	if len(args) != 2 {
		return withStatus(ExitTrecUsage, fmt.Errorf("trec needs two files, QRELS and RUN; got %d argument(s): ndcg-explorer trec QRELS RUN (-h for the flags)", len(args)))
	}
	measures := tf.measures
	if len(measures) == 0 {
		measures = []string{"ndcg", "ndcg_cut"}
	}
	m, err := trec.ParseMeasures(measures)
	if err != nil {
		// trec_eval's statuses: 1 for a measure it does not know, 2 for
		// one it knows with parameters it cannot take.
		code := ExitTrecUsage
		if pe := (*trec.ParamError)(nil); errors.As(err, &pe) {
			code = ExitBadInput
		}
		return withStatus(code, fmt.Errorf("-m: %w", err))
	}
	for _, w := range m.Warnings {
		fmt.Fprint(env.Stderr, termsafe.Text("ndcg-explorer: warning: -m: "+w+"\n"))
	}
	qrelsPath, runPath := args[0], args[1]
	if qrelsPath == "-" {
		return fmt.Errorf("QRELS must be a file; only RUN may be - (standard input)")
	}
	qf, _ := trec.ParseFormat("--qrels-format", tf.qrelsFormat, false)
	rf, _ := trec.ParseFormat("--run-format", tf.runFormat, true)
	q, err := trec.ReadQrelsAs(qrelsPath, qf)
	if err != nil {
		return err
	}
	src, cleanup, err := openRun(runPath, rf, env.Stdin)
	if err != nil {
		return err
	}
	defer cleanup()
	limits := trec.Limits{LimitDocs: tf.maxDocsSet, MaxDocs: tf.maxDocs, JudgedOnly: tf.judgedOnly}
	opt := trec.Options{Measures: m, Complete: tf.complete, Ties: tf.ties, Limits: limits,
		RelevanceLevel: tf.level, LevelSet: tf.levelSet}
	progress := newProgressLine(env.Stderr)
	if progress != nil {
		opt.Progress = progress.update
	}
	res, err := trec.Evaluate(q, src, opt)
	progress.done() // before anything else is printed
	if err != nil {
		if tf.perQuery {
			// trec_eval prints each query as it goes and stops at the
			// bad one; trec checks the whole run before it prints.
			return fmt.Errorf("%w (with -q, trec_eval prints the values of the queries before this one, then stops; trec prints none of a run it stops on)", err)
		}
		return err
	}
	if n := len(res.Skipped); n > 0 {
		names := res.Skipped
		more := ""
		if n > 10 {
			names, more = names[:10], fmt.Sprintf(" and %d more", n-10)
		}
		fmt.Fprint(env.Stderr, termsafe.Text(fmt.Sprintf("ndcg-explorer: warning: %d %s of %s %s no lines in %s and %s skipped: %s%s (use -c to count them as 0)\n",
			n, plural(n, "query", "queries"), qrelsPath, plural(n, "has", "have"), src.Name, plural(n, "is", "are"),
			strings.Join(names, " "), more)))
	}
	for _, w := range trec.Stops(q, res, tf.complete) {
		fmt.Fprint(env.Stderr, termsafe.Text("ndcg-explorer: warning: "+w+"\n"))
	}
	if tf.format == "json" {
		return writeTrecJSON(env.Stdout, res, tf)
	}
	// The tables are text for a person as much as for a script: a qid
	// holding control characters is shown escaped (identical bytes to
	// trec_eval's for every qid without them).
	out := termsafe.NewWriter(env.Stdout)
	switch {
	case tf.noSummary && tf.perQuery:
		err = trec.WriteQueries(out, res)
	case !tf.noSummary:
		err = trec.WriteTrecEval(out, res, tf.perQuery)
	}
	if err == nil && tf.ties {
		err = trec.WriteTies(out, res, true)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func validFormat(flag, s string, run bool) bool {
	_, err := trec.ParseFormat(flag, s, run)
	return err == nil
}

// openRun opens a run in format f ("": detect) at path, or on in for
// "-": a TREC run there is streamed (copied aside in case a query is
// split), any other format read whole. A path that gives its bytes once
// (a pipe, a FIFO, /dev/stdin) is read as standard input is, opened
// once: told its format from the head, then read on from there.
func openRun(path string, f trec.Format, in io.Reader) (trec.Source, func(), error) {
	name := "standard input"
	done := func() {}
	if path != "-" {
		if trec.Rereadable(path) {
			src, err := trec.RunSourceAs(path, f)
			return src, done, err
		}
		fh, err := os.Open(path)
		if err != nil {
			return trec.Source{}, done, fmt.Errorf("reading run: %w", err)
		}
		name, in, done = path, fh, func() { fh.Close() }
	}
	if f == "" {
		head, err := trec.ReadHead(in)
		if err != nil {
			done()
			return trec.Source{}, func() {}, fmt.Errorf("reading run: %w", err)
		}
		f = trec.DetectFormat(head)
		in = io.MultiReader(bytes.NewReader(head), in)
	}
	if f == trec.FormatTREC {
		src, cleanup := trec.ReaderSource(name, bufio.NewReaderSize(in, 64<<10))
		return src, func() { cleanup(); done() }, nil
	}
	defer done()
	data, err := trec.ReadText(name, name, in)
	if err != nil {
		return trec.Source{}, func() {}, err
	}
	src, err := trec.RunSourceFrom(name, data, f)
	return src, func() {}, err
}
