package cli

import (
	"fmt"
	"os"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui/browser"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/loading"
)

// browsing reports whether the command line asks for the query browser:
// a qrels and run pair without a query, and no other list.
func (f *listFlags) browsing(args []string) bool {
	if f.query != "" || len(args) > 0 || f.grades != "" || f.scores != "" {
		return false
	}
	return (f.qrels != "" && f.run != "" && f.ltrData == "") || (f.ltrData != "" && f.qrels == "" && f.run == "")
}

// browseK is the query browser's cutoff when -k is not given: NDCG@10,
// trec_eval's ndcg_cut.10 and the cutoff learning-to-rank reports most.
// A query opened alone with --query takes it too (listFlags.settings).
const browseK = 10

// runBrowse opens the list of the run's queries with NDCG@k (-k,
// browseK when not given), each opening in the explorer under trec_eval's
// conventions; the other convention flags apply to the explorer.
func runBrowse(env *Env, lf *listFlags, ascii bool) error {
	if lf.ltrData != "" {
		return runBrowseLTR(env, lf, ascii)
	}
	// -k sets both the list's cutoff and the explorer's; "all" (0) is
	// the whole ranking, trec_eval's ndcg.
	s, err := lf.override(trec.Settings(browseK))
	if err != nil {
		return err
	}
	qf, rf, err := lf.formats()
	if err != nil {
		return err
	}
	// Reading errors come first, as in every command; they name the file
	// and line.
	res, err := browseRun(env, lf.qrels, qf, lf.run, rf, s.K)
	if err != nil {
		return err
	}
	o := browser.Options{Qrels: lf.qrels, Run: lf.run, Settings: s,
		ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != ""}
	if qf != "" || rf != "" {
		o.Open = func(qid string) (*listio.Document, error) {
			return listio.LoadTRECQueryAs(lf.qrels, qf, lf.run, rf, qid)
		}
	}
	return runBrowser(env, o, res)
}

// runBrowseLTR opens the list of a learning-to-rank data set's queries
// with NDCG@k (-k, browseK when not given) under the rules of --preset
// (XGBoost's by default), each opening in the explorer under them.
func runBrowseLTR(env *Env, lf *listFlags, ascii bool) error {
	ds, rules, err := lf.loadLTR(env.Stdin)
	if err != nil {
		return err
	}
	k := browseK
	if lf.k != "" {
		if k, err = listio.ParseCutoff(lf.k); err != nil {
			return fmt.Errorf("-k: %w", err)
		}
	}
	res, err := ltrBrowseResult(ds, rules, k)
	if err != nil {
		return err
	}
	s := rules.ListSettings()
	s.K = k
	o := browser.Options{Qrels: ds.Name, Run: lf.predictions, Settings: s, Mean: rules.Name + " mean",
		ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "",
		Open: func(qid string) (*listio.Document, error) { return listio.LTRQuery(ds, rules, qid) }}
	if o.Run == "" {
		o.Run = ds.Name
	}
	return runBrowser(env, o, res)
}

// ltrBrowseResult is what the query browser lists for a data set: each
// query's NDCG@k under the rules, its tie band, and the mean.
func ltrBrowseResult(ds *ltr.DataSet, rules ltr.Rules, k int) (*trec.Result, error) {
	lr, err := ltr.Evaluate(ds, rules, []int{k})
	if err != nil {
		return nil, err
	}
	res := &trec.Result{Columns: []trec.Column{{Name: lr.Measures[0], K: k}}, All: lr.All, AllBands: make([]trec.Band, 1)}
	s := rules.Settings
	s.K = k
	for i := range ds.Queries {
		q := &ds.Queries[i]
		list, err := rules.List(ds.Name, q)
		if err != nil {
			return nil, err
		}
		r, err := ndcg.Compute(list, s)
		if err != nil {
			return nil, err
		}
		nb := r.NDCGBand(k)
		band := trec.Band{Worst: nb.Worst, Expected: nb.Expected, Best: nb.Best}
		relevant := 0
		for _, it := range list.Items {
			if it.Grade > 0 {
				relevant++
			}
		}
		tied := 0
		for _, g := range r.Ties {
			if g.Size() > 1 {
				tied += g.Size()
			}
		}
		res.Queries = append(res.Queries, trec.QueryResult{QID: q.QID, Values: lr.Queries[i].Values, Bands: []trec.Band{band},
			InRun: true, Retrieved: len(list.Items), Relevant: relevant, RelevantRetrieved: relevant, TiedDocs: tied})
		res.AllBands[0].Worst += band.Worst / float64(len(ds.Queries))
		res.AllBands[0].Expected += band.Expected / float64(len(ds.Queries))
		res.AllBands[0].Best += band.Best / float64(len(ds.Queries))
	}
	return res, nil
}

// runBrowser starts the query browser on a terminal.
func runBrowser(env *Env, o browser.Options, res *trec.Result) error {
	b := browser.New(o, res)
	if err := needsTerminal(env, "the query browser", "for every query's values use: ndcg-explorer trec -q -m ndcg_cut.10 QRELS RUN"); err != nil {
		return err
	}
	return runKeeping(env, b, b.Unsaved)
}

// browseRun evaluates the run for the browser; on a terminal, a spinner
// with the lines read shows while it does, since a long run takes
// seconds.
func browseRun(env *Env, qrels string, qf trec.Format, run string, rf trec.Format, k int) (*trec.Result, error) {
	if !env.IsTerminal() {
		return trec.BrowseAs(qrels, qf, run, rf, k)
	}
	var res *trec.Result
	l := loading.New(run, func(progress func(int64)) error {
		var err error
		res, err = trec.BrowseProgress(qrels, qf, run, rf, k, func(_ int, n int64) { progress(n) })
		return err
	})
	if _, err := newProgram(env, l).Run(); err != nil {
		return nil, err
	}
	return res, l.Err()
}
