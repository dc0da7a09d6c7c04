//go:build js

// Command searchworker is the computer's search for the browser version,
// run in a Web Worker beside the page (search-worker.js starts it): the
// page's own thread then only draws and reads input while the computer
// thinks. It is a small program of its own (the rules, the search and the
// levels, without the game's window, drawing and sound), about a tenth of
// the game's size; the game in a worker would also need Ebitengine, which
// reaches for the page's document as it starts.
//
// It reads the page's questions (internal/browser/searchmsg) from its
// messages, searches one at a time (a new question stops the one under
// way, and a stop message stops it: its best move so far is the answer),
// and keeps each of the page's computer players' engines, with their
// transposition tables, between questions. Asked for the sound effects or
// the music, it renders them between searches and sends them to the page
// (music.go).
package main

import (
	"context"
	"sync"
	"syscall/js"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/browser/searchmsg"
	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// inputRest is how long the search rests after each slice of work (8 ms,
// internal/coop) while the page says its player's input is busy and its
// frames come late: the search then takes about a quarter of a core, and
// the page and the browser's drawing the rest. The level's time is the
// same, so a search that rested goes less deep; only a page whose frames
// came late asks for it (on a machine with few cores or no GPU).
const inputRest = 24 * time.Millisecond

// warmUp runs a small search of each game, on an engine of its own, until
// it ends or the first question stops it (the CancelFunc). The browser
// compiles the search's code for speed only once it has run for a while,
// on the browser's background threads: paid here, while the player is
// still on the menu, the first move against the computer does not share
// the processor with the compiler.
func warmUp() context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		e := ai.NewEngine()
		for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
			if ctx.Err() != nil {
				return
			}
			_, _ = e.Think(ctx, rules.NewGame(v), ai.Config{Level: "expert", Nodes: 200_000, HashMiB: 1, Threads: 1}, nil)
		}
	}()
	return cancel
}

func main() {
	self := js.Global()
	msgs := make(chan string, 64)
	busy := newSearches()
	var music, effects sync.Once
	self.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if d := args[0].Get("data"); d.Type() == js.TypeString {
			switch s := d.String(); s {
			case searchmsg.InputBusy:
				coop.SetRest(inputRest)
			case searchmsg.InputQuiet:
				coop.SetRest(0)
			case searchmsg.MusicAsk:
				music.Do(func() { go sendMusic(self, busy) })
			case searchmsg.EffectsAsk:
				effects.Do(func() { go sendEffects(self) })
			default:
				// The music holds from the question's arrival (here, at
				// once) to the end of its search.
				busy.begin()
				go func() { msgs <- s }() // never block the worker's event loop
			}
		}
		return nil
	}))
	post := func(r searchmsg.Reply) { self.Call("postMessage", r.Encode()) }
	post(searchmsg.Reply{Kind: searchmsg.Ready})

	engines := map[int]*ai.Engine{}
	var running uint64
	cancel := warmUp()
	// handle reads a question and starts its search.
	handle := func(msg string) {
		ask, err := searchmsg.DecodeAsk(msg)
		if err != nil {
			if ask.ID != 0 {
				post(searchmsg.MoveReply(ask.ID, rules.Classic, rules.NoMove, err))
			}
			self.Get("console").Call("error", "search worker: "+err.Error())
			return
		}
		if ask.Stop {
			if ask.ID == running {
				cancel()
			}
			return
		}
		cancel() // one search at a time: the newer question wins
		g, err := ask.Game()
		if err != nil {
			post(searchmsg.MoveReply(ask.ID, rules.Classic, rules.NoMove, err))
			return
		}
		e := engines[ask.Engine]
		if e == nil {
			e = ai.NewEngine()
			engines[ask.Engine] = e
		}
		var ctx context.Context
		ctx, cancel = context.WithCancel(context.Background())
		running = ask.ID
		id, v, cfg := ask.ID, g.Variant(), ask.Config(time.Now())
		busy.begin()
		go func() {
			defer busy.end()
			m, err := e.Think(ctx, g, cfg, func(in ai.Info) { post(searchmsg.InfoReply(id, v, in)) })
			post(searchmsg.MoveReply(id, v, m, err))
		}()
	}
	for msg := range msgs {
		handle(msg)
		busy.end() // the question's own hold: its search holds now
	}
}
