//go:build linux || darwin

package search

import (
	"runtime"
	"syscall"
	"unsafe"
)

// newSlots returns n empty slots for t outside the Go heap, given back to
// the system when t is collected. The system maps fresh zero pages at
// once and fills each in only when the search first touches it, so
// making a table costs nothing before the search starts, where its time
// limit watches. (On the heap, a table of an earlier game's freed memory
// is cleared first: on a busy machine, at low priority, a 16 MiB one took
// up to several seconds before the first node.)
func newSlots(t *Table, n uint64) []slot {
	size := n * uint64(unsafe.Sizeof(slot{}))
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]slot, n)
	}
	runtime.AddCleanup(t, func(mem []byte) { syscall.Munmap(mem) }, mem)
	return unsafe.Slice((*slot)(unsafe.Pointer(unsafe.SliceData(mem))), n)
}
