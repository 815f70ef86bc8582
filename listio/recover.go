package listio

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// RecoverySuffix ends the name of the copy the explorer keeps of unsaved
// edits when it is stopped by a signal: list.json → list.recovered.json.
const RecoverySuffix = ".recovered.json"

// RecoveryPath is where the explorer keeps the unsaved edits of the list
// named name: beside its file, or, for a list without one (a sample,
// standard input, --grades), in the current directory.
func RecoveryPath(name string) string {
	switch {
	case strings.HasPrefix(name, SamplePrefix):
		return strings.TrimSuffix(strings.TrimPrefix(name, SamplePrefix), ".json") + RecoverySuffix
	case name == "" || name == "-" || name == "inline":
		return "list" + RecoverySuffix
	case strings.HasSuffix(name, RecoverySuffix):
		return name
	}
	return strings.TrimSuffix(name, filepath.Ext(name)) + RecoverySuffix
}

// FindRecovery returns the recovery copy of the list named name and when
// it was written, when there is one newer than the list's file (an older
// one was overtaken by a later save).
func FindRecovery(name string) (string, time.Time, bool) {
	p := RecoveryPath(name)
	if p == name {
		return "", time.Time{}, false
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return "", time.Time{}, false
	}
	if orig, err := os.Stat(name); err == nil && orig.ModTime().After(fi.ModTime()) {
		return "", time.Time{}, false
	}
	return p, fi.ModTime(), true
}
