package app

import (
	"regexp"
	"strings"
	"testing"
)

// The debug log says once, at the first frame, how long the start took.
func TestFirstFrameIsLoggedOnce(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	var log strings.Builder
	a.opts.Debug = &log
	a.noteFirstFrame()
	a.noteFirstFrame()
	lines := regexp.MustCompile(`(?m)^gobblet: first frame after \d+ms$`).FindAllString(log.String(), -1)
	if len(lines) != 1 {
		t.Errorf("the log reads %q, want one line \"gobblet: first frame after 123ms\"", log.String())
	}
}
