package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
)

// ltrFlags are the ltr command's options.
type ltrFlags struct {
	ks        []int
	preset    string
	labelGain string
	compare   string
	format    string
	mean      bool
}

// newLtrCmd evaluates a learning-to-rank data set with predictions as a
// ranking library does.
func newLtrCmd(env *Env) *cobra.Command {
	var lf ltrFlags
	cmd := &cobra.Command{
		Use:   "ltr DATA [PREDICTIONS]",
		Short: "Compute NDCG@k of learning-to-rank data as XGBoost, LightGBM or scikit-learn do",
		Long: `Compute NDCG@k per query and its mean on a learning-to-rank data set with a
model's predictions, exactly as the named library does, and say for each
query where the libraries disagree and which convention makes them differ.

DATA is a libsvm/LETOR file ("LABEL qid:QID 1:0.5 2:0.1 … #docid = D"), its
queries from the qid: fields or from DATA.query / DATA.group beside it (row
counts, one a line, as LightGBM and XGBoost read them); PREDICTIONS has one
score a line, a line per row (what their predict writes); either may be -,
standard input. DATA may instead be a CSV/TSV/JSON-lines table with a query
id column (qid, query_id, …), a label column (label, relevance, …) and a
score column (score, prediction, …), with or without PREDICTIONS.

Presets (--preset):
  xgboost    XGBoost 1.7 ndcg@k: labels cut to integers, gain 2^label−1,
             predictions as float32, ties in input order, a query without a
             relevant document scores 1
  xgboost-   XGBoost's ndcg@k-: the same, but such a query scores 0
  lightgbm   LightGBM ndcg@k (eval_at): whole labels only, gain label_gain
             (--label-gain, default 2^i−1), ties in input order, 1 without
             relevant documents, eval_at sorted
  sklearn    scikit-learn ndcg_score: linear gain, the expected value over
             tied predictions, 0 without relevant documents; it refuses a
             query of one document: the mean over the others is shown too
  trec_eval, tf-ranking, jk: the explorer's other presets

Output: a trec_eval-like table (measure, qid, value; "all" is the mean),
measures named as the library names them (ndcg@5, ndcg@5-), then one line per
query and cutoff where a --compare preset gives another value, starting "#".
--format json gives {qid: {measure: value}} and "all", as trec --format json.`,
		Example: `ndcg-explorer ltr train.txt preds.txt -k 5,10 --preset lightgbm
ndcg-explorer ltr vali.txt vali.pred -k 10 --preset xgboost --compare lightgbm,sklearn
ndcg-explorer ltr ranked.csv --preset sklearn --format json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return fmt.Errorf("ltr takes DATA and PREDICTIONS (PREDICTIONS only if DATA is a table with a score column); got %d argument(s)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLtr(env, lf, args)
		},
	}
	f := cmd.Flags()
	f.IntSliceVarP(&lf.ks, "cutoff", "k", []int{5, 10}, "cutoffs, repeated or comma-separated (-k 5,10); 0 is the whole list")
	f.StringVarP(&lf.preset, "preset", "p", "xgboost", "whose rules: "+strings.Join(ltr.PresetNames(), ", "))
	f.StringVar(&lf.labelGain, "label-gain", "", "the gain of labels 0, 1, 2, … as in 0,1,3,7 (LightGBM's label_gain; lightgbm only)")
	f.StringVar(&lf.compare, "compare", "xgboost,lightgbm,sklearn", "presets to compare with, query by query; none for no comparison")
	f.StringVarP(&lf.format, "format", "f", "text", "output format: text (trec_eval's layout) or json ({qid: {measure: value}})")
	f.BoolVarP(&lf.mean, "mean", "n", false, "print only the means (\"all\"), not each query, and of the comparison one line per preset")
	completeValues(cmd, "preset", ltr.PresetNames()...)
	completeValues(cmd, "format", "text", "json")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		// --predictions is how the explorer and report take them (with
		// --ltr): said here, where ltr wants them as an argument.
		var ne *pflag.NotExistError
		if errors.As(err, &ne) {
			switch ne.GetSpecifiedName() {
			case "predictions":
				err = fmt.Errorf("%w: ltr takes the predictions as its second argument: ndcg-explorer ltr DATA PREDICTIONS", err)
			case "query":
				// One query's working is report's (or the explorer's).
				err = fmt.Errorf("%w: ltr prints every query; for one query's working: ndcg-explorer report --ltr DATA --predictions P --query QID", err)
			}
		}
		return flagError(c, err)
	})
	return cmd
}

// rulesFor returns the rules of a preset name, with label_gain.
func rulesFor(name, labelGain string) (ltr.Rules, error) {
	r, err := ltr.FindRules(name)
	if err != nil {
		return r, fmt.Errorf("--preset: %w", listio.UnknownPreset(name, err))
	}
	if labelGain == "" {
		return r, nil
	}
	if r.Name != "lightgbm" {
		return r, fmt.Errorf("--label-gain is LightGBM's parameter: give it with --preset lightgbm")
	}
	gains, err := ltr.ParseLabelGain(labelGain)
	if err == nil {
		r, err = ltr.LightGBM(gains)
	}
	if err != nil {
		return r, fmt.Errorf("--label-gain: %w", err)
	}
	return r, nil
}

func runLtr(env *Env, lf ltrFlags, args []string) error {
	if lf.format != "text" && lf.format != "json" {
		return fmt.Errorf("--format: unknown format %q: use text or json", lf.format)
	}
	rules, err := rulesFor(lf.preset, lf.labelGain)
	if err != nil {
		return err
	}
	var others []ltr.Rules
	if c := strings.TrimSpace(lf.compare); c != "" && c != "none" {
		for _, name := range strings.Split(c, ",") {
			o, err := rulesFor(strings.TrimSpace(name), "")
			if err != nil {
				return fmt.Errorf("--compare: %w", err)
			}
			if o.Name == rules.Name {
				continue
			}
			others = append(others, o)
		}
	}
	preds := ""
	if len(args) == 2 {
		preds = args[1]
	}
	ds, err := listio.LoadLTR(args[0], preds, env.Stdin)
	if err != nil {
		return err
	}
	res, err := ltr.Evaluate(ds, rules, lf.ks)
	if err != nil {
		return err
	}
	if ds.WeightLine > 0 {
		// XGBoost 1.7.4 stops on row weights in ranking data, and its
		// ndcg@k ignores one weight per query
		// (ltr/testdata/xgboost_weights.py): a weighted mean would
		// match no library's number.
		fmt.Fprint(env.Stderr, termsafe.Text(fmt.Sprintf("ndcg-explorer: warning: %s:%d: the rows carry weights (LABEL:WEIGHT), which ltr leaves out: its means are unweighted, as XGBoost's ndcg@k is with one weight per query; with a weight per row, as here, XGBoost stops (\"Size of weights must equal to number of groups when ranking group is used.\")\n", ds.Name, ds.WeightLine)))
	}
	if lf.format == "json" {
		return writeLtrJSON(env.Stdout, res, lf.mean)
	}
	// Query ids come from the data: shown, never obeyed (see terminalText).
	tw := termsafe.NewWriter(env.Stdout)
	bw := bufio.NewWriter(tw)
	if !lf.mean {
		for _, q := range res.Queries {
			for c, m := range res.Measures {
				fmt.Fprintf(bw, "%-22s\t%s\t%6.4f\n", m, q.QID, q.Values[c])
			}
		}
	}
	for c, m := range res.Measures {
		fmt.Fprintf(bw, "%-22s\t%s\t%6.4f\n", m, "all", res.All[c])
	}
	writeRefused(bw, res)
	if len(others) > 0 {
		write := writeDisagreements
		if lf.mean {
			write = writeDisagreementSummary
		}
		if err := write(bw, ds, rules, others, lf.ks); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return tw.Flush()
}

// writeRefused says, after the means, which queries the library refuses
// one by one (scikit-learn's ndcg_score, a query of one document) and
// the mean over the others: what a loop over the queries that skips
// them reports, which is not the "all" above.
func writeRefused(w io.Writer, res *ltr.Result) {
	if len(res.Refused) == 0 {
		return
	}
	if len(res.Refused) == len(res.Queries) {
		fmt.Fprintf(w, "\n# ndcg_score refuses every query: each holds one document, on which it raises ValueError; the values above are under %s's conventions\n", res.Rules.Name)
		return
	}
	fmt.Fprintf(w, "\n# ndcg_score refuses %d %s of one document (%s): it raises ValueError; they count above under %s's conventions. Over the other %d, as a loop that skips them reports:\n",
		len(res.Refused), plural(len(res.Refused), "query", "queries"), listSome(res.Refused), res.Rules.Name, len(res.Queries)-len(res.Refused))
	for c, m := range res.Measures {
		fmt.Fprintf(w, "# %-20s\t%s\t%6.4f\n", m, "all", res.AllScored[c])
	}
}

// listSome joins the first few of ids, and says how many more there are.
func listSome(ids []string) string {
	const most = 5
	if len(ids) <= most {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ids[:most], ", "), len(ids)-most)
}

// writeDisagreements prints, after the table, where the other presets
// give a query another value, and why.
func writeDisagreements(w io.Writer, ds *ltr.DataSet, rules ltr.Rules, others []ltr.Rules, ks []int) error {
	ds2, err := ltr.Disagreements(ds, rules, others, ks)
	if err != nil {
		return err
	}
	var names []string
	for _, o := range others {
		names = append(names, o.Name)
	}
	if len(ds2) == 0 {
		fmt.Fprintf(w, "\n# %s agree with %s on every query at every cutoff\n", strings.Join(names, ", "), rules.Name)
		return nil
	}
	queries := map[string]bool{}
	for _, d := range ds2 {
		queries[d.QID] = true
	}
	fmt.Fprintf(w, "\n# where %s differ from %s (%d of %d queries): query, cutoff, values, the settings that make the difference\n",
		strings.Join(names, ", "), rules.Name, len(queries), len(ds.Queries))
	for _, d := range ds2 {
		if d.Refused != nil {
			fmt.Fprintf(w, "# %s\t%s refuses it: %v\n", d.QID, d.B, d.Refused)
			continue
		}
		fmt.Fprintf(w, "# %s\t@%d\t%s %.4f, %s %.4f\t%s\n", d.QID, d.K, d.A, d.ValueA, d.B, d.ValueB, strings.Join(d.Because, "; "))
	}
	return nil
}

// writeDisagreementSummary prints, with -n, one line per other preset
// and cutoff: its mean, on how many queries it differs, and why.
func writeDisagreementSummary(w io.Writer, ds *ltr.DataSet, rules ltr.Rules, others []ltr.Rules, ks []int) error {
	ds2, err := ltr.Disagreements(ds, rules, others, ks)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n# the other presets: their mean, the queries where they differ from %s, and why (how many queries each setting moves)\n", rules.Name)
	for _, o := range others {
		res, err := ltr.Evaluate(ds, o, ks)
		if err != nil {
			fmt.Fprintf(w, "# %s\trefuses the data: %v\n", o.Name, err)
			continue
		}
		for c, k := range res.Cutoffs {
			n := 0
			var reasons []string
			count := map[string]int{}
			for _, d := range ds2 {
				if d.B != o.Name || d.K != k || d.Refused != nil {
					continue
				}
				n++
				for _, b := range d.Because {
					if count[b] == 0 {
						reasons = append(reasons, b)
					}
					count[b]++
				}
			}
			why := make([]string, len(reasons))
			for i, r := range reasons {
				why[i] = fmt.Sprintf("%s: %d", r, count[r])
			}
			line := fmt.Sprintf("# %s\t%s\tall %.4f\tdiffers on %d of %d queries", o.Name, res.Measures[c], res.All[c], n, len(ds.Queries))
			if len(why) > 0 {
				line += "\t" + strings.Join(why, "; ")
			}
			switch {
			case len(res.Refused) == len(ds.Queries):
				line += "\tndcg_score refuses every query: each holds one document"
			case len(res.Refused) > 0:
				line += fmt.Sprintf("\tndcg_score refuses %d %s of one document (%s): all %.4f over the other %d",
					len(res.Refused), plural(len(res.Refused), "query", "queries"), listSome(res.Refused), res.AllScored[c], len(ds.Queries)-len(res.Refused))
			}
			fmt.Fprintln(w, line)
		}
	}
	return nil
}

// writeLtrJSON prints {qid: {measure: value}} and "all", full precision,
// as trec --format json does.
func writeLtrJSON(w io.Writer, r *ltr.Result, meanOnly bool) error {
	mw := newMeasureJSON(w, r.Measures)
	if !meanOnly {
		for _, q := range r.Queries {
			mw.object(q.QID, q.Values)
		}
	}
	mw.object("all", r.All)
	return mw.close()
}
