package cli

import (
	"errors"
	"os"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// browsing reports whether the command line asks for the query browser:
// a qrels and run pair without a query, and no other list.
func (f *listFlags) browsing(args []string) bool {
	return f.qrels != "" && f.run != "" && f.query == "" && len(args) == 0 && f.grades == "" && f.scores == ""
}

// runBrowse opens the list of the run's queries with NDCG@k (-k, 10
// when not given), each opening in the explorer under trec_eval's
// conventions; the other convention flags apply to the explorer.
func runBrowse(env *Env, lf *listFlags, ascii bool) error {
	// -k sets both the list's cutoff and the explorer's; "all" (0) is
	// the whole ranking, trec_eval's ndcg.
	s, err := lf.override(trec.Settings(10))
	if err != nil {
		return err
	}
	// Reading errors come first, as in every command; they name the file
	// and line.
	res, err := trec.Browse(lf.qrels, lf.run, s.K)
	if err != nil {
		return err
	}
	b := ui.NewBrowser(ui.BrowserOptions{Qrels: lf.qrels, Run: lf.run, Settings: s,
		ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != ""}, res)
	if env.IsTerminal == nil || !env.IsTerminal() {
		return errors.New("the query browser needs a terminal; for every query's values use: ndcg-explorer trec -q -m ndcg_cut.10 QRELS RUN")
	}
	return runProgram(env, b)
}
