package settings

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// A reload is a new ShelfStore over the same shelf: it finds everything the
// page before it kept.
func TestShelfStoreKeepsEverythingAcrossAReload(t *testing.T) {
	shelf := NewMemoryShelf()
	s := NewShelfStore(shelf)
	set := Default()
	set.Theme, set.Mute = "wood", true
	st := record.Stats{Version: record.StatsVersion}
	st.Add(rules.Classic, "easy", record.Won)
	game := sampleGame()
	if err := s.SaveSettings(set); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(game); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveStats(st); err != nil {
		t.Fatal(err)
	}
	key, err := s.SaveRecord(game)
	if err != nil {
		t.Fatal(err)
	}
	if want := "gobblet/games/2026-11-21 2319 classic human-hard.gobblet"; key != want {
		t.Errorf("SaveRecord kept the game as %q, want %q", key, want)
	}

	again := NewShelfStore(shelf)
	l := again.LoadAll()
	if len(l.Notices) != 0 || l.Settings != set || !reflect.DeepEqual(l.Stats, st) {
		t.Errorf("read back %+v", l)
	}
	if l.Game == nil || !reflect.DeepEqual(l.Game.Moves, game.Moves) || !reflect.DeepEqual(l.Game.Redo, game.Redo) {
		t.Errorf("the autosave read back as %+v, want %+v", l.Game, game)
	}
	list, err := again.Records()
	if err != nil || len(list) != 1 || list[0].Path != key || list[0].Record == nil || list[0].Name != "2026-11-21 2319 classic human-hard" {
		t.Fatalf("Records: %+v, %v", list, err)
	}
	if err := again.ClearGame(); err != nil {
		t.Fatal(err)
	}
	if l := NewShelfStore(shelf).LoadAll(); l.Game != nil {
		t.Error("the autosave is still there after ClearGame")
	}
}

// Other pages of the same site keep their own keys: the game writes only
// under gobblet/ and lists only gobblet/games/*.gobblet.
func TestShelfStoreKeepsToItsOwnKeys(t *testing.T) {
	shelf := NewMemoryShelf()
	for _, k := range []string{"settings.json", "games/x.gobblet", "other/gobblet/games/y.gobblet", "gobblet/games/.hidden.gobblet",
		"gobblet/games/sub/z.gobblet", "gobblet/games/a.gobblet.corrupt", "gobblet/games/.gobblet"} {
		shelf.Set(k, "not a record")
	}
	s := NewShelfStore(shelf)
	if l := s.LoadAll(); len(l.Notices) != 0 {
		t.Errorf("another page's keys gave notices %q", l.Notices)
	}
	before := shelf.Snapshot()
	s.SaveSettings(Default())
	s.SaveGame(sampleGame())
	s.SaveStats(record.Stats{Version: record.StatsVersion})
	s.SaveRecord(sampleGame())
	for k, v := range shelf.Snapshot() {
		if old, ok := before[k]; ok && old != v {
			t.Errorf("another page's %s was written over", k)
		} else if !ok && !strings.HasPrefix(k, ShelfPrefix) {
			t.Errorf("the game wrote %s, outside %s", k, ShelfPrefix)
		}
	}
	list, err := s.Records()
	if err != nil || len(list) != 1 || list[0].Record == nil {
		t.Errorf("Records listed %+v, %v; want the one game the store kept", list, err)
	}
}

// A value that cannot be read is kept aside, whole, under NAME.corrupt
// (then NAME.2.corrupt): the player is told once, and the next load is
// quiet.
func TestShelfStoreKeepsAnUnreadableValueAside(t *testing.T) {
	good := map[string]string{}
	{
		shelf := NewMemoryShelf()
		s := NewShelfStore(shelf)
		s.SaveSettings(Default())
		s.SaveGame(sampleGame())
		s.SaveStats(record.Stats{Version: record.StatsVersion, Tallies: []record.Tally{{Variant: "classic", Level: "easy", Won: 1}}})
		for name := range map[string]bool{SettingsFile: true, CurrentGame: true, StatisticsFile: true} {
			good[name], _, _ = shelf.Get(Key(name))
		}
	}
	damages := []struct {
		name   string
		damage func(name, v string) string
		notice string // %s: the key kept aside
	}{
		{"garbage", func(_, v string) string { return "\x00garbage" + v }, "%s could not be read, so %s; the old copy is kept in the browser's storage as %s."},
		{"truncated", func(_, v string) string { return v[:len(v)*2/3] }, "%s could not be read, so %s; the old copy is kept in the browser's storage as %s."},
		{"larger than any file", func(_, v string) string { return v + strings.Repeat(" ", record.MaxSize) },
			"%s could not be read (the file is larger than 4 MiB, which no game file is), so %s; the old copy is kept in the browser's storage as %s."},
		{"from a newer version", func(name, v string) string {
			switch name {
			case SettingsFile:
				return `{"version": 3}`
			case CurrentGame:
				return strings.Replace(v, `[Format "gobblet 1"]`, `[Format "gobblet 2"]`, 1)
			}
			return `{"version": 3, "tallies": []}`
		}, "%s saved by a newer version of Gobblet, so %s; the old copy is kept in the browser's storage as %s."},
	}
	said := map[string]string{
		SettingsFile:   "Your settings could not be read|Your settings were|the game starts with the default settings",
		CurrentGame:    "The game you were playing could not be read|The game you were playing was|there is no game to continue",
		StatisticsFile: "Your statistics could not be read|Your statistics were|they start again from zero",
	}
	for _, d := range damages {
		for _, name := range []string{SettingsFile, CurrentGame, StatisticsFile} {
			t.Run(d.name+" "+name, func(t *testing.T) {
				shelf := NewMemoryShelf()
				for i, aside := range []string{".corrupt", ".2.corrupt"} {
					bad := d.damage(name, good[name])
					if i == 1 {
						bad = "\n" + bad // other bytes, damaged the same way
					}
					shelf.Set(Key(name), bad)
					l := NewShelfStore(shelf).LoadAll()
					parts := strings.Split(said[name], "|")
					subject := strings.TrimSuffix(parts[0], " could not be read")
					if strings.Contains(d.notice, "newer") {
						subject = parts[1]
					}
					want := fmt.Sprintf(d.notice, subject, parts[2], Key(name)+aside)
					if len(l.Notices) != 1 || l.Notices[0].String() != want {
						t.Errorf("notices %q\nwant %q", l.Notices, want)
					}
					if l.Settings != Default() || l.Game != nil || len(l.Stats.Tallies) != 0 {
						t.Errorf("the defaults were not used: %+v", l)
					}
					if v, ok, _ := shelf.Get(Key(name) + aside); !ok || v != bad {
						t.Errorf("%s does not hold the unreadable value whole", Key(name)+aside)
					}
					if _, ok, _ := shelf.Get(Key(name)); ok {
						t.Errorf("the unreadable value is still at %s", Key(name))
					}
					if l := NewShelfStore(shelf).LoadAll(); len(l.Notices) != 0 {
						t.Errorf("the next load still says %q", l.Notices)
					}
				}
			})
		}
	}
}

// An unreadable value that cannot be set aside (the shelf is full) stays
// where it is, untouched: the store does not write over it, and the
// autosave goes to a slot of its own.
func TestShelfStoreNeverWritesOverWhatItCouldNotSetAside(t *testing.T) {
	shelf := NewMemoryShelf()
	shelf.Set(Key(SettingsFile), "{")
	shelf.Set(Key(CurrentGame), "garbage")
	shelf.Quota = shelf.Used()
	s := NewShelfStore(shelf)
	l := s.LoadAll()
	want := []string{
		"Your settings could not be read, so the game starts with the default settings; the old copy is left untouched in the browser's storage.",
		"The game you were playing could not be read, so there is no game to continue; the old copy is left untouched in the browser's storage.",
	}
	if !reflect.DeepEqual(english(l.Notices), want) {
		t.Errorf("notices %q\nwant %q", l.Notices, want)
	}
	shelf.Quota = 0 // room again: still not written over
	if err := s.SaveSettings(Default()); !errors.Is(err, errProtected) {
		t.Errorf("SaveSettings over the unreadable settings: %v, want %v", err, errProtected)
	}
	if err := s.SaveGame(sampleGame()); err != nil || s.Slot() == CurrentGame {
		t.Errorf("SaveGame beside the unreadable autosave: %v, in %s", err, s.Slot())
	}
	if err := s.ClearGame(); err != nil {
		t.Error(err)
	}
	if v, _, _ := shelf.Get(Key(SettingsFile)); v != "{" {
		t.Errorf("the settings became %q", v)
	}
	if v, _, _ := shelf.Get(Key(CurrentGame)); v != "garbage" {
		t.Errorf("the autosave became %q", v)
	}
}

// A full shelf refuses a write and keeps the value before it: nothing
// already kept is lost, and the error says why in the player's words.
func TestShelfStoreLosesNothingWhenFull(t *testing.T) {
	shelf := NewMemoryShelf()
	s := NewShelfStore(shelf)
	old := sampleGame()
	s.SaveSettings(Default())
	s.SaveGame(old)
	s.SaveStats(record.Stats{Version: record.StatsVersion})
	if _, err := s.SaveRecord(old); err != nil {
		t.Fatal(err)
	}
	shelf.Quota = shelf.Used()
	before := shelf.Snapshot()

	longer := sampleGame() // every write below is longer than the one before
	longer.Players[0].Name = "Ann Longername"
	set := Default()
	set.Theme = "contrast"
	big := record.Stats{Version: record.StatsVersion}
	for _, lv := range []string{"easy", "medium", "hard", "expert", "perfect"} {
		big.Add(rules.Classic, lv, record.Won)
		big.Add(rules.Gobblers, lv, record.Lost)
	}
	writes := []struct {
		name  string
		write func() error
	}{
		{"settings", func() error { return s.SaveSettings(set) }},
		{"autosave", func() error { return s.SaveGame(longer) }},
		{"statistics", func() error { return s.SaveStats(big) }},
		{"saved game", func() error { _, err := s.SaveRecord(longer); return err }},
	}
	for _, w := range writes {
		err := w.write()
		if !errors.Is(err, ErrStorageFull) || Reason(err) != "the browser's storage is full" {
			t.Errorf("%s: %v (%q), want the storage full", w.name, err, Reason(err))
		}
	}
	if after := shelf.Snapshot(); !reflect.DeepEqual(after, before) {
		t.Error("a failed write changed what was kept")
	}
	l := NewShelfStore(shelf).LoadAll()
	if len(l.Notices) != 0 || l.Game == nil || len(l.Game.Moves) != len(old.Moves) || l.Settings != Default() {
		t.Errorf("after the failed writes a reload finds %+v", l)
	}
}

// A shelf that refuses everything (storage disabled) is said so.
func TestShelfStoreSaysTheBrowserRefuses(t *testing.T) {
	shelf := NewMemoryShelf()
	shelf.Refuse = true
	s := NewShelfStore(shelf)
	if err := s.SaveSettings(Default()); !errors.Is(err, ErrStorageRefused) ||
		Reason(err) != "the browser refuses to store anything here (private browsing?)" {
		t.Errorf("SaveSettings: %v (%q)", err, Reason(err))
	}
	if _, err := s.Records(); !errors.Is(err, ErrStorageRefused) {
		t.Errorf("Records: %v", err)
	}
	l := s.LoadAll()
	want := "Your settings could not be read (the browser refuses to store anything here (private browsing?)), so the game starts with the default settings; the old copy is left untouched in the browser's storage."
	if len(l.Notices) != 3 || l.Notices[0].String() != want || l.Settings != Default() {
		t.Errorf("LoadAll: %q\nwant first %q", l.Notices, want)
	}
}

// Two games of the same minute get two keys, as two files do.
func TestShelfStoreNamesEveryGameApart(t *testing.T) {
	s := NewShelfStore(NewMemoryShelf())
	var keys []string
	for range 3 {
		key, err := s.SaveRecord(sampleGame())
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, key)
	}
	base := "gobblet/games/2026-11-21 2319 classic human-hard"
	want := []string{base + ".gobblet", base + " (2).gobblet", base + " (3).gobblet"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}
}

// Records lists the newest game first; an unreadable one is listed with
// its error, in its place by the date its name begins with.
func TestShelfStoreListsTheNewestFirst(t *testing.T) {
	shelf := NewMemoryShelf()
	s := NewShelfStore(shelf)
	for _, day := range []int{20, 22, 21} {
		rec := sampleGame()
		rec.Date = time.Date(2026, 11, day, 12, 0, 0, 0, time.Local)
		if _, err := s.SaveRecord(rec); err != nil {
			t.Fatal(err)
		}
	}
	shelf.Set(gameKey("2026-11-21 1300 classic human-hard"), "[Format \"gobblet 1\"]\nnot a move")
	shelf.Set(gameKey("2026-11-23 0900 classic human-hard"), strings.Repeat("x", record.MaxSize+1))
	list, err := s.Records()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range list {
		line := g.Name
		if g.Err != nil {
			line += ": " + strings.TrimPrefix(g.Err.Error(), g.Path+": ")
		}
		got = append(got, line)
	}
	want := []string{
		"2026-11-23 0900 classic human-hard: the file is larger than 4 MiB, which no game file is",
		"2026-11-22 1200 classic human-hard",
		"2026-11-21 1300 classic human-hard: ",
		"2026-11-21 1200 classic human-hard",
		"2026-11-20 1200 classic human-hard",
	}
	if len(got) != len(want) {
		t.Fatalf("listed %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("row %d: %q, want %q…", i, got[i], want[i])
		}
	}
}

func TestReasonSaysWhyTheBrowserCannotStore(t *testing.T) {
	tests := []struct {
		rule string
		err  error
		want string
	}{
		{"the quota used up", fmt.Errorf("save gobblet/settings.json: set: %w", ErrStorageFull), "the browser's storage is full"},
		{"storage disabled", fmt.Errorf("list saved games: %w", ErrStorageRefused), "the browser refuses to store anything here (private browsing?)"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if got := Reason(tc.err); got != tc.want {
				t.Errorf("Reason(%v) = %q, want %q", tc.err, got, tc.want)
			}
		})
	}
}

// BenchmarkShelfStoreRecords is what opening Saved games costs with 200
// games in the browser's storage (each one read and replayed).
func BenchmarkShelfStoreRecords(b *testing.B) {
	s := NewShelfStore(NewMemoryShelf())
	for range 200 {
		if _, err := s.SaveRecord(sampleGame()); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if list, err := s.Records(); err != nil || len(list) != 200 {
			b.Fatalf("%d games, %v", len(list), err)
		}
	}
}

// BenchmarkShelfStoreSaveGame is the autosave after every move: one
// record written whole.
func BenchmarkShelfStoreSaveGame(b *testing.B) {
	s := NewShelfStore(NewMemoryShelf())
	rec := sampleGame()
	for b.Loop() {
		if err := s.SaveGame(rec); err != nil {
			b.Fatal(err)
		}
	}
}
