//go:build !linux

package trec

// mapHeld takes n bytes of the heap: held lines are mapped outside it
// on Linux only.
func mapHeld(n int) (b []byte, mapped bool) { return make([]byte, n), false }

// unmapHeld is never called: mapHeld maps nothing.
func unmapHeld([]byte) {}
