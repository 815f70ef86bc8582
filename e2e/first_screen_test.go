package e2e

import (
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// TestFirstScreenAsAStudent: a bare ndcg-explorer at 80×24, as a person
// new to it. The first screen says what to do (learn, a digit, v) above a
// footer that keeps v views; a digit sets a grade; v lists the views
// with what each is for, a number opens one, whose footer keeps v views
// too; ? there shows its keys on one screen; F1 goes back; a missed
// Shift edits nothing (S, C, O, U, E, X, A are no keys).
func TestFirstScreenAsAStudent(t *testing.T) {
	testenv.Slow(t)
	testenv.Tool(t, "tmux", "tmux")
	x, _, status := start(t, 80, 24)
	x.waitFor("New to NDCG? q, then ndcg-explorer learn. Or: a digit sets a grade, v the views.")
	x.waitFor("v views • ? help • q quit")
	x.fits(80)

	for _, k := range []string{"S", "C", "O", "U", "E", "X", "A", "K", "J"} {
		x.keys(k)
	}
	x.waitFor("NDCG@3 = 0.7263") // the default sample, unchanged
	x.keys("2")
	x.waitFor("grade of A 3 → 2")
	x.keys("u")
	x.waitFor("undid: grade of A 3 → 2")

	x.keys("v")
	x.waitFor("2 Working      every number written out as a sum, as by hand")
	x.fits(80)
	x.keys("2")
	x.waitFor("Explorer [Working] Ties")
	x.waitFor("v views • ? help • q quit")
	x.keys("?")
	x.waitFor("This view")
	x.waitFor("?/esc/q close")
	x.fits(80)
	x.keys("q")
	x.keys("F1")
	x.waitFor("[Explorer] Working")

	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}
