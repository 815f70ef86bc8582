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

// openRegular opens path only if it is a regular file: a FIFO, a device
// or a socket is refused (ErrNotRegular) without waiting, where opening
// a FIFO waits for a writer that may never come. It is for the files
// the program looks for itself, never named by the user (a group file
// beside the data): O_NONBLOCK makes the open itself return at once,
// and is cleared for the reads, which it does not affect on a regular
// file anyway.
func openRegular(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		f := os.NewFile(uintptr(fd), path)
		fi, err := f.Stat()
		if err == nil && !fi.Mode().IsRegular() {
			err = notRegular(fi)
		}
		if err == nil {
			err = syscall.SetNonblock(fd, false)
		}
		if err != nil {
			f.Close()
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return f, nil
	}
}
