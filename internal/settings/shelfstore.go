package settings

import (
	"cmp"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// ShelfPrefix begins every key the game keeps on a shelf, so that other
// pages of the same web site keep theirs.
const ShelfPrefix = "gobblet/"

// ShelfStore keeps the player's files on a Shelf (the browser's storage),
// one key per file, named as in the folder: gobblet/settings.json,
// gobblet/current-game.gobblet, gobblet/statistics.json and
// gobblet/games/NAME.gobblet. Formats, limits and notices are Store's; an
// unreadable value is kept aside under NAME.corrupt, never written over.
// Each write is one Set, which replaces a value whole or not at all.
type ShelfStore struct {
	keeper
	shelf Shelf
	own   string // this game's autosave slot (slots.go); CurrentGame until LoadAll
}

// NewShelfStore keeps the player's files on shelf.
func NewShelfStore(shelf Shelf) *ShelfStore {
	return &ShelfStore{keeper: keeper{protected: map[string]bool{}}, shelf: shelf, own: CurrentGame}
}

// Key is the shelf's key for one of the player's files.
func Key(name string) string { return ShelfPrefix + name }

// gameKey is the key of the saved game called name.
func gameKey(name string) string { return Key(GamesFolder + "/" + name + RecordExt) }

// get reads a key as ReadFile reads a file: a missing one wraps
// fs.ErrNotExist, one larger than any file the game reads record.ErrTooBig.
func (s *ShelfStore) get(key string) ([]byte, error) {
	v, ok, err := s.shelf.Get(key)
	switch {
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", key, err)
	case !ok:
		return nil, fmt.Errorf("read %s: %w", key, fs.ErrNotExist)
	case len(v) > record.MaxSize:
		return nil, fmt.Errorf("%s %w", key, record.ErrTooBig)
	}
	return []byte(v), nil
}

func (s *ShelfStore) load(k kind, parse func([]byte) error) (bool, *Notice) {
	return s.keeper.load(s, k, parse)
}

func (s *ShelfStore) read(name string) ([]byte, error) { return s.get(Key(name)) }

func (s *ShelfStore) fate(n *Notice, _, aside string) {
	if aside == "" {
		n.Fate = FateShelfLeft
		return
	}
	n.Fate, n.Name = FateShelfKeptAs, untrusted.Text(aside)
}

// moveAside moves a value that cannot be read to a free key ending in
// .corrupt, never over another one: the copy is written before the
// original is removed, so a full shelf leaves the original where it was.
func (s *ShelfStore) moveAside(name string) (string, error) {
	key := Key(name)
	v, ok, err := s.shelf.Get(key)
	if err != nil || !ok {
		return "", fmt.Errorf("set aside %s: %w", key, cmp.Or(err, fs.ErrNotExist))
	}
	for n := 1; n <= maxAside; n++ {
		aside := asideName(key, n)
		_, taken, err := s.shelf.Get(aside)
		if err == nil && !taken {
			err = s.shelf.Set(aside, v)
			if err == nil {
				err = s.shelf.Remove(key)
			}
		}
		if err != nil {
			return "", fmt.Errorf("set aside %s: %w", key, err)
		}
		if !taken {
			return aside, nil
		}
	}
	return "", fmt.Errorf("set aside %s: %d older copies are already there", key, maxAside)
}

// save writes one of the player's files, unless it is an unreadable value
// that could not be set aside.
func (s *ShelfStore) save(name string, data []byte) error {
	if s.isProtected(name) {
		return fmt.Errorf("save %s: %w", Key(name), errProtected)
	}
	if err := s.shelf.Set(Key(name), string(data)); err != nil {
		return fmt.Errorf("save %s: %w", Key(name), err)
	}
	return nil
}

// LoadAll reads the settings and the statistics, and takes this game's
// autosave slot with the game it holds (slots.go).
func (s *ShelfStore) LoadAll() Loaded {
	return loadAll(s.load, func() (*record.Record, []*Notice) {
		own, game, notices := s.takeSlot(s, s.load)
		s.own = own
		return game, notices
	})
}

// LoadGame returns this game's autosaved game, as Store.LoadGame does.
func (s *ShelfStore) LoadGame() (rec *record.Record, notice *Notice) {
	return loadGame(gameKind.named(s.own), s.load)
}

// Slot is the name of this game's autosave.
func (s *ShelfStore) Slot() string { return s.own }

func (s *ShelfStore) tabs() bool { return true }

// slots lists the slots on the shelf that hold a game.
func (s *ShelfStore) slots() ([]int, error) {
	keys, err := s.shelf.Keys()
	var nums []int
	for _, k := range keys {
		if name, ok := strings.CutPrefix(k, ShelfPrefix); ok {
			if n := slotNumber(name); n > 0 {
				nums = append(nums, n)
			}
		}
	}
	sort.Ints(nums)
	return nums, err
}

// lock holds a slot for this page when the shelf is shared by running
// games (a Locker: a browser's tabs); a shelf that is not is this game's
// alone.
func (s *ShelfStore) lock(name string) (bool, error) {
	if l, ok := s.shelf.(Locker); ok {
		return l.TryLock(Key(name))
	}
	return true, nil
}

// unlock lets go of a slot.
func (s *ShelfStore) unlock(name string) {
	if l, ok := s.shelf.(Locker); ok {
		l.Unlock(Key(name))
	}
}

func (s *ShelfStore) remove(name string) error { return s.shelf.Remove(Key(name)) }

// PeekSettings reads the settings as Store.PeekSettings does.
func (s *ShelfStore) PeekSettings() (st Settings, notice *Notice) {
	return loadSettings(func(k kind, parse func([]byte) error) (bool, *Notice) { return s.peek(s, k, parse) })
}

// PeekStats reads the statistics as Store.PeekStats does.
func (s *ShelfStore) PeekStats() (st record.Stats, notice *Notice) {
	return loadStats(func(k kind, parse func([]byte) error) (bool, *Notice) { return s.peek(s, k, parse) })
}

// SaveSettings keeps the settings.
func (s *ShelfStore) SaveSettings(st Settings) error { return saveSettings(s.save, st) }

// SaveGame keeps the game to continue (the autosave).
func (s *ShelfStore) SaveGame(rec *record.Record) error { return saveGame(s.save, s.own, rec) }

// ClearGame forgets this game's autosaved game, unless it is an unreadable
// one kept where it was.
func (s *ShelfStore) ClearGame() error {
	if s.isProtected(s.own) {
		return nil
	}
	if err := s.remove(s.own); err != nil {
		return fmt.Errorf("clear autosave: %w", err)
	}
	return nil
}

// SaveStats keeps the statistics.
func (s *ShelfStore) SaveStats(st record.Stats) error { return saveStats(s.save, st) }

// SaveRecord keeps a game among the saved games under a new key named as
// Store names its file, and returns the key. It never replaces a value: a
// name already taken gets " (2)", " (3)", ….
func (s *ShelfStore) SaveRecord(rec *record.Record) (string, error) {
	data, err := record.Marshal(rec)
	if err != nil {
		return "", err
	}
	return keepNew(rec, func(name string) (string, error) {
		key := gameKey(name)
		switch _, taken, err := s.shelf.Get(key); {
		case err != nil:
			return "", err
		case taken:
			return "", fs.ErrExist
		}
		return key, s.shelf.Set(key, string(data))
	})
}

// RemoveRecord deletes a saved game, given its key as Records lists it.
func (s *ShelfStore) RemoveRecord(key string) error {
	if !strings.HasPrefix(key, Key(GamesFolder+"/")) || !strings.HasSuffix(key, RecordExt) {
		return fmt.Errorf("delete game %s: %w", key, ErrOutside)
	}
	if err := s.shelf.Remove(key); err != nil {
		return fmt.Errorf("delete game: %w", err)
	}
	return nil
}

// Records lists the saved games, newest first, as Store.Records does:
// unreadable ones come with their error, and the same budgets bound what is
// read. SavedFile.Path is the key.
func (s *ShelfStore) Records() ([]SavedFile, error) {
	keys, err := s.shelf.Keys()
	if err != nil {
		return nil, fmt.Errorf("list saved games: %w", err)
	}
	var found []listed
	for _, key := range keys {
		name, inGames := strings.CutPrefix(key, Key(GamesFolder+"/"))
		name, isRecord := strings.CutSuffix(name, RecordExt)
		if !inGames || !isRecord || name == "" || strings.HasPrefix(name, ".") || strings.Contains(name, "/") {
			continue
		}
		data, err := s.get(key)
		found = append(found, listed{
			path: key, name: name, size: int64(len(data)), when: nameDate(name),
			read: func() (*record.Record, error) {
				return loadRecord(key, func(string) ([]byte, error) { return data, err })
			},
		})
	}
	// A shelf keeps no times: the names begin with the date.
	sort.SliceStable(found, func(i, j int) bool { return found[i].name > found[j].name })
	return listRecords(found), nil
}

// nameDate is the date a saved game's name begins with (recordName's),
// zero when it does not.
func nameDate(name string) time.Time {
	if len(name) < len(nameDateLayout) {
		return time.Time{}
	}
	t, _ := time.ParseInLocation(nameDateLayout, name[:len(nameDateLayout)], time.Local)
	return t
}
