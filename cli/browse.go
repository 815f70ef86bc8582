package cli

import (
	"fmt"
	"os"

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
func runBrowse(env *Env, lf *listFlags, ascii bool) int {
	// -k sets both the list's cutoff and the explorer's; "all" (0) is
	// the whole ranking, trec_eval's ndcg.
	s, err := lf.override(ui.TRECSettings(10))
	if err != nil {
		return fail(env, err)
	}
	// Reading errors come first, as in every command; they name the file
	// and line.
	b, err := ui.NewBrowser(ui.BrowserOptions{Qrels: lf.qrels, Run: lf.run, K: s.K, Settings: s,
		ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "", Markdown: markdownReport})
	if err != nil {
		return fail(env, err)
	}
	if env.IsTerminal == nil || !env.IsTerminal() {
		fmt.Fprintln(env.Stderr, "ndcg-explorer: the query browser needs a terminal; for every query's values use: ndcg-explorer trec -q -m ndcg_cut.10 QRELS RUN")
		return ExitBadInput
	}
	return runProgram(env, b)
}
