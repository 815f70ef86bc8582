//go:build !(linux || darwin)

package listio

import "os"

// openFile is os.Open (see open_file.go).
func openFile(path string) (*os.File, error) { return os.Open(path) }
