//go:build unix

package boundedfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A named pipe with no writer is refused at once: opened as os.Open
// does, it blocked for good. /dev/zero, endless, is refused unread.
func TestReadRefusesPipesAndDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "room.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	_, err := Read(fifo, 1<<20)
	assert.ErrorIs(t, err, ErrNotRegular)
	assert.ErrorContains(t, err, "a named pipe (FIFO)")

	_, err = Read("/dev/zero", 1<<20)
	assert.ErrorIs(t, err, ErrNotRegular)
	assert.ErrorContains(t, err, "a device")
	assert.False(t, errors.Is(err, ErrTooLarge))
}
