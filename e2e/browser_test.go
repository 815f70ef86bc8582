package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// trecCase is a qrels and run pair of the trec package's tests, for
// which trec/testdata/expected holds trec_eval 10.0's output.
func trecCase(t *testing.T, name string) (qrels, run string) {
	t.Helper()
	dir := filepath.Join(repoRoot(), "trec", "testdata", "cases")
	return filepath.Join(dir, name+".qrels"), filepath.Join(dir, name+".run")
}

// listRow is the line of the query list that shows query qid.
func listRow(s, qid string) string {
	for _, l := range strings.Split(s, "\n") {
		f := strings.Fields(strings.TrimLeft(l, ">* "))
		if len(f) > 2 && f[0] == qid {
			return l
		}
	}
	return ""
}

// waitForRow polls until query qid's row shows want.
func (x tmux) waitForRow(qid, want string) string {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		s = x.screen()
		if strings.Contains(listRow(s, qid), want) {
			return listRow(s, qid)
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.t.Fatalf("the row of query %s never showed %q; the screen shows:\n%s", qid, want, s)
	return ""
}

// waitForExit reads the exit status the shell recorded.
func waitForExit(t *testing.T, x tmux, status string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(status)
		if err == nil && strings.TrimSpace(string(b)) != "" {
			return strings.TrimSpace(string(b))
		}
		if time.Now().After(deadline) {
			t.Fatalf("the program did not end; the screen shows:\n%s", x.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestQueryBrowserAsAPerson drives `ndcg-explorer --qrels Q --run R`.
// Every value asserted is one trec_eval 10.0 printed for the basic case
// (trec/testdata/expected/basic.0.out): ndcg_cut_10 is 0.4229 for query
// 101, 0.5000 for q1 and 0.3070 for all; ndcg_cut_5 is 0.2955 for 101
// and 0.2026 for all.
func TestQueryBrowserAsAPerson(t *testing.T) {
	t.Parallel()
	// A copy of the run, as save as suggests a file beside it.
	srcQ, srcR := trecCase(t, "basic")
	runDir := t.TempDir()
	qrels, run := filepath.Join(runDir, "basic.qrels"), filepath.Join(runDir, "basic.run")
	for src, dst := range map[string]string{srcQ: qrels, srcR: run} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x, _, status := start(t, 80, 24, "--qrels", qrels, "--run", run)

	// The list: trec_eval's values, the mean, every line within 80 columns.
	s := x.waitFor("mean NDCG@10 = 0.3070 (trec_eval all)")
	x.waitForRow("101", " 0.4229 ")
	x.waitForRow("q1", " 0.5000 ")
	x.fits(80)
	if first := strings.Fields(strings.Split(s, "\n")[3]); len(first) < 2 || first[1] != "100" {
		t.Errorf("by default the lowest NDCG comes first (100, 0.0000); the first row is %q", first)
	}

	// Sort by tie spread: 105, the only query whose value depends on
	// tie order, comes first.
	x.keys("s")
	s = x.waitFor("▼spread")
	if row := strings.Split(s, "\n")[3]; !strings.Contains(row, "105") {
		t.Errorf("sorted by spread, the first row should be 105: %q", row)
	}

	// Filter by query id, then open the match in the explorer.
	x.keys("/", "q", "1")
	s = x.waitFor("/ q1")
	if listRow(s, "q0") != "" || listRow(s, "101") != "" {
		t.Errorf("the filter q1 still shows other queries:\n%s", s)
	}
	x.waitForRow("q1", " 0.5000 ")
	x.keys("Enter")
	x.waitFor("NDCG@10 = 0.5000")
	x.waitFor("ties docno · IDCG judged")

	// An edit in the explorer, then Esc in its score editor cancels only
	// the editor; the next Esc goes back to the list, the edit kept.
	x.keys("3")
	x.waitFor("modified")
	x.keys("s")
	x.waitFor("esc cancels")
	x.keys("Escape")
	x.waitFor("edit cancelled")
	x.keys("Escape")
	x.waitFor("back from query q1 (its edits are kept")
	x.waitFor(">*q1")

	// Enter returns to the edited query; undo; back; clear the filter.
	x.keys("Enter")
	x.waitFor("modified")
	x.keys("u")
	x.waitFor("NDCG@10 = 0.5000")

	// Save as names the file after the run and the query, beside the run,
	// as for the query opened alone with --query.
	saved := filepath.Join(runDir, "basic-query-q1.json")
	x.keys("W")
	x.waitFor("save as: " + saved)
	x.keys("Enter")
	// The path may wrap onto the next line, whole (the status breaks
	// between words), so only the words before it are looked for.
	x.waitFor("saved 6 items to")
	if _, err := os.Stat(saved); err != nil {
		t.Errorf("save as did not write %s beside the run: %v", saved, err)
	}
	x.keys("Escape")
	x.waitFor("back from query q1")
	x.keys("Escape")
	x.waitForRow("101", " 0.4229 ")

	x.run("resize-window", "-t", "e2e", "-x", "30", "-y", "6")
	x.waitFor("too small")
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.waitFor("mean NDCG@10 = 0.3070")

	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the browser ended with %s, want EXIT=0", got)
	}
}

// TestQueryBrowserCutoff: -k sets the cutoff of the list and of the
// explorer.
func TestQueryBrowserCutoff(t *testing.T) {
	t.Parallel()
	qrels, run := trecCase(t, "basic")
	x, _, status := start(t, 100, 30, "--qrels", qrels, "--run", run, "-k", "5")

	x.waitFor("mean NDCG@5 = 0.2026 (trec_eval all)")
	x.waitForRow("101", " 0.2955 ")
	x.keys("/", "1", "0", "1", "Enter")
	x.waitFor("NDCG@5 = 0.2955")
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the program ended with %s, want EXIT=0", got)
	}
}
