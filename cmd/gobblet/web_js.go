//go:build js

package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"syscall/js"
	"time"

	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/solve"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// tableFile is the 3×3 perfect-play table, served beside index.html: the
// browser build leaves it out of the program, which it would more than
// double in size.
const tableFile = "gobblers.sparse"

// prefetchIdle is how long the player leaves the page alone before the
// table downloads in the background. A game that needs it (3×3 against
// Perfect, the move values) fetches it as it opens: the first visit
// downloads only what the first screen needs.
const prefetchIdle = 30 * time.Second

func init() {
	solve.SetSource(func(ctx context.Context) ([]byte, error) { return browser.Fetch(ctx, tableFile) })
	browser.WhenIdle(prefetchIdle, solve.Prefetch)
}

// commandLine is what the page's address offers (pageFlags): the page
// passes the game no arguments of its own.
func commandLine() []string {
	return pageFlags(js.Global().Get("location").Get("search").String())
}

// pageServer is the server the page came from (its origin and folder):
// Invite a friend opens its rooms there, and an invitation link leads
// back to it.
func pageServer() string {
	loc := js.Global().Get("location")
	origin := loc.Get("origin").String()
	if origin == "" || origin == "null" { // a page opened from a file has no server
		return ""
	}
	dir := loc.Get("pathname").String()
	if i := strings.LastIndex(dir, "/"); i >= 0 {
		dir = dir[:i+1]
	} else {
		dir = "/"
	}
	return origin + dir
}

// pageFragment is the fragment of the page's address ("#ABCD-…", an
// invitation link's code), which browsers never send to the server. Once
// read it is taken off the address, so that a reload opens the game, not
// the room again.
func pageFragment() string {
	loc := js.Global().Get("location")
	hash := loc.Get("hash").String()
	if hash != "" {
		js.Global().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String()+loc.Get("search").String())
	}
	return hash
}

// quitNow is nil in a browser: a page is closed by the player, not by the
// program.
func quitNow(func()) func() { return nil }

// workerWait is how long the page's sound waits for the search worker to
// start, counted from the program's start (the game starts it at the
// player's first click, tap or key, or 3 s after its first frame, which a
// slow phone may draw seconds into the visit), before it renders the
// sounds itself.
const workerWait = 30 * time.Second

// soundsFromWorker has the page's sound effects and music rendered by its
// search worker, off the page's thread (internal/sound, received.go): the
// page only takes the samples in. Where the worker cannot, the page renders
// them, as before. The debug log says which.
func soundsFromWorker(dbg io.Writer) {
	say := func(what, is string, bytes int, asked time.Time, err error) {
		switch {
		case dbg == nil:
		case err != nil:
			fmt.Fprintf(dbg, "gobblet: sound: %s %s rendered on the page: %v\n", what, is, err)
		default:
			fmt.Fprintf(dbg, "gobblet: sound: %s came from the search worker: %.1f MB in %.1f s\n", what, float64(bytes)/1e6, time.Since(asked).Seconds())
		}
	}
	sound.SetEffectsSource(func() ([]sound.PCM, error) {
		asked := time.Now()
		fx, err := browser.WorkerEffects(workerWait)
		n := 0
		for _, pcm := range fx {
			n += 2 * len(pcm)
		}
		say("the effects", "are", n, asked, err)
		return fx, err
	})
	sound.SetMusicSource(func() (sound.PCM, error) {
		asked := time.Now()
		pcm, err := browser.WorkerMusic(workerWait)
		say("the music", "is", 2*len(pcm), asked, err)
		return pcm, err
	})
}
