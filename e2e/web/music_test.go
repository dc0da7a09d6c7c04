//go:build e2e

package web

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// The page's sound effects and music are rendered by its search worker,
// off the page's thread (issue 25): the page's sound asks the worker for
// the effects as it starts, and for the music once the first click has
// opened it; the worker sends their samples, and the debug log says where
// each came from.
func TestTheSoundsComeFromTheSearchWorker(t *testing.T) {
	b := openBrowser(t)
	b.open("?debug")
	b.firstClick()
	fx, _ := b.waitLog(0, `^gobblet: sound: the effects (came from the search worker: ([\d.]+) MB in ([\d.]+) s|are rendered on the page: .*)$`, 2*time.Minute)
	if fx[2] == "" {
		t.Fatalf("the page rendered the effects itself: %s; console:\n%s", fx[0], b.log())
	}
	// Eleven effects, a few seconds of 16-bit stereo in all.
	if mb, _ := strconv.ParseFloat(fx[2], 64); mb < 0.5 || mb > 16 {
		t.Errorf("the worker sent %s MB of effects, want the eleven effects' few MB", fx[2])
	}
	t.Logf("the effects came from the search worker %s s after the page's sound asked for them", fx[3])
	m, _ := b.waitLog(0, `^gobblet: sound: the music (came from the search worker: ([\d.]+) MB in ([\d.]+) s|is rendered on the page: .*)$`, 2*time.Minute)
	if m[2] == "" {
		t.Fatalf("the page rendered the music itself: %s; console:\n%s", m[0], b.log())
	}
	// 72 s of 16-bit stereo at 48 kHz.
	if mb, _ := strconv.ParseFloat(m[2], 64); mb != 13.8 {
		t.Errorf("the worker sent %s MB of music, want the theme's 13.8", m[2])
	}
	t.Logf("the music came from the search worker %s s after the page's sound asked for it", m[3])
	if got := b.audioStates(); !strings.Contains(got, "running") {
		t.Errorf("the page's audio is %q, want running", got)
	}
	if m, _ := b.findLog(0, reException); m != nil {
		t.Errorf("the page threw: %s", m[0])
	}
}

// Where the browser has no Web Workers, the page renders the effects and
// the music itself and says why.
func TestThePageRendersTheSoundsWithoutWorkers(t *testing.T) {
	b := openBrowser(t)
	b.beforeLoad(`delete window.Worker; window.Worker = undefined;`)
	b.open("?debug")
	b.firstClick()
	for _, what := range []string{"effects are", "music is"} {
		m, _ := b.waitLog(0, `^gobblet: sound: the `+what+` rendered on the page: (.*)$|^gobblet: sound: the \w+ came from the search worker`, 2*time.Minute)
		if m[1] != "this browser has no Web Workers" {
			t.Errorf("without workers the page says %q, want that the %s rendered on the page as the browser has no workers", m[0], what)
		}
	}
}

// firstClick waits for the menu and clicks Saved games and Back: the
// page's sound opens at the first click.
func (b *Browser) firstClick() {
	b.t.Helper()
	u := b.waitUI(0, "menu", "", 2*time.Minute)
	b.click(b.widget(u, "Saved games"))
	u = b.waitUI(0, "saved-games", "", 20*time.Second)
	b.click(b.widget(u, "Back"))
	b.waitUI(0, "menu", "", 20*time.Second)
}
