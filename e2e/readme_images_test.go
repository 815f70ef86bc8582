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
// image the README and the pages of docs/ show from the current code (the
// explorer writing its own screens through its X key, in tmux, the
// README's animated demo joined from such screens), and compares each with
// the committed file: a change to a screen or a chart must come with its
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

	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	var shown [][]string
	for _, page := range append([]string{filepath.Join(root, "README.md")}, pages...) {
		text, err := os.ReadFile(page)
		require.NoError(t, err)
		shown = append(shown, regexp.MustCompile(`\]\((?:docs/)?images/([a-z-]+\.svg)\)`).FindAllStringSubmatch(string(text), -1)...)
	}
	require.NotEmpty(t, shown, "the README and docs/ show the images")
	names := map[string]bool{}
	for _, m := range shown {
		names[m[1]] = true
	}
	assert.True(t, names["demo.svg"], "the README shows the animated demo")
	for _, m := range shown {
		name := m[1]
		want, err := os.ReadFile(filepath.Join(images, name))
		require.NoError(t, err, "a page shows %s", name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err, "make.sh does not make %s, which a page shows", name)
		assert.Equal(t, string(want), string(got), "docs/images/%s is not what make.sh draws today: run bash docs/images/make.sh", name)
	}
}
