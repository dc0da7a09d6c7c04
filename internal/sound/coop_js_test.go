//go:build js

package sound

import (
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/coop/cooptest"
)

// Making the sounds takes seconds in a browser (the music most): the page
// must keep drawing meanwhile.
func TestSynthesisLetsTheEventLoopRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		render func()
	}{
		{"effects", func() {
			for _, e := range Effects() {
				newPCM16(RenderEffect(e))
			}
		}},
		{"music", func() { newLoopStream(RenderMusic(Theme())) }},
	} {
		start := time.Now()
		tu := cooptest.Watch(tc.render)
		took := time.Since(start)
		t.Logf("%s: %v; the event loop ran %d times, the longest wait %v", tc.name, took.Round(time.Millisecond), tu.Count, tu.Longest)
		if want := int(took / (50 * time.Millisecond)); tu.Count < want {
			t.Errorf("%s: the event loop ran %d times in %v, want at least %d (once per 50 ms)", tc.name, tu.Count, took, want)
		}
	}
}
