package app

import (
	"github.com/gobblet-game/gobblet/internal/locale"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// makeRoom is the one rule before a new game takes the place of this
// window's autosave (New game, Play on, Rematch, Restart, the series' next
// game, an online game): the game Continue would bring back, when moves
// were played in it, is kept in Saved games first, so that starting a game
// never loses one. The only game not kept is an unfinished one the player
// chose to drop (drop: Restart), and a finished computer demo the player
// did not ask to keep. A finished game is still there only when
// it could not be kept as it ended; it is kept now, and counted.
// When the game cannot be kept it says why and returns false: the caller
// must not start the new game, whose autosave would write over the only
// copy of the old one.
func makeRoom(a *App, drop bool) bool {
	autosaved, ok := a.Store.LoadGame()
	if !ok || len(autosaved.Moves) == 0 {
		return true
	}
	finished := autosaved.Result.Status != rules.Ongoing
	if finished && isDemo(autosaved) && !a.Settings.KeepDemos {
		return true // a finished demo is kept only when asked (Options, or its card's Keep)
	}
	if drop && !finished {
		a.countLeft(autosaved) // dropped, but left unfinished all the same
		return true
	}
	rec := *autosaved // the store's record is shared: change a copy
	rec.Redo = nil
	rec.Date = time.Now()
	keep, what := a.Store.SaveRecord, "unfinished"
	if finished {
		keep, what = a.Store.RecordResult, "finished"
	}
	kept, err := keep(&rec)
	if kept == "" {
		a.debugf("keep the %s game: %v", what, err)
		a.play(sound.Illegal)
		words := locale.F("NoticeUnfinishedNotKept", "Reason", reasonWords(err))
		if finished {
			words = locale.F("NoticeFinishedNotKeptNoNewGame", "Reason", reasonWords(err))
		}
		a.notify(words)
		return false
	}
	if err != nil {
		a.recordFailed(kept, err) // kept, but not counted
	}
	if err := a.Store.ClearGame(); err != nil {
		a.debugf("clear autosave: %v", err)
	}
	if !finished {
		a.countLeft(&rec)
		a.toast(locale.T("NoticeUnfinishedKept"))
	}
	return true
}

// startOnline opens the room the command line opened (gobblet --host,
// --join), once the game Continue would bring back is kept; if it cannot
// be, the room is closed and the menu says why.
func startOnline(a *App, o *OnlineStart) Scene {
	if !makeRoom(a, false) {
		if o.Session != nil {
			o.Session.Close()
		}
		return newMenuScene(a)
	}
	switch {
	case o.Session == nil: // an invitation to accept once the game runs, or one that could not be
		ls := newJoinScene(a, nil)
		ls.field.insert(o.Invitation)
		ls.problem = o.Problem
		ls.autoJoin = o.Problem == ""
		return ls
	case o.Host && o.Relay:
		return newInvitedScene(a, o.Session, o.Variant, o.Colour)
	case o.Host:
		return newHostedScene(a, o.Session, o.Variant, o.Colour)
	}
	return newJoinScene(a, o.Session)
}

// recordFailed tells the player that a finished game (kept == "") or its
// statistics could not be kept.
func (a *App) recordFailed(kept string, err error) {
	a.debugf("record: %v", err)
	if kept == "" {
		a.notify(locale.F("NoticeFinishedNotKept", "Reason", reasonWords(err)))
		return
	}
	a.notify(locale.F("NoticeFinishedKeptBut", "Reason", reasonWords(err)))
}
