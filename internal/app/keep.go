package app

import (
	"time"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// keepUnfinished moves the game Continue would bring back, when moves were
// played in it, to the saved games before a new game takes its place, so
// starting a new game never loses one: it can be played on from there.
// When the game cannot be kept it says why and returns false: the caller
// must not start the new game, whose autosave would write over the only
// copy of the old one.
func keepUnfinished(a *App) bool {
	autosaved, ok := a.Store.LoadGame()
	if !ok || len(autosaved.Moves) == 0 {
		return true
	}
	rec := *autosaved // the store's record is shared: change a copy
	rec.Redo = nil
	rec.Date = time.Now()
	if _, err := a.Store.SaveRecord(&rec); err != nil {
		a.debugf("keep the unfinished game: %v", err)
		a.play(sound.Illegal)
		a.notify("Your unfinished game could not be kept in Saved games: " + plain(err).Error() +
			" So that it is not lost, the new game has not started: Continue on the main menu brings the unfinished game back.")
		return false
	}
	if err := a.Store.ClearGame(); err != nil {
		a.debugf("clear autosave: %v", err)
	}
	a.countLeft(&rec)
	a.toast("Your unfinished game is kept in Saved games.")
	return true
}

// recordFailed tells the player that a finished game (kept == "") or its
// statistics could not be kept.
func (a *App) recordFailed(kept string, err error) {
	a.debugf("record: %v", err)
	if kept == "" {
		a.notify("Your finished game could not be kept in Saved games: " + plain(err).Error() +
			" Continue on the main menu still shows it.")
		return
	}
	a.notify("Your finished game is kept in Saved games, but " + plain(err).Error())
}
