package coop

import "testing"

// Yield sits in the search's inner loop: it must never allocate.
func TestYieldAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(10000, Yield); n != 0 {
		t.Errorf("Yield allocates %v times a call, want 0", n)
	}
}

func BenchmarkYield(b *testing.B) {
	for b.Loop() {
		Yield()
	}
}
