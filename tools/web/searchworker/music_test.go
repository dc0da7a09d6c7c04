//go:build js

package main

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// A search asked while the music renders comes first: the rendering stops
// at its next slice, does not go on while the search runs, and then
// finishes the same music.
func TestTheSearchComesBeforeTheMusic(t *testing.T) {
	searchComesFirst(t, sound.MusicPCM)
}

// The effects, short and wanted by a game's first moves, do not wait for
// a search under way.
func TestTheEffectsDoNotWaitForASearch(t *testing.T) {
	busy := newSearches()
	busy.begin()
	defer busy.end()
	done := make(chan []sound.PCM, 1)
	go func() { done <- effectsForPage() }()
	select {
	case fx := <-done:
		want := sound.EffectsPCM(nil)
		for i := range want {
			if !slices.Equal(fx[i], want[i]) {
				t.Errorf("effect %d differs from its rendering", i)
			}
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the effects waited for a search")
	}
}

func searchComesFirst(t *testing.T, render func(hold func()) sound.PCM) {
	busy := newSearches()
	var held atomic.Int64 // the rendering's calls of its hold
	atHold := make(chan int64, 1)
	done := make(chan sound.PCM, 1)
	busy.begin() // a question arrives before the rendering's first slice
	go func() {
		done <- render(func() {
			n := held.Add(1)
			select {
			case atHold <- n:
			default:
			}
			busy.hold()
		})
	}()
	if n := <-atHold; n != 1 {
		t.Fatalf("the rendering held first at slice %d, want 1", n)
	}
	// The search runs, and the event loop with it (a sleep lets it run,
	// as the search's yields do); the rendering waits where it held, so it
	// never comes back to its hold, however long the search takes.
	time.Sleep(300 * time.Millisecond)
	if n := held.Load(); n != 1 {
		t.Fatalf("the rendering went on through %d slices while a search ran", n-1)
	}
	busy.begin() // a second question while the first search runs
	busy.end()
	time.Sleep(100 * time.Millisecond)
	if n := held.Load(); n != 1 {
		t.Fatalf("the rendering went on through %d slices while the second search ran", n-1)
	}
	busy.end()
	got := <-done
	if n := held.Load(); n < 2 {
		t.Errorf("the rendering finished without coming back to its hold (%d holds)", n)
	}
	if want := render(nil); !slices.Equal(got, want) {
		t.Error("the sounds rendered around a search differ from the sounds")
	}
}
