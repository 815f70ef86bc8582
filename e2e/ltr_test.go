package e2e

import (
	"path/filepath"
	"testing"
)

// TestLTRBrowserAsAPerson drives `ndcg-explorer --ltr DATA --predictions
// P -k 3` on ltr/testdata/example.txt under XGBoost's rules. The values,
// worked by hand in ltr's tests: query 1 ties three rows at 0.5, kept in
// file order: NDCG@3 = (7/log2(3) + 3/2) / (7 + 7/log2(3) + 3/2) =
// 0.4581; query 2 has no relevant row: 1; query 3's label 2.5 is read
// as 2: (1 + 3/log2(3)) / (3 + 1/log2(3)) = 0.7967; the mean 0.7516.
func TestLTRBrowserAsAPerson(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(), "ltr", "testdata")
	x, _, status := start(t, 80, 24, "--ltr", filepath.Join(dir, "example.txt"), "--predictions", filepath.Join(dir, "example.pred"), "-k", "3")

	x.waitFor("mean NDCG@3 = 0.7516 (xgboost mean)")
	x.waitForRow("1", " 0.4581 ")
	x.waitForRow("2", " 1.0000 ")
	x.waitFor("0.7967 0.7967 0.7967") // query 3 (its row's id is also the count that opens the status line)
	x.fits(80)

	x.keys("Enter") // the lowest value comes first: query 1
	x.waitFor("NDCG@3 = 0.4581")
	x.waitFor("ties input")
	x.keys("Escape")
	x.waitForRow("2", " 1.0000 ")

	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the browser ended with %s, want EXIT=0", got)
	}
}
