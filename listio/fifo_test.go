//go:build linux || darwin

package listio

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A FIFO where the group file of ltr data would be (DATA.query, never
// named by the user) is refused at once, where opening it waited for a
// writer forever.
func TestFIFOBesideTheDataIsNotWaitedFor(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "train.txt")
	require.NoError(t, os.WriteFile(data, []byte("2 1:0.5\n0 1:0.1\n"), 0o644))
	pred := filepath.Join(dir, "pred.txt")
	require.NoError(t, os.WriteFile(pred, []byte("0.9\n0.1\n"), 0o644))
	require.NoError(t, syscall.Mkfifo(data+".query", 0o644))
	done := make(chan error, 1)
	go func() {
		_, err := LoadLTR(data, pred, nil)
		done <- err
	}()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Equal(t, data+".query: a FIFO, not a file, where the group file of "+data+" is looked for: it is not read (it could wait forever); remove it, or give the rows qid: fields", err.Error())
	case <-time.After(5 * time.Second):
		// Let the reader go: a writer that closes at once.
		if f, err := os.OpenFile(data+".query", os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("LoadLTR waits on the FIFO beside the data")
	}
	// A regular group file beside the data is still read.
	require.NoError(t, os.Remove(data+".query"))
	require.NoError(t, os.WriteFile(data+".query", []byte("2\n"), 0o644))
	ds, err := LoadLTR(data, pred, nil)
	require.NoError(t, err)
	assert.Len(t, ds.Queries, 1)

	// ReadRegular says what the file is.
	_, err = ReadRegular("/dev/null")
	assert.ErrorIs(t, err, ErrNotRegular)
	assert.Contains(t, err.Error(), "not a regular file but a device")
}
