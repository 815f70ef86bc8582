//go:build unix

package listio

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive lock on the directory dir (flock), waiting
// for a save in another process to finish; the function returned
// releases it. The directory is locked, not the file, since a save
// replaces the file by another and a lock on it would go with the old.
func lockDir(dir string) (func(), error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		d.Close()
		return nil, err
	}
	return func() {
		// Closing the directory releases the lock too.
		_ = syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
		d.Close()
	}, nil
}
