//go:build js

package font

import (
	"context"
	"time"

	"github.com/gobblet-game/gobblet/internal/browser"
)

// waitForCJK: in the browser the font is a download; the text is drawn in
// the Go font until it is there.
const waitForCJK = false

func cjkBytes() ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return browser.Fetch(ctx, CJKFile)
}
