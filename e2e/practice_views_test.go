package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// view goes to the view called name by tab, as a person who does not
// know its key would, and waits for its title.
func (x tmux) view(name string) string {
	x.t.Helper()
	for range 12 {
		s := x.screen()
		if strings.Contains(firstLine(s), "["+name+"]") {
			return s
		}
		x.keys("Tab")
		x.titleChanges(firstLine(s))
	}
	return x.waitFor("[" + name + "]")
}

// titleChanges polls the screen until its first line is no longer was: a
// Tab has taken the explorer to the next view. It gives up quietly after
// a while, leaving the caller to read the screen as it is.
func (x tmux) titleChanges(was string) {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if firstLine(x.screen()) != was {
			return
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// waitForMatch polls the screen until re matches it.
func (x tmux) waitForMatch(re string) string {
	x.t.Helper()
	r := regexp.MustCompile(re)
	deadline := time.Now().Add(10 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		s = x.screen()
		if r.MatchString(s) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.t.Fatalf("the screen never matched %q; it shows:\n%s", re, s)
	return s
}

func (x tmux) fits(width int) {
	x.t.Helper()
	for i, line := range strings.Split(strings.TrimRight(x.screen(), "\n"), "\n") {
		if n := len([]rune(line)); n > width {
			x.t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}

// TestPracticeViewsAsAPerson visits the pool, companions, check and quiz
// views on the ties-at-k sample (C and D tied across k=3, exponential
// gain), adds a missed relevant document to the pool, types a claim and
// answers a quiz round. The values asserted:
//
//   - NDCG@3 of the sample: scikit-learn's ndcg_score([[7,1,0,7,3,0]],
//     [[.92,.85,.71,.71,.4,.12]], k=3) = 0.7262744353075801, DCG@3
//     (dcg_score) = 9.380929753571458.
//   - With a judged item of grade 3 added to the pool: IDCG@3 from every
//     judged item is dcg_score of 7,7,7,… at k=3 = 14.916508275000204, so
//     NDCG@3 = 9.380929753571458 / 14.916508275000204 = 0.6289.
//   - Companions at k=3 under expected ties, by hand: A(3) and B(1) are
//     relevant, then rank 3 is C(0) or D(3), each with chance 1/2, so the
//     top 3 hold 2.5 relevant items on average; 4 relevant items (grade
//     ≥ 1): P@3 = 2.5/3 = 0.8333, R@3 = 2.5/4 = 0.6250.
//   - The sample's claim DCG@3 = 7.63 is the input tie order's 7 +
//     1/log2(3) = 7.6309, not the expected 9.3809.
//   - Quiz seed 42, round 1: ndcg_score([[1,1,3,7,0,0,1,0]],
//     [[.8,.7,.6,.5,.5,.3,.2,.1]], k=5) = 0.5868849691798185.
func TestPracticeViewsAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "--seed", "42", "sample:ties-at-k")
	x.waitFor("NDCG@3 = 0.7263")

	// Pool: none yet; a adds a relevant document the system missed.
	x.view("pool")
	x.waitFor("No pool")
	x.keys("a")
	x.waitForMatch(`◌ P1\s+3\s+7`)
	x.waitForMatch(`NDCG@3\s+0\.7263\s+0\.6289`)
	x.fits(80)
	x.keys("u")
	x.waitFor("No pool")

	// Companions.
	x.view("companions")
	x.waitForMatch(`Precision@3 0\.8333`)
	x.waitForMatch(`Recall@3\s+0\.6250`)
	x.fits(80)

	// Check: the file's claim, then one typed.
	x.view("check")
	x.waitForMatch(`DCG@3\s+\[7\.63\s*\] ✗ true 9\.3809`)
	x.waitFor("ties input (not expected)")
	// esc empties the field; typed at once with the next digit, the
	// terminal sends the two as alt+digit, which must work the same.
	x.keys("Escape", "9")
	x.keys(".", "3", "8")
	x.waitForMatch(`DCG@3\s+\[9\.38\s*\] ✓ true 9\.3809 \(±0\.005\)`)
	x.fits(80)

	// Quiz: seed 42 gives everyone the same first list.
	x.view("quiz")
	x.waitFor("seed 42")
	x.keys("0", ".", "5", "9", "Enter")
	x.waitFor("✓ Right: NDCG@5 = 0.5869")
	x.waitFor("1 of 1 right")
	x.waitFor("NDCG@5 = DCG@5 / IDCG@5")
	x.fits(80)
	x.keys("n")
	x.waitFor("round 2 · 1 of 1 right")

	// Smaller, larger, and back.
	x.run("resize-window", "-t", "e2e", "-x", "60", "-y", "16")
	x.waitFor("round 2")
	x.fits(60)
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.waitFor("round 2")

	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}
