package listio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

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

// tempFile is what WriteFileAtomic needs of its temporary file; tests
// give one that fails as a full disk does.
type tempFile interface {
	Write([]byte) (int, error)
	Chmod(os.FileMode) error
	Sync() error
	Close() error
	Name() string
}

var createTemp = func(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }

// tempPattern names the temporary files of a save of base by this
// process: ".list.json.PID.RANDOM.tmp". The process id tells a stale
// one (its process is gone) from one being written by another process.
func tempPattern(base string) string {
	return "." + base + "." + strconv.Itoa(os.Getpid()) + ".*.tmp"
}

// WriteFileAtomic replaces path with data as Save does: temporary file
// in the same directory, sync, rename. An existing file keeps its
// permissions. A symbolic link is followed: the file it points to is
// replaced and the link stays a link. Temporary files that an earlier
// save of the same file left behind when it was killed are removed.
// On any error the file on disk is unchanged, no temporary file is
// left, and the message says so.
func WriteFileAtomic(path string, data []byte) error {
	target, err := resolveLinks(path)
	if err != nil {
		return fmt.Errorf("%s: %w; the file on disk is unchanged", path, err)
	}
	dir := filepath.Dir(target)
	mode := os.FileMode(0o644)
	kept := "nothing was written"
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file; choose another name", path)
		}
		mode = fi.Mode().Perm()
		kept = "the file on disk is unchanged"
	}
	RemoveStaleTemps(target)
	tmp, err := createTemp(dir, tempPattern(filepath.Base(target)))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in %s: %w; %s", dir, err, kept)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	unchanged := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: %w; %s", path, err, kept)
	}
	if _, err := tmp.Write(data); err != nil {
		return unchanged(err)
	}
	if err := tmp.Chmod(mode); err != nil {
		return unchanged(err)
	}
	if err := tmp.Sync(); err != nil {
		return unchanged(err)
	}
	if err := tmp.Close(); err != nil {
		return unchanged(err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return unchanged(err)
	}
	done = true
	// Sync the directory so the rename itself survives a crash.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// resolveLinks follows path's symbolic links to the file they name,
// which need not exist yet (a link to a file not yet written).
func resolveLinks(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", errors.New("too many levels of symbolic links")
}

// staleAge is how old a temporary file without a process id (as earlier
// versions named them) must be to be taken as left by a crash.
const staleAge = time.Minute

// RemoveStaleTemps removes the temporary files that a save of path left
// behind when its process was killed: ".NAME.PID.*.tmp" whose process no
// longer runs, and ".NAME.*.tmp" without a process id older than a
// minute. Other files are not touched. It returns how many it removed.
func RemoveStaleTemps(path string) int {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	prefix := "." + base + "."
	removed := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".tmp") {
			continue
		}
		middle := strings.Split(strings.TrimSuffix(strings.TrimPrefix(name, prefix), ".tmp"), ".")
		if !allDigits(middle) {
			continue
		}
		stale := false
		switch len(middle) {
		case 2: // PID.RANDOM
			pid, _ := strconv.Atoi(middle[0])
			stale = pid != os.Getpid() && !running(pid)
		case 1: // RANDOM, from a version without the process id
			if fi, err := e.Info(); err == nil {
				stale = time.Since(fi.ModTime()) > staleAge
			}
		}
		if stale && os.Remove(filepath.Join(dir, name)) == nil {
			removed++
		}
	}
	return removed
}

func allDigits(parts []string) bool {
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return len(parts) > 0
}

// running reports whether a process with this id exists.
func running(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Stamp is what tells whether a file changed on disk since it was read:
// its size and modification time.
type Stamp struct {
	Size    int64
	ModTime time.Time
}

// StampOf is path's stamp now; the zero Stamp when it does not exist.
func StampOf(path string) Stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	return Stamp{Size: fi.Size(), ModTime: fi.ModTime()}
}
