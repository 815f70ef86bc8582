package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// bashCompletion is where Debian's bash-completion package keeps its
// script.
const bashCompletion = "/usr/share/bash-completion/bash_completion"

// TestCompletionInABareBash: TAB in an interactive bash started without
// any startup file and without the bash-completion package (as on
// macOS's bash, Git Bash and minimal installs), after eval of the
// script ndcg-explorer completion bash prints, completes commands,
// sample names, files and --query ids, and never prints
// "_get_comp_words_by_ref: command not found" as cobra's script alone
// did.
func TestCompletionInABareBash(t *testing.T) {
	testenv.Slow(t)
	completionWalk(t, "")
}

// TestCompletionWithBashCompletion: the same with the bash-completion
// package loaded first, whose functions the script then uses.
func TestCompletionWithBashCompletion(t *testing.T) {
	testenv.Slow(t)
	if _, err := os.Stat(bashCompletion); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing under CI: .ci/run should have installed it (apt-get install bash-completion)", bashCompletion)
		}
		t.Skipf("%s is missing: skipping (apt-get install bash-completion to run it)", bashCompletion)
	}
	completionWalk(t, bashCompletion)
}

// completionWalk types command lines into bash -i in tmux and presses
// TAB, with the bash-completion package's script sourced first when
// withPackage names it.
func completionWalk(t *testing.T, withPackage string) {
	testenv.Tool(t, "tmux", "tmux")
	bash := testenv.Tool(t, "bash", "bash")
	bin := build(t)
	binDir := filepath.Dir(bin)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mylist.json"), []byte(`{"items":[{"grade":3}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Two queries, q7 and q8, for --query.
	if err := os.WriteFile(filepath.Join(dir, "judged.qrels"), []byte("q7 0 d1 1\nq8 0 d2 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	shell := "env -i HOME=" + shellQuote(dir) + " TERM=xterm PS1='$ ' PATH=" + shellQuote(binDir+":/usr/bin:/bin") + " " +
		shellQuote(bash) + " --norc --noprofile -i"
	x.run("new-session", "-d", "-s", "e2e", "-x", "150", "-y", "40", "-c", dir, shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	x.waitFor("$")

	if withPackage != "" {
		x.keys("source "+withPackage+" && echo PACKAGE-LOADED", "Enter")
		x.waitFor("\nPACKAGE-LOADED")
	} else {
		x.keys("declare -F _get_comp_words_by_ref _filedir || echo NO-PACKAGE", "Enter")
		x.waitFor("\nNO-PACKAGE")
	}
	x.keys(`eval "$(ndcg-explorer completion bash)" && echo SCRIPT-LOADED`, "Enter")
	x.waitFor("\nSCRIPT-LOADED")

	for i, c := range []struct {
		typed, tabs, want string
	}{
		// The | typed after TAB shows where the completion left the
		// cursor (the screen keeps no trailing blank).
		{"ndcg-explorer tr", "Tab", "$ ndcg-explorer trec |"},
		{"ndcg-explorer sample:ti", "Tab", "$ ndcg-explorer sample:ties-at-k |"},
		{"ndcg-explorer report sample:idcg", "Tab", "$ ndcg-explorer report sample:idcg-slip |"},
		{"ndcg-explorer myl", "Tab", "$ ndcg-explorer mylist.json |"},
		{"ndcg-explorer report --gain=li", "Tab", "$ ndcg-explorer report --gain=linear |"},
		{"ndcg-explorer report --cut", "Tab", "$ ndcg-explorer report --cutoff |"},
		// Both ids, listed on the second TAB.
		{"ndcg-explorer --qrels judged.qrels --run r --query q", "Tab Tab", "q7  q8"},
	} {
		// A builtin between the cases (clear, a program, may flush
		// what is typed next), then readline's own clear screen.
		x.keys(fmt.Sprintf("echo CASE-%d", i), "Enter")
		x.waitFor(fmt.Sprintf("\nCASE-%d", i))
		x.keys("C-l")
		x.waitForGone(fmt.Sprintf("CASE-%d", i))
		x.keys("-l", c.typed)
		for _, k := range strings.Fields(c.tabs) {
			time.Sleep(100 * time.Millisecond) // two TABs apart, not one keystroke
			x.keys(k)
		}
		if strings.HasSuffix(c.want, "|") {
			x.keys("-l", "|")
		}
		s := x.waitFor(c.want)
		if strings.Contains(s, "command not found") {
			t.Errorf("%q: bash printed an error:\n%s", c.typed, s)
		}
		x.keys("C-c")
	}
}

// waitForGone polls until the screen no longer shows text.
func (x tmux) waitForGone(text string) {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if !strings.Contains(x.screen(), text) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.t.Fatalf("the screen still shows %q", text)
}
