//go:build linux || darwin

package listio

import (
	"os"
	"syscall"
)

// openFile opens path for reading as os.Open does, but as a file that
// blocks on read, as os.NewFile leaves it: os.Open hands a file to the
// runtime's poller, and the first one it hands starts the poller (an
// epoll instance and an event descriptor, seven system calls in all)
// for a regular file that it cannot poll anyway. A list is read once,
// whole; a pipe or a terminal named as a path blocks a thread as it
// reads, which nothing else needs meanwhile.
func openFile(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == nil {
			return os.NewFile(uintptr(fd), path), nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
	}
}
