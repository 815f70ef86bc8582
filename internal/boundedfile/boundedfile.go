package boundedfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// ErrNotRegular is what Read says of a path that names no regular
// file: a named pipe (FIFO), a device, a socket or a directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is what Read says of a file larger than its bound.
var ErrTooLarge = errors.New("larger than the bound")

// Read reads the regular file at path whole, if it holds at most max
// bytes. Its errors wrap fs.ErrNotExist (no file), ErrNotRegular or
// ErrTooLarge, and say in words which.
func Read(path string, max int64) ([]byte, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, %w", path, kind(info.Mode()), ErrNotRegular)
	}
	if info.Size() > max {
		return nil, tooLarge(path, max)
	}
	// The file may grow between the size and the read: read at most one
	// byte past the bound, and refuse if it is there.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

func tooLarge(path string, max int64) error {
	return fmt.Errorf("%s is larger than %s: %w", path, Size(max), ErrTooLarge)
}

// Size writes a bound as a person reads it: 256 MiB, 64 KiB, 100 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// kind names what a path that is no regular file is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "no file"
}
