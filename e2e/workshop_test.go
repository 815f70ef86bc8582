package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewFileAsAPerson: `ndcg-explorer new.json` on a file that does not
// exist opens an empty list, says so in the title, and the first save
// creates the file. One item of grade 3: DCG = IDCG = 7, NDCG@all 1.
func TestNewFileAsAPerson(t *testing.T) {
	t.Parallel()
	x, dir, status := start(t, 80, 24, "new.json")
	x.waitFor("new.json (new file: w saves it)")
	x.waitFor("NDCG is undefined: the list is empty")
	x.keys("a")
	x.keys("3")
	x.waitFor("NDCG@all = 1.0000")
	x.keys("w")
	x.waitFor("saved 1 item to new.json")
	if s := x.screen(); strings.Contains(s, "(new file") {
		t.Errorf("after the save the title still says new file:\n%s", s)
	}
	b, err := os.ReadFile(filepath.Join(dir, "new.json"))
	if err != nil {
		t.Fatalf("the save did not create new.json: %v", err)
	}
	if !strings.Contains(string(b), `"grade": 3`) {
		t.Errorf("new.json does not hold the item:\n%s", b)
	}
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}

// TestUnmodifiedAfterEditsCancelOut: the gain cycled back to the one the
// sample sets (exp → linear → exp), then both changes undone: nothing
// changed, so the title says nothing of edits and q quits at once.
func TestUnmodifiedAfterEditsCancelOut(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "sample:idcg-slip")
	x.waitFor("gain exp · log2")
	x.keys("g")
	x.waitFor("gain linear · log2")
	if !strings.Contains(x.screen(), "modified") {
		t.Errorf("a changed gain should mark the list modified:\n%s", x.screen())
	}
	x.keys("g")
	s := x.waitFor("gain exp · log2")
	if strings.Contains(strings.SplitN(s, "\n", 2)[0], "modified") {
		t.Errorf("the gain is back to the sample's, yet the title says modified:\n%s", s)
	}
	x.keys("u", "u")
	x.waitFor("undid: gain")
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0 without asking to save", got)
	}
}

// TestPresentAsAPerson: --present draws the projector mode at 80×24 and
// 100×30 within the screen; R switches back to the full table.
func TestPresentAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "--present")
	x.waitFor("grade   score   gain discount contribution    DCG@i")
	x.waitFor("NDCG@3 = █ █")
	x.fits(80)
	x.run("resize-window", "-t", "e2e", "-x", "100", "-y", "30")
	x.waitFor("DCG@3 = 9.3809     IDCG@3 = 12.9165")
	x.fits(100)
	x.keys("R")
	x.waitFor("the full table: R for the projector mode")
	x.waitFor("IDCG@i")
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}

// TestWorkshopKeysAsAPerson: the ties view's t on the default sample
// says C and D already tie; the quiz of --seed 485781, round 2, keeps the
// IDCG line of its solution at 80×24.
func TestWorkshopKeysAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "--seed", "485781")
	x.waitFor("NDCG@3 = 0.7263")
	x.keys("F3")
	x.waitFor("Ties")
	x.keys("t")
	x.waitFor("ranks 3 and 4 (C and D) already tie at score 0.71")
	x.keys("F10", "n")
	x.waitFor("round 2")
	x.keys("0.545", "Enter")
	x.waitFor("= 7.000 + 1.893 + 1.500 + 1.292 + 1.161 + 0.356 = 13.202")
	x.waitFor("NDCG@6 = DCG@6 / IDCG@6 = 7.195 / 13.202 = 0.5450")
	x.keys("Up")
	x.waitFor("working, lines")
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}

// TestCutoffAndQuitKeysAsAPerson: q in the quiz with an answer typed
// asks rather than quits; k opens the cutoff field, where 2 and enter
// set k=2; q with that edit unsaved asks, y quits.
func TestCutoffAndQuitKeysAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "--seed", "485781")
	x.waitFor("NDCG@3 = 0.7263")
	x.keys("F10")
	x.waitFor("round 1")
	x.keys("0.5", "q")
	x.waitFor("The answer is not sent yet. y: quit · esc: stay and answer")
	x.keys("Escape")
	x.waitFor("not quitting") // esc then F1 at once would arrive as alt+F1
	x.keys("F1", "k")
	x.waitFor("k = ")
	x.keys("2", "Enter")
	x.waitFor("NDCG@2 = ")
	x.keys("q")
	x.waitFor("Unsaved edits")
	x.answer("y")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}
