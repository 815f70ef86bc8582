package trec

import "syscall"

// mapHeld maps n bytes of memory outside the collected heap; it falls
// back to the heap (mapped false). The pages are the system's usual
// ones: asked for 2 MB pages (MADV_HUGEPAGE), a run sorted by rank took
// 50 ms more of the system's time clearing them than it saved on page
// faults.
func mapHeld(n int) (b []byte, mapped bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]byte, n), false
	}
	return b, true
}

// unmapHeld gives back memory from mapHeld.
func unmapHeld(b []byte) {
	_ = syscall.Munmap(b) // a mapping of mapHeld's: nothing to report
}
