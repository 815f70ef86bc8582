package listio

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Of two saves of the same stamp at the same moment, one writes and the
// other is refused with a *ChangedError: the comparison and the write
// are one step under the directory's lock.
func TestWriteFileIfUnchangedRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list.json")
	for try := range 50 {
		require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
		stamp := StampOf(path)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, data := range []string{"one", "two"} {
			wg.Go(func() { _, errs[i] = WriteFileIfUnchanged(path, []byte(data), stamp) })
		}
		wg.Wait()
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		var changed *ChangedError
		if errs[0] == nil {
			assert.ErrorAs(t, errs[1], &changed, "try %d: both wrote", try)
			assert.Equal(t, "one", string(got))
		} else {
			assert.ErrorAs(t, errs[0], &changed, "try %d", try)
			assert.NoError(t, errs[1], "try %d", try)
			assert.Equal(t, "two", string(got))
		}
	}
}

// A stamp sees a change of the bytes with the same size and time (two
// writes within one tick of the file system's clock), and a change of
// time with the same bytes.
func TestStampSeesEveryChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list.json")
	require.NoError(t, os.WriteFile(path, []byte("abc"), 0o644))
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	require.NoError(t, os.Chtimes(path, at, at))
	s := StampOf(path)
	require.NoError(t, os.WriteFile(path, []byte("abd"), 0o644))
	require.NoError(t, os.Chtimes(path, at, at))
	assert.NotEqual(t, s, StampOf(path), "same size and time, other bytes")
	assert.False(t, s.Moved(path), "size and time alone do not see it")
	_, err := WriteFileIfUnchanged(path, []byte("mine"), s)
	var changed *ChangedError
	require.ErrorAs(t, err, &changed)
	got, _ := os.ReadFile(path)
	assert.Equal(t, "abd", string(got), "theirs kept")

	s = StampOf(path)
	later := at.Add(time.Second)
	require.NoError(t, os.Chtimes(path, later, later))
	assert.True(t, s.Moved(path))
	assert.NotEqual(t, s, StampOf(path))

	// A list read from the file carries the stamp of what was read.
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"grade": 1}]}`), 0o644))
	doc, err := Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, StampOf(path), doc.Disk)
}

// A directory that can be written in but not listed (mode 0300) still
// takes a save: the lock is left out there, not the save.
func TestWriteFileIfUnchangedInADirectoryNotReadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any directory")
	}
	dir := filepath.Join(t.TempDir(), "d")
	require.NoError(t, os.Mkdir(dir, 0o700))
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	stamp := StampOf(path)
	require.NoError(t, os.Chmod(dir, 0o300))
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	_, err := WriteFileIfUnchanged(path, []byte("new"), stamp)
	require.NoError(t, err)
	require.NoError(t, os.Chmod(dir, 0o700))
	got, _ := os.ReadFile(path)
	assert.Equal(t, "new", string(got))
}
