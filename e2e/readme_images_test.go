package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeImagesAreCurrent runs docs/images/make.sh, which draws every
// image the README shows from the current code (the explorer writing its
// own screens through its X key, in tmux), and compares each with the
// committed file: a change to a screen or a chart must come with its
// pictures (bash docs/images/make.sh rewrites them).
func TestReadmeImagesAreCurrent(t *testing.T) {
	t.Parallel()
	needTmux(t)
	root := repoRoot()
	images := filepath.Join(root, "docs", "images")
	dir := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(images, "make.sh"), dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "make.sh:\n%s", out)

	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	shown := regexp.MustCompile(`docs/images/([a-z-]+\.svg)`).FindAllStringSubmatch(string(readme), -1)
	require.NotEmpty(t, shown, "the README shows the images")
	for _, m := range shown {
		name := m[1]
		want, err := os.ReadFile(filepath.Join(images, name))
		require.NoError(t, err, "the README shows %s", name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err, "make.sh does not make %s, which the README shows", name)
		assert.Equal(t, string(want), string(got), "docs/images/%s is not what make.sh draws today: run bash docs/images/make.sh", name)
	}
}
