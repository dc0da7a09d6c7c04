package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// The files in the folder.
const (
	SettingsFile   = "settings.json"
	CurrentGame    = "current-game.gobblet" // the autosave
	StatisticsFile = "statistics.json"
	GamesFolder    = "games" // saved game records
	RecordExt      = ".gobblet"
)

// ErrOutside is why the games folder is refused when it is a link to a
// place outside the settings folder: no game is written or listed there.
var ErrOutside = errors.New("leads outside the settings folder")

// maxListedBytes bounds what listing the saved games reads in all: a
// record is a kilobyte or two, so this is tens of thousands of games, and a
// folder of big files cannot stall the list.
const maxListedBytes = 64 << 20

var errTooMuchToList = errors.New("not read, as the saved games together are larger than 64 MiB")

// maxListedPlies bounds the moves listing replays in all: a long record
// costs far more to check than its bytes say (each move looks for
// repetitions in the whole game), and 64 MiB of 5000-move records took 17
// seconds. This is thousands of ordinary games.
const maxListedPlies = 250_000

var errTooManyToList = errors.New("not read, as the saved games together hold more than 250000 moves")

// fileError names the file a read failed on, then says why in plain words
// ("PATH: the file is larger than 4 MiB, which no game file is"), so a list
// can show the reason without the path.
type fileError struct {
	path string
	err  error
}

func (e *fileError) Error() string { return e.path + ": " + Reason(e.err) }
func (e *fileError) Unwrap() error { return e.err }

// errProtected refuses to write over an unreadable file that could not be
// set aside: it may be the only copy of something the player wants back.
var errProtected = errors.New("not writing over a file that could not be read nor moved aside")

// Store is the folder of the player's files. Its methods are safe for
// concurrent use; every write is atomic.
type Store struct {
	keeper
	dir    string
	create createTemp // os.CreateTemp but in tests
	own    string     // this game's autosave slot (slots.go); CurrentGame until LoadAll

	lockMu sync.Mutex
	locks  map[string]*os.File // the slots' lock files this game holds, by slot
}

// keeper is what the folder's Store and the browser's ShelfStore share:
// the log, and the files that could not be read nor set aside, which are
// never written over.
type keeper struct {
	// Logf, when set, receives the technical reason behind each notice.
	Logf func(format string, args ...any)

	mu        sync.Mutex
	protected map[string]bool // unreadable files that could not be set aside
}

// place is where a keeper's files are: a folder or a shelf.
type place interface {
	// read returns a file whole; its error wraps fs.ErrNotExist when there
	// is none.
	read(name string) ([]byte, error)
	// moveAside moves an unreadable file to a free name, never over
	// another file, and returns that name.
	moveAside(name string) (string, error)
	// fate completes the notice about an unreadable file: what became of
	// it, kept as aside, or left where it is when aside is "".
	fate(n *Notice, name, aside string)
}

// Open makes sure the folder exists and returns its store. It also removes
// temporary files that a killed writer left more than a minute ago, in the
// folder and in its games folder.
func Open(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("open settings folder: no folder given")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("open settings folder: %w", err)
	}
	s := &Store{keeper: keeper{protected: map[string]bool{}}, dir: dir, create: osCreateTemp, own: CurrentGame, locks: map[string]*os.File{}}
	removeStaleTemps(dir, time.Minute)
	if games, err := s.gamesDir(false); err == nil {
		removeStaleTemps(games, time.Minute)
	}
	return s, nil
}

// gamesDir returns the games folder, made first when make is set. A games
// folder that is a link to a place outside the settings folder is refused
// (ErrOutside): the game never writes outside the player's folder.
func (s *Store) gamesDir(make bool) (string, error) {
	dir := s.Path(GamesFolder)
	info, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) && make {
		if err = os.Mkdir(dir, 0o700); err == nil || errors.Is(err, fs.ErrExist) {
			info, err = os.Lstat(dir)
		}
	}
	if err != nil {
		return dir, err
	}
	if info.Mode()&fs.ModeSymlink == 0 {
		return dir, nil
	}
	target, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return dir, err
	}
	base, err := filepath.EvalSymlinks(s.dir)
	if err != nil {
		return dir, err
	}
	if rel, err := filepath.Rel(base, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return dir, fmt.Errorf("%s %w", dir, ErrOutside)
	}
	return dir, nil
}

// Dir is the store's folder.
func (s *Store) Dir() string { return s.dir }

// Path returns the full path of a file in the folder.
func (s *Store) Path(name string) string { return filepath.Join(s.dir, name) }

// kind describes one of the player's files for the notice about it.
type kind struct {
	name string
	file FileKind
}

var (
	settingsKind = kind{SettingsFile, FileSettings}
	gameKind     = kind{CurrentGame, FileGame}
	statsKind    = kind{StatisticsFile, FileStats}
)

// load reads one of the player's files from p with parse. A missing file
// is no problem: found is false and there is no notice. A file that cannot
// be read or parsed is set aside, or left where it is and never written
// over when that fails, and described in a notice.
func (kp *keeper) load(p place, k kind, parse func([]byte) error) (found bool, notice *Notice) {
	found, err := readParsed(p, k, parse)
	if err == nil {
		return found, nil
	}
	kp.logf("load %s: %v", k.name, err)
	aside, aerr := p.moveAside(k.name)
	if aerr != nil {
		kp.logf("%v", aerr)
		kp.mu.Lock()
		kp.protected[k.name] = true
		kp.mu.Unlock()
		aside = ""
	}
	n := &Notice{Kind: NoticeUnreadable, File: k.file, Err: err}
	if errors.Is(err, record.ErrNewerFormat) {
		n.Kind = NoticeNewer
	}
	p.fate(n, k.name, aside)
	return false, n
}

// peek reads one of the player's files from p with parse as load does, but
// as it is now, mid-run: a file that cannot be read is left alone and said
// only by a notice of NoticeUnreadable, which callers do not show.
func (kp *keeper) peek(p place, k kind, parse func([]byte) error) (found bool, notice *Notice) {
	found, err := readParsed(p, k, parse)
	if err == nil {
		return found, nil
	}
	return false, &Notice{Kind: NoticeUnreadable, File: k.file, Err: err}
}

// readParsed reads one of the player's files from p with parse: found is
// false and err nil when there is no such file.
func readParsed(p place, k kind, parse func([]byte) error) (found bool, err error) {
	data, err := p.read(k.name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err == nil {
		err = parse(data)
	}
	return err == nil, err
}

// isProtected reports whether name could not be read nor set aside.
func (kp *keeper) isProtected(name string) bool {
	kp.mu.Lock()
	defer kp.mu.Unlock()
	return kp.protected[name]
}

func (kp *keeper) logf(format string, args ...any) {
	if kp.Logf != nil {
		kp.Logf(format, args...)
	}
}

func (s *Store) load(k kind, parse func([]byte) error) (bool, *Notice) {
	return s.keeper.load(s, k, parse)
}

func (s *Store) read(name string) ([]byte, error) { return record.ReadFile(s.Path(name)) }

func (s *Store) moveAside(name string) (string, error) {
	aside, err := setAside(s.Path(name))
	return filepath.Base(aside), err
}

func (s *Store) fate(n *Notice, name, aside string) {
	switch {
	case aside == "":
		n.Fate, n.Path = FateLeftAt, ShortPath(s.Path(name))
	case n.Kind == NoticeNewer:
		n.Fate, n.Name = FateKeptAs, untrusted.Text(aside)
	default:
		n.Fate, n.Name = FateOldKeptAs, untrusted.Text(aside)
	}
}

// save writes one of the player's files atomically, unless it is an
// unreadable file that could not be set aside.
func (s *Store) save(name string, data []byte) error {
	if s.isProtected(name) {
		return fmt.Errorf("save %s: %w", s.Path(name), errProtected)
	}
	return writeAtomic(s.create, s.Path(name), data)
}

// Loaded is everything the game reads at start.
type Loaded struct {
	Settings Settings
	Game     *record.Record // the game to continue; nil when none
	Stats    record.Stats
	Notices  []*Notice // one per file that could not be read; show each once
}

// LoadAll reads the settings and the statistics, and takes this game's
// autosave slot with the game it holds (slots.go).
func (s *Store) LoadAll() Loaded {
	l := loadAll(s.load, func() (*record.Record, []*Notice) {
		own, game, notices := s.takeSlot(s, s.load)
		s.own = own
		return game, notices
	})
	if _, err := s.gamesDir(false); errors.Is(err, ErrOutside) {
		s.logf("%v", err)
		l.Notices = append(l.Notices, &Notice{Kind: NoticeGamesOutside, Path: ShortPath(s.Path(GamesFolder))})
	}
	return l
}

// loadAll reads the settings and the statistics with load, and the
// autosaved game with takeSlot.
func loadAll(load loader, takeSlot func() (*record.Record, []*Notice)) Loaded {
	var l Loaded
	var notices [2]*Notice
	var gameNotices []*Notice
	l.Settings, notices[0] = loadSettings(load)
	l.Game, gameNotices = takeSlot()
	l.Stats, notices[1] = loadStats(load)
	for _, n := range append(append([]*Notice{notices[0]}, gameNotices...), notices[1]) {
		if n != nil {
			l.Notices = append(l.Notices, n)
		}
	}
	return l
}

// LoadSettings returns the saved settings, or the defaults when there are
// none or they cannot be read; notice then says so for the player, nil
// when all is well.
func (s *Store) LoadSettings() (st Settings, notice *Notice) { return loadSettings(s.load) }

// loader reads one of the player's files with parse, wherever they are kept
// (Store.load, ShelfStore.load): found is false when there is none, notice
// a sentence when it cannot be read.
type loader func(k kind, parse func([]byte) error) (found bool, notice *Notice)

func loadSettings(load loader) (st Settings, notice *Notice) {
	st = Default()
	_, notice = load(settingsKind, func(data []byte) error {
		var err error
		st, err = Parse(data)
		return err
	})
	if notice != nil {
		st = Default()
	}
	return st, notice
}

// SaveSettings writes the settings.
func (s *Store) SaveSettings(st Settings) error { return saveSettings(s.save, st) }

// PeekSettings reads the settings as another running game may have left
// them; notice is not nil when they cannot be read, and nothing is set aside.
func (s *Store) PeekSettings() (st Settings, notice *Notice) {
	return loadSettings(func(k kind, parse func([]byte) error) (bool, *Notice) { return s.peek(s, k, parse) })
}

// PeekStats reads the statistics as PeekSettings reads the settings.
func (s *Store) PeekStats() (st record.Stats, notice *Notice) {
	return loadStats(func(k kind, parse func([]byte) error) (bool, *Notice) { return s.peek(s, k, parse) })
}

// saver writes one of the player's files whole (Store.save, ShelfStore.save).
type saver func(name string, data []byte) error

func saveSettings(save saver, st Settings) error {
	data, err := Marshal(st)
	if err != nil {
		return err
	}
	return save(SettingsFile, data)
}

// LoadGame returns this game's autosaved game, or nil when there is none or
// it cannot be read (then with a notice). rec.Game() gives the rules.Game to
// go on with; it cannot fail for a record LoadGame returned.
func (s *Store) LoadGame() (rec *record.Record, notice *Notice) {
	return loadGame(gameKind.named(s.own), s.load)
}

// loadGame reads the autosave of kind k (gameKind named after its slot).
func loadGame(k kind, load loader) (rec *record.Record, notice *Notice) {
	_, notice = load(k, func(data []byte) error {
		var err error
		rec, err = record.Parse(data)
		return err
	})
	if notice != nil {
		rec = nil
	}
	return rec, notice
}

// SaveGame autosaves the current game (build rec with record.FromGame and
// fill in the players and mode). It is meant to be called after every move
// and on quit: a record is a few hundred bytes, and the write is one small
// synced file.
func (s *Store) SaveGame(rec *record.Record) error { return saveGame(s.save, s.own, rec) }

// saveGame writes rec to the slot called name.
func saveGame(save saver, name string, rec *record.Record) error {
	data, err := record.Marshal(rec)
	if err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	return save(name, data)
}

// ClearGame forgets this game's autosaved game (it ended, or the player
// left it), so the main menu offers no Continue.
func (s *Store) ClearGame() error {
	if s.isProtected(s.own) {
		return nil
	}
	if err := s.remove(s.own); err != nil {
		return fmt.Errorf("clear autosave: %w", err)
	}
	return nil
}

// RemoveRecord deletes a saved game, given its path as Records lists it;
// a path outside the games folder is refused.
func (s *Store) RemoveRecord(path string) error {
	dir, err := s.gamesDir(false)
	if err != nil {
		return fmt.Errorf("delete game: %w", err)
	}
	if filepath.Dir(path) != dir || filepath.Ext(path) != RecordExt {
		return fmt.Errorf("delete game %s: %w", path, ErrOutside)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete game: %w", err)
	}
	return nil
}

// remove deletes one of the player's files; one that is not there is no
// error.
func (s *Store) remove(name string) error {
	err := os.Remove(s.Path(name))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// HasGame reports whether there is an autosaved game to continue.
func (s *Store) HasGame() bool {
	_, err := os.Stat(s.Path(s.own))
	return err == nil
}

// Slot is the name of this game's autosave.
func (s *Store) Slot() string { return s.own }

func (s *Store) tabs() bool { return false }

// slots lists the slots of the folder that hold a game.
func (s *Store) slots() ([]int, error) {
	entries, err := os.ReadDir(s.dir)
	var nums []int
	for _, e := range entries {
		if n := slotNumber(e.Name()); n > 0 {
			nums = append(nums, n)
		}
	}
	sort.Ints(nums)
	return nums, err
}

// lock holds a slot through its lock file (name's .lock sibling), which is
// kept open while held; the lock files stay, one a slot.
func (s *Store) lock(name string) (bool, error) {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	if s.locks[name] != nil {
		return true, nil
	}
	f, err := os.OpenFile(s.Path(strings.TrimSuffix(name, RecordExt)+".lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return false, err
	}
	ok, err := lockFile(f)
	if !ok {
		f.Close()
		return false, err
	}
	s.locks[name] = f
	return true, nil
}

func (s *Store) unlock(name string) {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	if f := s.locks[name]; f != nil {
		f.Close()
		delete(s.locks, name)
	}
}

// Close lets go of this game's autosave slot, for the next game to take.
func (s *Store) Close() {
	s.lockMu.Lock()
	names := slices.Collect(maps.Keys(s.locks))
	s.lockMu.Unlock()
	for _, n := range names {
		s.unlock(n)
	}
}

// LoadStats returns the statistics, empty when there are none or they
// cannot be read (then with a notice).
func (s *Store) LoadStats() (st record.Stats, notice *Notice) { return loadStats(s.load) }

func loadStats(load loader) (st record.Stats, notice *Notice) {
	_, notice = load(statsKind, func(data []byte) error {
		var err error
		st, err = record.ParseStats(data)
		return err
	})
	if notice != nil || st.Version == 0 {
		st = record.Stats{Version: record.StatsVersion}
	}
	return st, notice
}

// SaveStats writes the statistics.
func (s *Store) SaveStats(st record.Stats) error { return saveStats(s.save, st) }

func saveStats(save saver, st record.Stats) error {
	data, err := record.MarshalStats(st)
	if err != nil {
		return err
	}
	return save(StatisticsFile, data)
}

// SaveRecord keeps a game in the games folder under a new name made of its
// date, variant and players, and returns the file's path. It never
// replaces a file: a name already taken gets " (2)", " (3)", ….
func (s *Store) SaveRecord(rec *record.Record) (string, error) {
	data, err := record.Marshal(rec)
	if err != nil {
		return "", err
	}
	dir, err := s.gamesDir(true)
	if err != nil {
		return "", fmt.Errorf("save game: %w", err)
	}
	return keepNew(rec, func(name string) (string, error) {
		path := filepath.Join(dir, name+RecordExt)
		return path, writeNew(s.create, path, data)
	})
}

// keepNew writes a game under the first free name made from its date,
// variant and players ("…", "… (2)", "… (3)", …): write reports
// fs.ErrExist for a name already taken and returns where the game went.
func keepNew(rec *record.Record, write func(name string) (string, error)) (string, error) {
	base := recordName(rec)
	for n := 1; n < 1000; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s (%d)", base, n)
		}
		where, err := write(name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("save game: %w", err)
		}
		return where, nil
	}
	return "", fmt.Errorf("save game: too many games named %q", base)
}

// nameDateLayout is the date a saved game's name begins with (the browser's
// storage keeps no file times, so its listing reads the date back).
const nameDateLayout = "2006-01-02 1504"

// recordName names a record's file, e.g. "2026-11-21 2319 classic human-hard".
func recordName(rec *record.Record) string {
	date := rec.Date
	if date.IsZero() {
		date = time.Now()
	}
	who := func(p record.Player) string {
		switch {
		case p.Kind == record.AI && p.Level != "":
			return p.Level
		case p.Kind != "":
			return p.Kind
		}
		return "unknown"
	}
	name := fmt.Sprintf("%s %s %s-%s", date.Format(nameDateLayout), rec.Variant, who(rec.Players[0]), who(rec.Players[1]))
	// Keep the name safe on every file system.
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' || r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '_'
	}, name)
}

// SavedFile is one file of the games folder.
type SavedFile struct {
	Path   string
	Name   string         // the file name without the extension
	Record *record.Record // nil when the file cannot be read
	Err    error          // why it cannot be read
}

// Records lists the games folder, newest first (by the record's date, else
// the file's time). Files that cannot be read are listed with their error,
// so the GUI can show them greyed out instead of hiding them.
func (s *Store) Records() ([]SavedFile, error) {
	dir, err := s.gamesDir(false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var entries []fs.DirEntry
	if err == nil {
		entries, err = os.ReadDir(dir)
	}
	if err != nil {
		return nil, fmt.Errorf("list saved games: %w", err)
	}
	// The newest files first, so that when the budget runs out it is the
	// oldest that are not read.
	var found []listed
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), RecordExt) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if info, err := e.Info(); err == nil {
			path := filepath.Join(dir, e.Name())
			found = append(found, listed{
				path: path, name: strings.TrimSuffix(e.Name(), RecordExt),
				size: info.Size(), when: info.ModTime(),
				read: func() (*record.Record, error) { return LoadRecord(path) },
			})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].when.After(found[j].when) })
	return listRecords(found), nil
}

// listed is a saved game found but not read yet.
type listed struct {
	path, name string
	size       int64
	when       time.Time // when it was written, if known: the order of an unreadable one
	read       func() (*record.Record, error)
}

// listRecords reads the saved games found, newest first, until the budgets
// run out (the rest are listed with why they were not read), and sorts them
// by the record's date, else when they were written.
func listRecords(found []listed) []SavedFile {
	var games []SavedFile
	when := map[string]time.Time{}
	budget := int64(maxListedBytes)
	plies := maxListedPlies
	for _, c := range found {
		g := SavedFile{Path: c.path, Name: c.name}
		when[c.path] = c.when
		switch budget -= c.size; {
		case budget < 0:
			g.Err = &fileError{c.path, errTooMuchToList}
		case plies <= 0:
			g.Err = &fileError{c.path, errTooManyToList}
		default:
			g.Record, g.Err = c.read()
			if g.Record != nil {
				plies -= len(g.Record.Moves) + len(g.Record.Redo)
			}
		}
		if g.Record != nil && !g.Record.Date.IsZero() {
			when[c.path] = g.Record.Date
		}
		games = append(games, g)
	}
	sort.SliceStable(games, func(i, j int) bool {
		a, b := when[games[i].Path], when[games[j].Path]
		if !a.Equal(b) {
			return a.After(b)
		}
		return games[i].Name > games[j].Name
	})
	return games
}

// LoadRecord reads a game record from any file, with errors that name the
// file and the line.
func LoadRecord(path string) (*record.Record, error) { return loadRecord(path, record.ReadFile) }

// loadRecord reads the game record at path with read.
func loadRecord(path string, read func(string) ([]byte, error)) (*record.Record, error) {
	data, err := read(path)
	if err != nil {
		return nil, &fileError{path, err}
	}
	rec, err := record.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}
