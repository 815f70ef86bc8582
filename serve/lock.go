package serve

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// One server per state directory: two on one room.json overwrite each
// other's attendees (ada on one, bob on the other, and bob's take-home
// line finds nothing). A server holds an exclusive lock (flock) on
// LockFile in its directory for as long as it runs, and writes there
// its process and address, for the one refused to name. The kernel
// drops the lock with the process, however it ends: a lock left by a
// kill -9 is no lock, and the next server takes it over, reading the
// old words only to say whose room it brings back.

// LockFile is the lock's file name in the state directory.
const LockFile = "serve.lock"

// maxLockBytes bounds the lock's words read back.
const maxLockBytes = 4 << 10

// errLocked is what tryLock says of a lock another process holds.
var errLocked = errors.New("locked")

// stateLock is a state directory's lock, held.
type stateLock struct {
	f *os.File
	// stale are the words a server that did not stop cleanly left (its
	// process and address), "" when the last stopped cleanly.
	stale string
	// addr is where this server listens, as the lock last said it.
	addr string
}

// lockState takes dir's lock for this process, listening on addr, or
// says which server holds it.
func lockState(dir, addr string) (*stateLock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot lock the state directory %s: %v (give another with --state-dir)", dir, err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err == nil {
		err = tryLock(f)
	}
	if err != nil {
		_ = f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("another serve keeps its room in %s (%s): stop it first, or give this one another --state-dir", dir, holder(path))
		}
		return nil, fmt.Errorf("cannot lock the state directory %s: %v (give another with --state-dir)", dir, err)
	}
	l := &stateLock{f: f}
	if data, err := boundedfile.Read(path, maxLockBytes); err == nil && len(data) > 0 {
		l.stale = lockText(data)
	}
	if err := l.note(addr); err != nil {
		l.release()
		return nil, fmt.Errorf("cannot write to the state directory %s: %v (give another with --state-dir)", dir, err)
	}
	return l, nil
}

// lockWords are what a lock says of its holder.
func lockWords(addr string) string {
	return "process " + strconv.Itoa(os.Getpid()) + ", listening on " + addr
}

// holder is what the lock at path says of the server holding it.
func holder(path string) string {
	data, err := boundedfile.Read(path, maxLockBytes)
	if err != nil {
		return lockText(nil)
	}
	return lockText(data)
}

// lockText is a lock's words as they are shown: the holder's own when
// they are plain text, else words of ours.
func lockText(data []byte) string {
	words := strings.TrimSpace(string(data))
	if words == "" || !termsafe.Clean(words) || strings.ContainsAny(words, "\n\r\t") {
		return "its process did not say which"
	}
	return words
}

// note writes the lock holder's words: its process, and the address it
// listens on once it does.
func (l *stateLock) note(addr string) error {
	l.addr = addr
	if err := l.f.Truncate(0); err != nil {
		return err
	}
	_, err := l.f.WriteAt([]byte(lockWords(addr)+"\n"), 0)
	return err
}

// release empties the lock's words (a clean stop) and lets it go. The
// file stays: removed, a server opening it meanwhile would lock a file
// no other could see.
func (l *stateLock) release() {
	if l == nil || l.f == nil {
		return
	}
	_ = l.f.Truncate(0)
	unlock(l.f)
	_ = l.f.Close()
	l.f = nil
}
