package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSIGTERMKeepsUnsavedEdits: the explorer killed with unsaved edits
// writes them beside the list, says where, exits 143, and the next start
// in that directory offers the copy.
func TestSIGTERMKeepsUnsavedEdits(t *testing.T) {
	t.Parallel()
	x, dir, status := start(t, 100, 30, "--grades", "3,2,3,0,1", "-k", "5")
	x.waitFor("NDCG@5")
	x.keys("0")
	x.waitFor("grade of A 3 → 0")

	shell := strings.TrimSpace(x.run("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		t.Fatalf("the explorer's process under the shell %s: %v", shell, err)
	}
	pid := strings.Fields(string(out))[0]
	if err := exec.Command("kill", "-TERM", pid).Run(); err != nil {
		t.Fatal(err)
	}
	x.waitFor("stopped by SIGTERM with unsaved edits: they are kept in list.recovered.json")
	deadline := time.Now().Add(5 * time.Second)
	var got []byte
	for time.Now().Before(deadline) {
		if got, _ = os.ReadFile(status); len(got) > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if strings.TrimSpace(string(got)) != "EXIT=143" {
		t.Fatalf("exit status %q, want EXIT=143", got)
	}
	data, err := os.ReadFile(filepath.Join(dir, "list.recovered.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"id": "A", "grade": 0`) {
		t.Fatalf("the copy does not hold the edit:\n%s", data)
	}
}
