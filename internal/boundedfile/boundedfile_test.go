package boundedfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	require.NoError(t, os.WriteFile(small, []byte("a phrase\n"), 0o600))
	data, err := Read(small, 9)
	require.NoError(t, err)
	assert.Equal(t, "a phrase\n", string(data))

	_, err = Read(small, 8)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.ErrorContains(t, err, "larger than 8 bytes")

	_, err = Read(filepath.Join(dir, "none"), 8)
	assert.ErrorIs(t, err, fs.ErrNotExist)

	_, err = Read(dir, 1<<20)
	assert.ErrorIs(t, err, ErrNotRegular)
	assert.ErrorContains(t, err, "a directory")
}

func TestSize(t *testing.T) {
	assert.Equal(t, "256 MiB", Size(256<<20))
	assert.Equal(t, "64 KiB", Size(64<<10))
	assert.Equal(t, "100 bytes", Size(100))
}
