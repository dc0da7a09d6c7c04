// The game's history: undo and redo (one path), the autosave for Continue,
// and keeping the game among the saved games.

package app

import (
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

func (gs *gameScene) canUndo() bool {
	if !gs.game.CanUndo() {
		return false
	}
	// against the AI at least one of the human's moves must be on the board
	return gs.setup.Mode != modeHumanVsAI || gs.humanHasMoved()
}

// undo takes back the last move; against the AI, back to the human's last
// turn (the human's move and the AI's answer).
func (gs *gameScene) undo(a *App) { gs.travel(a, false) }

// redo plays again the last move taken back; against the AI, up to the
// human's next turn.
func (gs *gameScene) redo(a *App) { gs.travel(a, true) }

// travel is undo's and redo's one path, so that both reset the same things:
// a search for a position no longer on the board is cancelled and its answer
// dropped, and the held piece, glides, hint and message go with the old
// position.
func (gs *gameScene) travel(a *App, redo bool) {
	if redo && !gs.game.CanRedo() || !redo && !gs.canUndo() {
		a.play(sound.Illegal)
		return
	}
	gs.brain.stop()
	gs.pending = nil
	gs.resigned = nil // a resigned game taken back goes on
	gs.hand.hold = nil
	gs.glides = nil
	gs.hintMove = rules.NoMove
	gs.values.hintWanted = false // a hint asked for the old position
	gs.msgT = 0
	gs.step(redo)
	steps := 1
	if gs.setup.Mode == modeHumanVsAI {
		for !gs.humanToMove() && gs.canStep(redo) {
			gs.step(redo)
			steps++
		}
	}
	if gs.setup.Mode == modeAIvsAI {
		gs.demo.running = false
	}
	gs.afterHistoryChange(a)
	if !redo {
		gs.say(gs.takenBackWords(steps), false)
	}
	if redo && gs.game.Over() {
		gs.endGame(a)
	}
}

// takenBackWords says what undo took back: one move, or, against the
// computer, the person's move and its answer.
func (gs *gameScene) takenBackWords(n int) string {
	switch {
	case n == 1:
		return locale.T("PlayMoveTakenBack")
	case n == 2 && gs.setup.Mode == modeHumanVsAI:
		return locale.F("PlayTwoTakenBack", "Name", gs.setup.name(1-gs.setup.humanColour()))
	}
	return locale.P("PlayMovesTakenBack", n)
}

// canStep says whether one more move can be taken back (or played again);
// a redo stops at the end of the game.
func (gs *gameScene) canStep(redo bool) bool {
	if redo {
		return gs.game.CanRedo() && !gs.game.Over()
	}
	return gs.game.CanUndo()
}

// step undoes (or redoes) one move; a drop from a 4×4 reserve stack goes
// back to (or leaves again) the stack it was played from, so the reserve
// looks as it did.
func (gs *gameScene) step(redo bool) {
	i := gs.game.Plies() - 1
	if redo {
		if !gs.game.Redo() {
			return
		}
		i++
	}
	m := gs.game.Moves()[i]
	before := gs.game.PositionAt(i)
	if slot, ok := gs.dropSlots[i]; ok && m.IsDrop() && gs.variant.NestedReserve() {
		c := gs.setup.colourOf(before.SideToMove())
		size := before.MovedSize(m)
		switch {
		case redo && gs.slots[c][slot] == size:
			gs.slots[c][slot] = size - 1
		case !redo && gs.slots[c][slot] == size-1:
			gs.slots[c][slot] = size
		}
	}
	if !redo {
		gs.game.Undo()
	}
}

func (gs *gameScene) afterHistoryChange(a *App) {
	gs.syncSlots()
	gs.over = gs.game.Over()
	gs.autosave(a)
}

// autosave keeps the game for Continue. An online game is kept as one:
// Continue says its connection is gone and offers the computer to finish it
// (continueGame).
func (gs *gameScene) autosave(a *App) {
	if gs.reviewBack != nil {
		return
	}
	// with its moves undone: Continue brings back what redo would play,
	// and the reserve stacks in the order the player saw them
	rec := gs.setup.gameRecord(gs.game)
	if r := gs.reservesText(); r != "" {
		rec.Tags = append(rec.Tags, record.Tag{Name: reservesTag, Value: r})
	}
	if err := a.Store.SaveGame(rec); err != nil {
		a.debugf("autosave: %v", err)
	}
}

// saveRecord keeps the game among the saved games and names the file in a
// toast; a finished game was kept already, so its file is named again.
func (gs *gameScene) saveRecord(a *App) {
	if gs.ending.kept != "" {
		a.toast(keptWords())
		return
	}
	rec := gs.setup.gameRecord(gs.game)
	rec.Redo = nil // a saved game ends where the board stands
	name, err := a.Store.SaveRecord(rec)
	if err != nil {
		a.debugf("save game: %v", err)
		a.toast(locale.F("PlayCouldNotSave", "Error", plain(err).Error()))
		a.play(sound.Illegal)
		return
	}
	if gs.over {
		gs.ending.kept = name
	}
	a.debugf("saved as %s", name)
	a.toast(keptWords())
}
