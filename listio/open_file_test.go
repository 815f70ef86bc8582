package listio

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openFile opens and fails as os.Open does.
func TestOpenFileIsOsOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": []}`), 0o644))
	for _, p := range []string{path, filepath.Join(dir, "missing.json"), dir, filepath.Join(path, "under-a-file")} {
		f, err := openFile(p)
		want, wantErr := os.Open(p)
		if wantErr != nil {
			assert.Equal(t, wantErr, err, p)
			continue
		}
		require.NoError(t, err, p)
		wantFI, err := want.Stat()
		require.NoError(t, err)
		fi, err := f.Stat()
		require.NoError(t, err)
		assert.Equal(t, wantFI.Mode(), fi.Mode(), p)
		if fi.Mode().IsRegular() {
			got, err := io.ReadAll(f)
			require.NoError(t, err)
			assert.Equal(t, `{"items": []}`, string(got))
		}
		f.Close()
		want.Close()
	}
}
