package settings

import (
	"strconv"
	"strings"

	"github.com/gobblet-game/gobblet/internal/record"
)

// Every running game (a window on the desktop, a tab in a browser)
// autosaves to a slot of its own, so two at once never write over each
// other's game: current-game.gobblet, current-game-2.gobblet, …. A running
// game holds its slot's lock: a file lock in the folder, which the system
// lets go of when the game ends, even killed; a Web Lock in a browser. At
// start a game takes the free slot whose game is the newest, which Continue
// brings back; the game of any other free slot is kept in Saved games and
// its slot emptied, so that no game is lost and none is offered twice. A
// slot another running game holds is never read nor written.

// maxSlots bounds the slots, that is the games running at once.
const maxSlots = 100

// slotPrefix begins the name of every slot but the first.
const slotPrefix = "current-game-"

// slotName is the nth slot's file: CurrentGame, then current-game-2.gobblet, ….
func slotName(n int) string {
	if n == 1 {
		return CurrentGame
	}
	return slotPrefix + strconv.Itoa(n) + RecordExt
}

// slotNumber is the number of the slot called name, 0 when it is none.
func slotNumber(name string) int {
	if name == CurrentGame {
		return 1
	}
	digits, ok := strings.CutPrefix(name, slotPrefix)
	if !ok {
		return 0
	}
	digits, ok = strings.CutSuffix(digits, RecordExt)
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || n < 2 || n > maxSlots || strconv.Itoa(n) != digits {
		return 0
	}
	return n
}

// slotPlace is what taking a slot needs of a folder or a shelf.
type slotPlace interface {
	// slots lists the numbers of the slots that hold a game.
	slots() ([]int, error)
	// lock holds a slot for this game, or reports that another running
	// game holds it; unlock lets go of it.
	lock(name string) (bool, error)
	unlock(name string)
	remove(name string) error
	SaveRecord(rec *record.Record) (string, error)
	// tabs reports whether the player calls the running games tabs (a
	// browser's), not windows.
	tabs() bool
}

// takeSlot finds this game's slot in p, reading games with load, and returns
// its name and the game it holds (nil when none), with a sentence for each
// thing the player should know.
func (kp *keeper) takeSlot(p slotPlace, load loader) (own string, game *record.Record, notices []*Notice) {
	nums, err := p.slots()
	if err != nil {
		kp.logf("list the autosaves: %v", err)
		nums = []int{1} // reading it says what is wrong
	}
	type slot struct {
		name string
		rec  *record.Record
	}
	var free []slot // held by no other running game: this one holds them now
	for _, n := range nums {
		name := slotName(n)
		if !kp.lockSlot(p, name) {
			continue
		}
		rec, notice := loadGame(gameKind.named(name), load)
		if notice != nil {
			notices = append(notices, notice)
		}
		free = append(free, slot{name, rec})
	}
	newest := -1
	for i, s := range free {
		if s.rec != nil && (newest < 0 || s.rec.Date.After(free[newest].rec.Date)) {
			newest = i
		}
	}
	kept := 0
	for i, s := range free {
		switch {
		case i == newest:
			own, game = s.name, s.rec
			continue
		case own == "" && newest < 0 && s.rec == nil && !kp.isProtected(s.name):
			own = s.name // its game could not be read, and is set aside
			continue
		case s.rec != nil:
			if _, err := p.SaveRecord(s.rec); err != nil {
				kp.logf("keep the game of %s: %v", s.name, err)
				break // it stays where it is for the next start
			}
			kept++
			if err := p.remove(s.name); err != nil {
				kp.logf("empty %s: %v", s.name, err)
			}
		}
		p.unlock(s.name)
	}
	if kept > 0 {
		notices = append(notices, &Notice{Kind: NoticeKeptOthers, N: kept, Tabs: p.tabs()})
	}
	if own != "" {
		return own, game, notices
	}
	taken := map[int]bool{}
	for _, n := range nums {
		taken[n] = true
	}
	for n := 1; n <= maxSlots; n++ {
		if taken[n] {
			continue // held by another game, or not emptied
		}
		if kp.lockSlot(p, slotName(n)) {
			return slotName(n), nil, notices
		}
	}
	// Every slot is held: share the first rather than not save at all.
	kp.logf("all %d autosave slots are held by running games", maxSlots)
	return CurrentGame, nil, notices
}

// lockSlot holds the slot called name for this game, or reports that
// another running game holds it. A lock that cannot be taken at all (a
// folder that may not be written to) holds nothing back: the slot is taken
// as this game's, as it was before slots had locks.
func (kp *keeper) lockSlot(p slotPlace, name string) bool {
	ok, err := p.lock(name)
	if err != nil {
		kp.logf("lock %s: %v", name, err)
		return true
	}
	return ok
}

// named is the autosave kind for the slot called name.
func (k kind) named(name string) kind {
	k.name = name
	return k
}
