package listio

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Save writes doc as JSON with the settings s to path, atomically: the
// bytes go to a temporary file in the same directory, are synced to
// disk, and the temporary file is renamed over path. A crash or a full
// disk leaves either the old file or the new one, never half of one.
// The document's title, notes, claims and unknown fields are kept.
func Save(path string, doc *Document, s ndcg.Settings) error {
	data, err := WriteJSON(doc, s)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return WriteFileAtomic(path, data)
}

// WriteFileAtomic replaces path with data as Save does: temporary file
// in the same directory, sync, rename. An existing file keeps its
// permissions.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file; choose another name", path)
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	done = true
	// Sync the directory so the rename itself survives a crash.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
