package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
)

// window is one running game over a folder or a browser's storage, as
// the tests see it.
type window interface {
	LoadAll() Loaded
	SaveGame(*record.Record) error
	ClearGame() error
	Records() ([]SavedFile, error)
	Slot() string
}

// places open running games over one folder, and over one browser storage
// (a tab each); close is the game ending, however it ends.
var places = []struct {
	name string
	open func(t *testing.T) func() (w window, close func())
}{
	{"folder", func(t *testing.T) func() (window, func()) {
		dir := filepath.Join(t.TempDir(), "gobblet")
		return func() (window, func()) {
			s, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			return s, s.Close
		}
	}},
	{"browser", func(t *testing.T) func() (window, func()) {
		shelf := NewMemoryShelf()
		return func() (window, func()) {
			tab := shelf.Tab()
			return NewShelfStore(tab), tab.Close
		}
	}},
}

// gameAt is sampleGame with its first plies moves, dated at minute min.
func gameAt(plies, min int) *record.Record {
	rec := sampleGame()
	rec.Moves, rec.Redo = rec.Moves[:plies], nil
	rec.Date = time.Date(2026, 11, 26, 10, min, 0, 0, time.Local)
	return rec
}

// Two windows at once each keep their own unfinished game: a move in one
// does not write over the other's game, and a game that ends in one does
// not clear the other's.
func TestTwoWindowsKeepTheirOwnGames(t *testing.T) {
	for _, p := range places {
		t.Run(p.name, func(t *testing.T) {
			open := p.open(t)
			first, closeFirst := open()
			first.LoadAll()
			first.SaveGame(gameAt(3, 1))
			second, closeSecond := open()
			if l := second.LoadAll(); l.Game != nil || len(l.Notices) != 0 {
				t.Fatalf("the second window found %+v: the first one's game, which it plays", l)
			}
			if first.Slot() == second.Slot() {
				t.Fatalf("both windows autosave to %s", first.Slot())
			}
			second.SaveGame(gameAt(2, 2))
			first.SaveGame(gameAt(4, 3)) // the first window plays on
			second.ClearGame()           // and the second's game ends
			second.SaveGame(gameAt(1, 4))
			closeFirst()
			closeSecond()

			// Both are over: the next start continues the newest game,
			// and keeps the other in Saved games.
			next, closeNext := open()
			defer closeNext()
			l := next.LoadAll()
			if l.Game == nil || len(l.Game.Moves) != 1 {
				t.Fatalf("Continue brings back %+v, want the newest game (1 move)", l.Game)
			}
			if len(l.Notices) != 1 || !strings.Contains(l.Notices[0].String(), "the other is kept in Saved games") || !strings.Contains(l.Notices[0].String(), map[string]string{"folder": "two windows", "browser": "two tabs"}[p.name]) {
				t.Errorf("notices %q", l.Notices)
			}
			games, err := next.Records()
			if err != nil || len(games) != 1 || games[0].Record == nil || len(games[0].Record.Moves) != 4 {
				t.Fatalf("Saved games %+v, %v: want the first window's game of 4 moves", games, err)
			}
			// a start after that finds one game, not two
			closeNext()
			again, closeAgain := open()
			defer closeAgain()
			if l := again.LoadAll(); l.Game == nil || len(l.Game.Moves) != 1 || len(l.Notices) != 0 {
				t.Errorf("the start after: %+v", l)
			}
			if games, _ := again.Records(); len(games) != 1 {
				t.Errorf("the first window's game was kept twice: %d saved games", len(games))
			}
		})
	}
}

// A window that starts while another plays leaves that game alone, even
// when it is the newest: it is not offered, moved nor read.
func TestARunningWindowsGameIsLeftAlone(t *testing.T) {
	for _, p := range places {
		t.Run(p.name, func(t *testing.T) {
			open := p.open(t)
			old, closeOld := open()
			old.LoadAll()
			old.SaveGame(gameAt(2, 1))
			closeOld() // an unfinished game from before

			playing, closePlaying := open()
			defer closePlaying()
			if l := playing.LoadAll(); l.Game == nil || len(l.Game.Moves) != 2 {
				t.Fatalf("Continue offers %+v", l.Game)
			}
			playing.SaveGame(gameAt(3, 5))

			other, closeOther := open()
			defer closeOther()
			if l := other.LoadAll(); l.Game != nil || len(l.Notices) != 0 {
				t.Errorf("the other window takes %+v, %q", l.Game, l.Notices)
			}
			if games, _ := other.Records(); len(games) != 0 {
				t.Errorf("the running window's game was moved to Saved games: %+v", games)
			}
		})
	}
}

// A folder where no lock can be made (it may not be written to) still
// offers its game to continue.
func TestAGameIsContinuedWhereNoLockCanBeMade(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gobblet")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s.SaveGame(gameAt(2, 1))
	if err := os.Mkdir(s.Path("current-game.lock"), 0o700); err != nil { // no lock file can be opened there
		t.Fatal(err)
	}
	again, _ := Open(dir)
	defer again.Close()
	if l := again.LoadAll(); l.Game == nil || again.Slot() != CurrentGame {
		t.Errorf("Continue offers %+v from %s", l.Game, again.Slot())
	}
}
