package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// goreleaser finds the GoReleaser binary: GORELEASER, the PATH, or where
// go install puts it. GoReleaser is a tool, not a module dependency, so a
// machine without it skips the test.
func goreleaser(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GORELEASER"); p != "" {
		return p
	}
	if p, err := exec.LookPath("goreleaser"); err == nil {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	require.NoError(t, err)
	p := filepath.Join(strings.TrimSpace(string(out)), "bin", "goreleaser")
	if _, err := os.Stat(p); err != nil {
		t.Skip("goreleaser is not installed: go install github.com/goreleaser/goreleaser/v2@v2.15.1 to run this test")
	}
	return p
}

// TestReleaseSnapshot runs scripts/release-snapshot (goreleaser check, then
// a snapshot release in dist/) and checks what a user downloads: an
// archive, a .deb and an .rpm for each of Linux's two architectures, the
// macOS and Windows archives, the checksums, and a Linux binary whose -v
// is the snapshot's version, as the release stamps it.
func TestReleaseSnapshot(t *testing.T) {
	testenv.Slow(t)
	bin := goreleaser(t)
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(here))
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "release-snapshot"))
	cmd.Env = append(os.Environ(), "GORELEASER="+bin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "release-snapshot:\n%s", out)

	dist := filepath.Join(root, "dist")
	var meta struct {
		Version string `json:"version"`
	}
	data, err := os.ReadFile(filepath.Join(dist, "metadata.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &meta))
	require.NotEmpty(t, meta.Version)

	sums, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	require.NoError(t, err)
	for _, want := range []string{
		"_linux_amd64.tar.gz", "_linux_arm64.tar.gz", "_darwin_amd64.tar.gz", "_darwin_arm64.tar.gz",
		"_windows_amd64.zip", "_windows_arm64.zip", "_amd64.deb", "_arm64.deb", ".x86_64.rpm", ".aarch64.rpm",
	} {
		assert.Contains(t, string(sums), want, "checksums.txt lists no %s", want)
	}

	if runtime.GOOS != "linux" {
		return
	}
	linux, err := filepath.Glob(filepath.Join(dist, "ndcg-explorer_linux_"+runtime.GOARCH+"*", "ndcg-explorer"))
	require.NoError(t, err)
	require.Len(t, linux, 1, "the snapshot's Linux binary for %s", runtime.GOARCH)
	v, err := exec.Command(linux[0], "-v").Output()
	require.NoError(t, err)
	assert.Equal(t, "ndcg-explorer version v"+meta.Version+"\n", string(v))
}
