package serve

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A state directory removed during the class is made again at the next
// save; one that cannot be made (a file in its place) is the server's
// problem, said in the log once and kept for the dashboard until a
// write works, tried again every retryEvery with no change needed.
// Before, the directory was not made again, the one warning was
// overwritten on the dashboard within a second, and a crash then lost
// everything since.
func TestAFailingSaveIsTriedAgainUntilItWorks(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "state")
	var mu sync.Mutex
	var lines []string
	s, _ := startServer(t, Config{StateDir: dir, HostKeyPath: filepath.Join(root, "host_key"), Log: func(l string) {
		mu.Lock()
		lines = append(lines, l)
		mu.Unlock()
	}})
	path := filepath.Join(dir, StateFile)

	require.NoError(t, os.RemoveAll(dir))
	s.room.Join("ada", "", "127.0.0.1:1", "")
	require.Eventually(t, func() bool { _, err := os.Stat(path); return err == nil }, 5*time.Second, 20*time.Millisecond)
	assert.Empty(t, s.SaveProblem())

	require.NoError(t, os.RemoveAll(dir))
	require.NoError(t, os.WriteFile(dir, []byte("in the way"), 0o600))
	s.room.Join("bob", "", "127.0.0.1:2", "")
	require.Eventually(t, func() bool { return s.SaveProblem() != "" }, 5*time.Second, 20*time.Millisecond)
	assert.Contains(t, s.SaveProblem(), "cannot keep the room in "+path)

	require.NoError(t, os.Remove(dir))
	require.Eventually(t, func() bool { return s.SaveProblem() == "" }, 3*retryEvery, 20*time.Millisecond)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"bob"`)
	mu.Lock()
	log := strings.Join(lines, "\n")
	mu.Unlock()
	assert.Contains(t, log, "the state directory "+dir+" was gone: made again")
	assert.Equal(t, 1, strings.Count(log, "cannot keep the room in"), log)
	assert.Contains(t, log, "the room is kept in "+path+" again")
}
