package trec

import "syscall"

// mapHeld maps n bytes of memory outside the collected heap, backed by
// 2 MB pages where the system allows (a page fault per 2 MB of held
// lines, not per 4 KB); it falls back to the heap (mapped false).
func mapHeld(n int) (b []byte, mapped bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]byte, n), false
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE: advice, failing changes nothing
	return b, true
}

// unmapHeld gives back memory from mapHeld.
func unmapHeld(b []byte) {
	_ = syscall.Munmap(b) // a mapping of mapHeld's: nothing to report
}
