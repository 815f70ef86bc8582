package listio

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

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

// Stamp is what tells whether a file changed on disk since it was read
// or written: its size, modification time and a hash of its bytes. The
// hash sees a change the clock does not (two writes of the same size
// within one tick of the file system's clock), the time a change the
// bytes do not (a file written again as it was). The zero Stamp is a
// file that does not exist, or was not read from disk.
type Stamp struct {
	Size    int64
	ModTime time.Time
	Sum     uint64
}

// stampSeed seeds the hashes of this process's stamps, which are
// compared only with each other.
var stampSeed = maphash.MakeSeed()

// StampOf is path's stamp now, reading the file; the zero Stamp when it
// does not exist.
func StampOf(path string) Stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Stamp{}
	}
	return stampOf(fi, data)
}

func stampOf(fi os.FileInfo, data []byte) Stamp {
	return Stamp{Size: int64(len(data)), ModTime: fi.ModTime(), Sum: maphash.Bytes(stampSeed, data)}
}

// Moved reports, from the file's size and time alone (without reading
// it), whether path is no longer the file s stamps: a quick check before
// a save, which WriteFileIfUnchanged makes whole.
func (s Stamp) Moved(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return s != Stamp{}
	}
	return fi.Size() != s.Size || !fi.ModTime().Equal(s.ModTime)
}

// ChangedError is a save refused because the file changed on disk since
// the stamp the save was given: another program, or another explorer,
// wrote it in between.
type ChangedError struct {
	Path string
}

func (e *ChangedError) Error() string {
	return e.Path + " changed on disk since it was read or saved here; the file on disk is unchanged"
}

// WriteFileIfUnchanged replaces path with data as WriteFileAtomic does,
// only if the file is still the one expect stamps (the zero Stamp: no
// file). The comparison and the write are one step under a lock on the
// file's directory, which every save through here takes, so that of two
// saves of the same stamp at the same moment one writes and the other
// gets a *ChangedError, where both would write and one edit be lost. It
// returns the stamp of the file it wrote.
func WriteFileIfUnchanged(path string, data []byte, expect Stamp) (Stamp, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return Stamp{}, fmt.Errorf("%s: %w; the file on disk is unchanged", path, err)
	}
	// A directory that cannot be opened for reading (mode 0300) can
	// still be written in: the comparison is then made without the lock.
	if unlock, err := lockDir(filepath.Dir(target)); err == nil {
		defer unlock()
	}
	if StampOf(target) != expect {
		return Stamp{}, &ChangedError{Path: path}
	}
	if err := WriteFileAtomic(path, data); err != nil {
		return Stamp{}, err
	}
	return StampOf(target), nil
}

// WriteFileStamped replaces path with data as WriteFileAtomic does,
// whatever is on disk, under the same lock as WriteFileIfUnchanged; it
// returns the stamp of the file it wrote.
func WriteFileStamped(path string, data []byte) (Stamp, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return Stamp{}, fmt.Errorf("%s: %w; the file on disk is unchanged", path, err)
	}
	if unlock, err := lockDir(filepath.Dir(target)); err == nil {
		defer unlock()
	}
	if err := WriteFileAtomic(path, data); err != nil {
		return Stamp{}, err
	}
	return StampOf(target), nil
}
