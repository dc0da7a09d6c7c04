package app

import (
	"context"
	"runtime"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// inBrowser is set when the game runs as a web page (GOOS=js): there is
// no window to size, no program to quit and no network socket to open, so
// the few screens that offer those say so or leave them out. A variable,
// not a constant, so tests on the desktop can play the browser's part.
var inBrowser = runtime.GOOS == "js"

// onlineInBrowser is what the New game screen says when Start cannot be
// pressed for an online game in a browser (today never: a page plays
// online through a server, and On this network cannot be chosen there).
func onlineInBrowser() string { return locale.T("OnlineInBrowser") }

// workerAfter is how long after the first frame the search worker starts
// (its download and compiling), unless a question or the player's first
// click, tap or key comes first: that input opens the page's sound, whose
// effects and music the worker renders (cmd/gobblet, web_js.go).
const workerAfter = 3 * time.Second

// warmUpSearch runs, in a browser, a small search of each game in the
// background once the first frame is drawn. A page's first search pauses
// drawing for most of a tenth of a second while the browser compiles the
// search's code; paid on the menu, nobody sees it, and the first move
// against the computer keeps its frames coming.
//
// Where the page can start its search worker (brain_worker.go), it does so
// here instead, and the computer players ask it: the worker's first search
// pays that price off the page's thread.
func (a *App) warmUpSearch() {
	if !inBrowser || a.NewThinker == nil {
		return
	}
	if sw := startSearchWorker(a.debugf); sw != nil {
		a.NewThinker = func() Thinker { return sw.thinker() }
		time.AfterFunc(workerAfter, sw.begin)
		a.beginWorker = sw.begin
		return
	}
	t := a.NewThinker()
	go func() {
		for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
			_, _ = t.Think(context.Background(), rules.NewGame(v), ai.Config{Level: "expert", Nodes: 20_000, HashMiB: 1, Threads: 1}, func(ai.Info) {})
		}
	}()
}
