package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCopyAndScreenKeys: y m sends the report to the terminal's
// clipboard (OSC 52), which tmux keeps as a paste buffer when told to,
// and X writes the screen as an SVG image where the person says. The
// values are NDCG@5 of grades 3,2,3,0,1 with linear gain (scikit-learn's
// ndcg_score gives 0.9723642841729145) and its terms.
func TestCopyAndScreenKeys(t *testing.T) {
	t.Parallel()
	x, dir, _ := start(t, 100, 30, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	x.run("set-option", "-g", "set-clipboard", "on")
	x.waitFor("NDCG@5 = 0.9724")

	x.keys("y")
	x.waitFor("copy: v view as text · m report as markdown · j list as JSON")
	x.keys("m")
	x.waitFor("copied the report as markdown")
	buffer := x.pasteBuffer("NDCG@5")
	for _, want := range []string{"## inline", "| 2 | B | 2 | – |  | 2 | 0.6309 | 1.2619 | 4.2619 | 3 | 4.8928 | 0.8710 |", "- **NDCG@5** = 0.9724"} {
		if !strings.Contains(buffer, want) {
			t.Errorf("the clipboard lacks %q; it holds:\n%s", want, buffer)
		}
	}

	path := filepath.Join(dir, "screen.svg")
	x.keys("X")
	x.waitFor("screen as SVG: list-explorer.svg")
	x.keys("C-u", path, "Enter")
	x.waitFor("wrote the screen (100×30) as an SVG image")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "NDCG@5 = 0.9724") {
		t.Errorf("the image does not show the summary line:\n%s", data)
	}
}

// pasteBuffer polls tmux's newest paste buffer until it holds want.
func (x tmux) pasteBuffer(want string) string {
	x.t.Helper()
	var s string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if out, err := x.try("show-buffer"); err == nil {
			s = out
			if strings.Contains(s, want) {
				return s
			}
		}
	}
	x.t.Fatalf("no paste buffer held %q; the last one:\n%s", want, s)
	return s
}

// try runs a tmux command that may fail (show-buffer before any copy).
func (x tmux) try(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-S", x.socket}, args...)...).Output()
	return string(out), err
}
