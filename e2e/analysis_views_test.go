package e2e

import (
	"strings"
	"testing"
)

// TestAnalysisViewsAsAPerson opens a list whose tie (C and D, ranks 3–4)
// is cut by k=3 and visits the working, ties, conventions, swap and
// curves views by their keys, reading a number on each. With y_true =
// the gains 2^g−1 = 7,1,0,7,3,0 and the scores below, scikit-learn gives
// ndcg_score(k=3) = 0.7262744353075801 (the expected value over the tie
// orders), dcg_score(k=3) = 9.380929753571458 and dcg_score(k=3,
// log_base=10) = 31.162774104553804; with D ranked before C (docno
// order) ndcg_score = 0.861759967677587; with y_true = the grades
// (scikit-learn's linear gain) 0.7434390676038474; and with B and D's
// scores exchanged (the best swap) 0.9032246197357094.
func TestAnalysisViewsAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, _ := start(t, 80, 24, "--grades", "3,1,0,3,2,0", "--scores", "0.92,0.85,0.71,0.71,0.4,0.12", "--gain", "exp", "-k", "3")

	x.waitFor("NDCG@3 = 0.7263")
	fits := func(s string) {
		t.Helper()
		for i, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("line %d is %d columns wide at 80x24: %q", i+1, n, line)
			}
		}
	}

	x.keys("F2")
	fits(x.waitFor("[working]"))
	fits(x.waitFor("NDCG@3 = DCG@3 / IDCG@3 = 9.381 / 12.917 = 0.726"))

	x.keys("F3")
	x.waitFor("[ties]")
	x.waitFor("over all 2 arrangements, exact")
	fits(x.waitFor("docno, descending: NDCG@3 = 0.8618 in that order"))

	x.keys("F4")
	x.waitFor("[conventions]")
	fits(x.waitFor("sklearn     0.7434"))

	x.keys("F5")
	x.waitFor("[swap]")
	fits(x.waitFor("B ↔ D: +0.1770 → 0.9032"))
	x.keys("m")
	x.waitFor("exchanged scores")
	x.keys("F1")
	x.waitFor("NDCG@3 = 0.9032")
	x.keys("u")
	x.waitFor("NDCG@3 = 0.7263")

	x.keys("F6")
	x.waitFor("[curves]")
	fits(x.waitFor("31.1628 (log10)"))

	// A setting changed from any view reaches them all: linear gain in
	// the curves view, then the working shows scikit-learn's 0.743.
	x.keys("g")
	x.waitFor("gain linear = g")
	x.keys("F2")
	x.waitFor("= 0.743")

	x.run("resize-window", "-t", "e2e", "-x", "50", "-y", "12")
	x.keys("F5")
	x.waitFor("ΔNDCG@3")
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.keys("q")
	x.answer("y")
}
