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
// start (the game starts it a few seconds after its first frame) before
// it renders the music itself.
const workerWait = 10 * time.Second

// musicFromWorker has the page's music rendered by its search worker,
// off the page's thread (internal/sound, received.go): the page only takes
// the samples in. Where the worker cannot, the page renders it, as before.
// The debug log says which.
func musicFromWorker(dbg io.Writer) {
	sound.SetMusicSource(func() (sound.PCM, error) {
		asked := time.Now()
		pcm, err := browser.WorkerMusic(workerWait)
		if dbg != nil {
			if err != nil {
				fmt.Fprintf(dbg, "gobblet: sound: the music is rendered on the page: %v\n", err)
			} else {
				fmt.Fprintf(dbg, "gobblet: sound: the music came from the search worker: %.1f MB in %.1f s\n", float64(2*len(pcm))/1e6, time.Since(asked).Seconds())
			}
		}
		return pcm, err
	})
}
