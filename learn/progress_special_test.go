//go:build linux || darwin

package learn

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A progress file that cannot be read says what to do: a FIFO there is
// refused at once (learn waited for a writer forever), a file of mode
// 000 names the chmod that fixes it.
func TestProgressFileNotReadable(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	path, err := ProgressPath()
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	done := make(chan error, 1)
	go func() { _, err := LoadProgress(); done <- err }()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not a regular file but a FIFO")
		assert.Contains(t, err.Error(), "remove "+path+" to start the path afresh")
	case <-time.After(5 * time.Second):
		if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("LoadProgress waits on a FIFO")
	}
	if os.Geteuid() == 0 {
		return // root reads a file of mode 000
	}
	require.NoError(t, os.Remove(path))
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o000))
	_, err = LoadProgress()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "chmod u+rw "+path)
}
