//go:build unix

package boundedfile

import (
	"os"
	"syscall"
)

// open opens path for reading without waiting: a named pipe with no
// writer would block open(2) for good (through TERM, INT and HUP, as
// the signals are handled by the program's other threads).
func open(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == nil {
			return os.NewFile(uintptr(fd), path), nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
	}
}
