package listio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func TestSaveKeepsOtherFieldsAndLeavesNoTempFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	src := `{"title": "T", "notes": "N", "x-mine": {"a": 1},
  "items": [{"id": "A", "grade": 3, "score": 0.5}, {"id": "B", "grade": 1, "score": 0.25}],
  "claims": {"ndcg": 0.94}}`
	require.NoError(t, os.WriteFile(path, []byte(src), 0o600))
	doc, err := ReadJSON(path, []byte(src))
	require.NoError(t, err)
	doc.List.Items[1].Grade = 2

	s := ndcg.DefaultSettings()
	s.K = 1
	require.NoError(t, saveJSON(path, doc, s))

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	back, err := ReadJSON(path, data)
	require.NoError(t, err)
	assert.Equal(t, "T", back.Title)
	assert.Equal(t, "N", back.Notes)
	assert.JSONEq(t, `{"a": 1}`, string(back.Extra["x-mine"]))
	require.NotNil(t, back.Claims)
	assert.Equal(t, "0.94", back.Claims.NDCG.Text)
	assert.Equal(t, 2.0, back.List.Items[1].Grade)
	require.NotNil(t, back.Settings.K)
	assert.Equal(t, 1, *back.Settings.K)

	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its permissions")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasSuffix(e.Name(), ".tmp"), "temporary file left behind: %s", e.Name())
	}
}

func TestSaveIntoMissingDirectoryFailsWithoutTouchingAnything(t *testing.T) {
	doc := &Document{List: &ndcg.List{Items: []ndcg.Item{{ID: "A", Grade: 1}}}}
	err := saveJSON(filepath.Join(t.TempDir(), "no", "such", "dir", "l.json"), doc, ndcg.DefaultSettings())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot write in")
}

// saveJSON writes doc as JSON with the settings s to path, atomically: the
// bytes go to a temporary file in the same directory, are synced to
// disk, and the temporary file is renamed over path. A crash or a full
// disk leaves either the old file or the new one, never half of one.
// The document's title, notes, claims and unknown fields are kept.
func saveJSON(path string, doc *Document, s ndcg.Settings) error {
	data, err := WriteJSON(doc, s)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return WriteFileAtomic(path, data)
}
