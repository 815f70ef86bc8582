// Package e2e drives the real binary in a real terminal (tmux), as a
// person would: type, read the screen, resize, quit.
package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// tmux runs a tmux command on the test's own server socket, so the test
// never touches anyone's sessions.
type tmux struct {
	t      *testing.T
	socket string
}

func (x tmux) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (x tmux) screen() string { return x.run("capture-pane", "-p", "-t", "e2e") }

// waitFor polls the screen until it contains want, rather than sleeping
// blindly.
func (x tmux) waitFor(want string) string {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		s = x.screen()
		if strings.Contains(s, want) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.t.Fatalf("the screen never showed %q; it shows:\n%s", want, s)
	return s
}

func (x tmux) keys(keys ...string) { x.run(append([]string{"send-keys", "-t", "e2e"}, keys...)...) }

// answer sends keys that answer the question on screen after a person's
// pause to read it: a w or y that comes less than 0.3 s after the key
// before it is taken as typed in one go with it, not as an answer.
func (x tmux) answer(keys ...string) {
	time.Sleep(400 * time.Millisecond)
	x.keys(keys...)
}

// start runs the program with args in a w×h session on the test's own
// tmux server, in the test's temporary directory (where save as writes).
// The shell writes the exit status to the returned file, then keeps the
// pane open so that the test can read the last screen. A walk in tmux is
// a slow test (NDCG_SLOW=1 runs it).
func start(t *testing.T, w, h int, args ...string) (x tmux, dir, status string) {
	t.Helper()
	needTmux(t)
	bin := build(t)
	dir = t.TempDir()
	x = tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	status = filepath.Join(dir, "status")
	quoted := []string{shellQuote(bin)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	script := fmt.Sprintf("%s; echo EXIT=$? > %s; sleep 30", strings.Join(quoted, " "), shellQuote(status))
	x.run("new-session", "-d", "-s", "e2e", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-c", dir, "-e", "NO_COLOR=", script)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	return x, dir, status
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// needTmux skips t unless the slow tests are on, and needs tmux.
func needTmux(t *testing.T) {
	t.Helper()
	testenv.Slow(t)
	testenv.Tool(t, "tmux", "tmux")
}

// TestExplorerAsAPerson: the values asserted are NDCG@5 of grades
// 3,2,3,0,1 with linear gain (scikit-learn's ndcg_score gives
// 0.9723642841729145) and of 0,2,3,0,1 (0.6612358700743491).
func TestExplorerAsAPerson(t *testing.T) {
	t.Parallel()
	x, _, status := start(t, 80, 24, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")

	x.waitFor("NDCG@5 = 0.9724")
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	x.keys("u")
	x.waitFor("NDCG@5 = 0.9724")

	x.run("resize-window", "-t", "e2e", "-x", "100", "-y", "30")
	x.waitFor("NDCG@5 = 0.9724")
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.waitFor("NDCG@5 = 0.9724")
	x.fits(80)
	x.run("resize-window", "-t", "e2e", "-x", "30", "-y", "8")
	x.waitFor("too small")
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.waitFor("NDCG@5 = 0.9724")

	// Quitting with an unsaved edit asks first; esc stays.
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	x.keys("q")
	x.waitFor("Unsaved edits. w: save and quit · y: quit without saving · esc: stay")
	x.keys("Escape")
	x.waitFor("not quitting")
	x.keys("u")
	x.waitFor("undid: grade of A 3 → 0")

	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("the explorer ended with %s, want EXIT=0", got)
	}
}

// TestWithoutATerminal: no terminal, no explorer; the message says what
// to use instead and the exit status is 2.
func TestWithoutATerminal(t *testing.T) {
	t.Parallel()
	bin := build(t)
	cmd := exec.Command(bin, "--grades", "3,2,3,0,1")
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("want exit status 2 without a terminal, got %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "ndcg-explorer report") {
		t.Errorf("the message should point to ndcg-explorer report: %s", out)
	}
}
