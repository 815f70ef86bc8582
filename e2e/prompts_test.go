package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// paste pastes text as the terminal's own paste does: bracketed, so that
// the program reads it as one paste and not as keys.
func (x tmux) paste(text string) {
	x.run("set-buffer", "-b", "e2e-paste", "--", text)
	x.run("paste-buffer", "-p", "-d", "-b", "e2e-paste", "-t", "e2e")
}

// TestPromptsAsAPerson types, pastes and edits in the prompts' fields
// with the keys of a shell's line: save as, k and the open dialog.
func TestPromptsAsAPerson(t *testing.T) {
	t.Parallel()
	x, dir, status := start(t, 80, 24, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	x.waitFor("NDCG@5 = 0.9724")
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}

	// Save as: a pasted line, its line end dropped, then edited by words.
	x.keys("W")
	x.waitFor("save as: ")
	x.keys("C-u")
	x.paste("lists/東京 day one.json\n")
	x.waitFor("save as: lists/東京 day one.json")
	x.keys("M-BSpace")
	x.waitFor("save as: lists/東京 day one.")
	x.keys("-l", "csv")
	x.keys("C-a", "M-d")
	x.waitFor("save as: /東京 day one.csv")
	x.keys("-l", "out")
	x.waitFor("save as: out/東京 day one.csv")
	x.fits(80)
	x.keys("Enter")
	x.waitFor("saved 5 items to out/東京 day one.csv")
	if _, err := os.Stat(filepath.Join(dir, "out", "東京 day one.csv")); err != nil {
		t.Fatal(err)
	}

	// A score edited in place is typed over, as a spreadsheet's cell:
	// s then 0.25 on 0.5 gives 0.25, not 0.50.25; end keeps it to append.
	x.keys("s")
	x.waitFor("score of A: type a number · enter applies")
	x.keys("-l", "0.5")
	x.keys("Enter")
	x.waitFor("A's set to 0.5")
	x.keys("s")
	x.waitFor("score of A: type over it, ← edits it · enter applies")
	x.keys("-l", "0.25")
	x.keys("Enter")
	x.waitFor("score of A 0.5 → 0.25")
	x.keys("s", "End")
	x.keys("-l", "1")
	x.keys("Enter")
	x.waitFor("score of A 0.25 → 0.251")

	// k: only digits go in, a paste's digits too.
	x.keys("k")
	x.waitFor("k = ")
	x.paste("1 x\n")
	x.keys("-l", "x")
	x.waitFor("k takes digits")
	x.keys("Enter")
	x.waitFor("k=1 ")

	// The open dialog: a path wider than the field scrolls, home brings
	// its start back.
	long := "/nowhere/" + strings.Repeat("a-very-long-directory-name/", 3) + "the-list.json"
	x.keys("o")
	x.waitFor("y: open without saving") // k changed the list's settings
	x.keys("-l", "/")
	x.waitFor("Answer first. w: save, then open") // a path typed too soon does not vanish
	x.answer("y")
	x.waitFor("path: mylist.json (a new .json starts a list)")
	x.keys("-l", long)
	x.waitFor("directory-name/the-list.json")
	x.fits(80)
	x.keys("Home")
	x.waitFor("path: /nowhere/a-very-long")
	x.keys("Escape")
	x.waitFor("NDCG@1 = ")

	// Quit without saving k, before the test's directory goes: killed
	// with unsaved edits, the explorer would write them beside the list.
	x.keys("q")
	x.waitFor("y: quit without saving")
	x.answer("y")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}
