//go:build !(linux || darwin)

package search

// newSlots returns n empty slots for t on the heap.
func newSlots(t *Table, n uint64) []slot { return make([]slot, n) }
