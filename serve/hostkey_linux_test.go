package serve

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// A disk full at first start leaves no host key at all, where a 0-byte
// one made every later start fail ("ssh: no key found") until deleted by
// hand; once there is room, the next start makes the key. The full disk
// is a small tmpfs, filled: the test is skipped where mounting is not
// allowed (not root, or in a container without the capability).
func TestHostKeyOnAFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("cannot mount a small tmpfs here: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, 0) })
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	require.NoError(t, err)
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
			break
		}
	}
	require.NoError(t, f.Close())

	doc, err := listio.Inline("3,2,1", "")
	require.NoError(t, err)
	path := filepath.Join(dir, "host_key")
	_, err = New(Config{HostKeyPath: path, Doc: doc, Settings: ndcg.DefaultSettings()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot write the host key to "+path)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"filler"}, names, "no key and no temporary file left")

	require.NoError(t, os.Remove(filler))
	s, err := New(Config{HostKeyPath: path, Doc: doc, Settings: ndcg.DefaultSettings()})
	require.NoError(t, err)
	assert.NotEmpty(t, s.Fingerprint())
}
