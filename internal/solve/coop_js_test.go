//go:build js

package solve

import (
	"context"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/coop/cooptest"
)

// Decoding the table takes most of a second in a browser: it must let the
// page draw meanwhile.
func TestLoadLetsTheEventLoopRun(t *testing.T) {
	withSource(t, func(context.Context) ([]byte, error) { return embedded, nil })
	var err error
	start := time.Now()
	tu := cooptest.Watch(func() { _, err = Load(t.Context()) })
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("decoding took %v; the event loop ran %d times, the longest wait %v", took.Round(time.Millisecond), tu.Count, tu.Longest)
	if want := int(took / (50 * time.Millisecond)); tu.Count < want {
		t.Errorf("the event loop ran %d times in %v of decoding, want at least %d (once per 50 ms)", tu.Count, took, want)
	}
}
