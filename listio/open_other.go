//go:build !(linux || darwin)

package listio

import "os"

// openFile is os.Open (see open_file.go).
func openFile(path string) (*os.File, error) { return os.Open(path) }

// openRegular opens path only if it is a regular file (see
// open_file.go); here the check comes before the open.
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err == nil && !fi.Mode().IsRegular() {
		err = &os.PathError{Op: "open", Path: path, Err: notRegular(fi)}
	}
	if err != nil {
		return nil, err
	}
	return os.Open(path)
}
