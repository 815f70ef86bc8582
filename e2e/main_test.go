package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// binDir holds the program the package's tests drive, built once for all
// of them (a build per test cost a link each: nine of them for the tmux
// walks alone).
var (
	binDir    string
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// TestMain makes the directory the program is built into, and removes it
// when the tests are done.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ndcg-explorer-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// repoRoot is the repository's root directory.
func repoRoot() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(here))
}

// build returns the program, compiled the first time a test asks for it:
// a run whose tests all skip builds nothing.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		bin := filepath.Join(binDir, "ndcg-explorer")
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Dir = repoRoot()
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		binPath = bin
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}
