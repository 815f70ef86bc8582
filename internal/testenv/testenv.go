// Package testenv decides which tests run where. The README's test
// command (go test ./...) runs everything that needs only Go and takes
// about a minute; the slow end-to-end tests (a real terminal in tmux, the
// OpenSSH client, a browser, go install through a module proxy) run when
// NDCG_SLOW=1 is set, as bash .ci/run sets it. A test that needs an
// outside tool skips with the package that brings it when the tool is
// missing on a developer's machine, and fails under CI, where .ci/run has
// installed it: a missing tool there is a broken CI, not a pass.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// SlowVar is the environment variable that turns the slow tests on.
const SlowVar = "NDCG_SLOW"

// Slow skips t unless the slow tests are turned on.
func Slow(t testing.TB) {
	t.Helper()
	if os.Getenv(SlowVar) == "" {
		t.Skipf("slow end-to-end test: set %s=1 to run it (bash .ci/run does)", SlowVar)
	}
}

// Trials is how many random cases a property test draws: quick in the
// README's test command, which a developer runs often, and slow where
// the slow tests are on (CI), which draws the many more that find a rare
// case.
func Trials(quick, slow int) int {
	if os.Getenv(SlowVar) != "" {
		return slow
	}
	return quick
}

// Tool returns the path of the command name, skipping t when it is missing
// (failing it under CI). pkg is the Debian package that installs it.
func Tool(t testing.TB, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is missing under CI: .ci/run should have installed it (apt-get install %s)", name, pkg)
	}
	t.Skipf("%s is not installed: skipping (apt-get install %s to run it)", name, pkg)
	return ""
}
