package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second server on a state directory in use is refused at start,
// naming the first one's process and address: two on one room.json
// overwrote each other's attendees. --forget is refused too while the
// room is served. Once the first stops, the directory is free.
func TestOneServerPerStateDirectory(t *testing.T) {
	dir := t.TempDir()
	first, err := New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t)})
	require.NoError(t, err)
	ln, err := first.Listen()
	require.NoError(t, err)
	first.noteListening(ln)
	defer ln.Close()

	_, err = New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t)})
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("another serve keeps its room in %s (process %d, listening on ssh %s): stop it first, or give this one another --state-dir",
		dir, os.Getpid(), ln.Addr()), err.Error())
	require.NoError(t, os.WriteFile(filepath.Join(dir, StateFile), []byte("{}"), 0o600))
	assert.ErrorContains(t, Forget(dir), "another serve keeps its room in "+dir)

	require.NoError(t, first.Close())
	again, err := New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t)})
	require.NoError(t, err)
	assert.Empty(t, again.lock.stale, "the first stopped cleanly")
	require.NoError(t, again.Close())
}

// A lock whose process is gone (kill -9 leaves the file, and the kernel
// drops the lock) is taken over, the banner saying whose it was.
func TestAStaleLockIsTakenOver(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, LockFile), []byte("process 4242, listening on ssh 127.0.0.1:24102\n"), 0o600))
	s, err := New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t)})
	require.NoError(t, err)
	defer s.Close()
	banner := strings.Join(s.Banner(nil), "\n")
	assert.Contains(t, banner, "the last serve on it (process 4242, listening on ssh 127.0.0.1:24102) did not stop cleanly: the room is back as it last saved it")
	data, err := os.ReadFile(filepath.Join(dir, LockFile))
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("process %d, listening on 127.0.0.1:0\n", os.Getpid()), string(data))
}
