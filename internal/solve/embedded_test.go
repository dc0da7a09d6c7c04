package solve

import (
	"runtime"
	"testing"
	"time"
	"weak"
)

// The built-in solution (50 MB decoded) is let go a while after its last
// use, and loads again when it is next asked for.
func TestEmbeddedIsLetGoAfterUse(t *testing.T) {
	setKeepFor := func(d time.Duration) { // the release timer reads it
		loaded.mu.Lock()
		defer loaded.mu.Unlock()
		keepFor = d
	}
	defer setKeepFor(keepFor)
	setKeepFor(20 * time.Millisecond)
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	held := weak.Make(sol)
	again, err := Embedded()
	if err != nil || again != sol {
		t.Fatalf("a second call while in use loaded it again (%v)", err)
	}
	sol, again = nil, nil
	deadline := time.Now().Add(5 * time.Second)
	for held.Value() != nil {
		if time.Now().After(deadline) {
			t.Fatal("the solution is still loaded long after its last use")
		}
		time.Sleep(10 * time.Millisecond)
		runtime.GC()
	}
	sol, err = Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if v, err := sol.Value(t.Context(), Board{}); err != nil || v != WinIn(13) {
		t.Errorf("reloaded, the empty board is worth %v (%v), want a win in 13 plies", v, err)
	}
}
