package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The host key's directory keeps its mode when it exists (the working
// directory of --host-key host_key, a 1777 /tmp), and is made 0700 when
// the server makes it.
func TestHostKeyLeavesAnExistingDirectoryAlone(t *testing.T) {
	for _, mode := range []os.FileMode{0o755, os.ModeSticky | 0o777} {
		dir := filepath.Join(t.TempDir(), "d")
		require.NoError(t, os.Mkdir(dir, 0o700))
		require.NoError(t, os.Chmod(dir, mode))
		require.NoError(t, ensureHostKey(filepath.Join(dir, "host_key")))
		st, err := os.Stat(dir)
		require.NoError(t, err)
		assert.Equal(t, mode|os.ModeDir, st.Mode()&(os.ModePerm|os.ModeSticky|os.ModeDir), "%o", mode)
		key, err := os.Stat(filepath.Join(dir, "host_key"))
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), key.Mode().Perm())
	}
	made := filepath.Join(t.TempDir(), "new", "deeper")
	require.NoError(t, ensureHostKey(filepath.Join(made, "host_key")))
	for _, d := range []string{made, filepath.Dir(made)} {
		st, err := os.Stat(d)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o700), st.Mode().Perm(), d)
	}
	// A key there already is kept as it is.
	before, err := os.ReadFile(filepath.Join(made, "host_key"))
	require.NoError(t, err)
	require.NoError(t, ensureHostKey(filepath.Join(made, "host_key")))
	after, err := os.ReadFile(filepath.Join(made, "host_key"))
	require.NoError(t, err)
	assert.Equal(t, before, after)
}
