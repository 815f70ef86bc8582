package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An error about a file deep in directories shows what went wrong at 80
// columns: the directories give way, the file's name and line stay.
func TestStatusShortensALongPath(t *testing.T) {
	m := start(t)
	dir := filepath.Join(t.TempDir(), "a-rather-long-directory-name", "another-long-one")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(path, []byte("{\"items\": [\n{\"id\": \"x\", \"grade\": 2},\n"), 0o644))
	press(m, "o")
	typeText(m, path)
	press(m, "enter")
	status := strings.Split(screen(m), "\n")[22]
	assert.True(t, strings.HasPrefix(status, "…/bad.json:"), "%q", status)
	assert.Contains(t, status, "malformed JSON")

	assert.Equal(t, "…/b.json:2: x", shortenPath("/x/y/b.json:2: x"))
	assert.Equal(t, "Unsaved edits. w: save", shortenPath("Unsaved edits. w: save"), "no path")
	assert.Equal(t, "saved to …/b.json (note)", shortenPath("saved to a/b.json (note)"), "a path within")
	assert.Equal(t, "choose one with ↑/↓", shortenPath("choose one with ↑/↓"), "a slash that is not in a path")
}
