package settings

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "gobblet"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sampleGame is a short classic game with one move undone.
func sampleGame() *record.Record {
	g := rules.NewGame(rules.Classic)
	g.MoveLimit = 120
	if err := g.PlayNotation([]string{"4@b2", "4@c3", "3@a1", "c3-d4", "2@a2"}); err != nil {
		panic(err) // fixed moves: cannot happen unless the rules changed
	}
	g.Undo()
	rec := record.FromGame(g)
	rec.Players = [2]record.Player{{Kind: record.Human, Name: "Ann"}, {Kind: record.AI, Level: "hard", Algorithm: "iterative"}}
	rec.Mode = "human-ai"
	rec.Date = time.Date(2026, 11, 21, 23, 19, 45, 0, time.Local)
	return rec
}

func TestSettingsRoundTrip(t *testing.T) {
	s := openTemp(t)
	want := Default()
	want.MasterVolume = 0.25
	want.Mute = true
	want.ShowCovered = false
	want.Theme = "contrast"
	want.WindowWidth, want.WindowHeight = 1920, 1080
	want.AnimationSpeed = 0
	if err := s.SaveSettings(want); err != nil {
		t.Fatal(err)
	}
	got, notice := s.LoadSettings()
	if notice != nil || got != want {
		t.Errorf("got %+v (notice %q), want %+v", got, notice, want)
	}
}

func TestAutosaveRoundTrip(t *testing.T) {
	s := openTemp(t)
	if s.HasGame() {
		t.Fatal("a new folder has a game to continue")
	}
	want := sampleGame()
	if err := s.SaveGame(want); err != nil {
		t.Fatal(err)
	}
	if !s.HasGame() {
		t.Fatal("no game to continue after SaveGame")
	}
	got, notice := s.LoadGame()
	if notice != nil || got == nil {
		t.Fatalf("notice %q", notice)
	}
	if !got.Date.Equal(want.Date) {
		t.Errorf("date %v, want %v", got.Date, want.Date)
	}
	got.Date = want.Date
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	g, err := got.Game()
	if err != nil || g.Plies() != 4 || !g.CanRedo() || g.MoveLimit != 120 {
		t.Errorf("restored game: %v, %d plies", err, g.Plies())
	}
	if err := s.ClearGame(); err != nil || s.HasGame() {
		t.Errorf("ClearGame: %v", err)
	}
	if rec, notice := s.LoadGame(); rec != nil || notice != nil {
		t.Errorf("after ClearGame: %v %q", rec, notice)
	}
}

func TestStatisticsRoundTrip(t *testing.T) {
	s := openTemp(t)
	st, notice := s.LoadStats()
	if notice != nil || len(st.Tallies) != 0 {
		t.Fatalf("fresh statistics: %+v %q", st, notice)
	}
	st.Add(rules.Gobblers, "perfect", record.Lost)
	st.Add(rules.Classic, "easy", record.Won)
	if err := s.SaveStats(st); err != nil {
		t.Fatal(err)
	}
	got, notice := s.LoadStats()
	if notice != nil || !reflect.DeepEqual(got, st) {
		t.Errorf("got %+v %q, want %+v", got, notice, st)
	}
}

func TestLoadAllGathersTheNotices(t *testing.T) {
	s := openTemp(t)
	if err := s.SaveGame(sampleGame()); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(s.Path(SettingsFile), []byte("{"), 0o600)
	os.WriteFile(s.Path(StatisticsFile), []byte(`{"version": 3}`), 0o600)
	l := s.LoadAll()
	want := []string{
		"Your settings could not be read, so the game starts with the default settings; the old file is kept as settings.json.corrupt.",
		"Your statistics were saved by a newer version of Gobblet, so they start again from zero; the file is kept as statistics.json.corrupt.",
	}
	if !reflect.DeepEqual(english(l.Notices), want) || l.Game == nil || l.Settings != Default() {
		t.Errorf("got %+v", l)
	}
}

func TestMissingFilesGiveDefaultsQuietly(t *testing.T) {
	s := openTemp(t)
	if st, notice := s.LoadSettings(); st != Default() || notice != nil {
		t.Errorf("settings: %+v %q", st, notice)
	}
	if rec, notice := s.LoadGame(); rec != nil || notice != nil {
		t.Errorf("game: %v %q", rec, notice)
	}
	if st, notice := s.LoadStats(); len(st.Tallies) != 0 || notice != nil {
		t.Errorf("statistics: %+v %q", st, notice)
	}
}

// An unreadable file is renamed aside with its bytes intact, the defaults
// are used, and one sentence says so.
func TestUnreadableFilesAreKeptAside(t *testing.T) {
	good := func(t *testing.T) map[string][]byte {
		st := Default()
		st.Theme = "wood"
		set, _ := Marshal(st)
		game, err := record.Marshal(sampleGame())
		if err != nil {
			t.Fatal(err)
		}
		var stats record.Stats
		stats.Add(rules.Classic, "hard", record.Won)
		sts, _ := record.MarshalStats(stats)
		return map[string][]byte{SettingsFile: set, CurrentGame: game, StatisticsFile: sts}
	}(t)
	damages := []struct {
		name   string
		damage func(file string, data []byte) []byte
		newer  bool
	}{
		{"corrupt", func(_ string, d []byte) []byte { return append([]byte("\x00\xffgarbage"), d...) }, false},
		{"empty", func(string, []byte) []byte { return nil }, false},
		{"truncated", func(_ string, d []byte) []byte { return d[:len(d)*2/3] }, false},
		{"hand-edited wrongly", func(file string, d []byte) []byte {
			switch file {
			case SettingsFile:
				return bytes.Replace(d, []byte(`"master_volume": 0.8`), []byte(`"master_volume": 8`), 1)
			case CurrentGame:
				return bytes.Replace(d, []byte("4@c3"), []byte("4@b2"), 1)
			}
			return bytes.Replace(d, []byte(`"won": 1`), []byte(`"won": -1`), 1)
		}, false},
		{"from a newer version", func(file string, d []byte) []byte {
			switch file {
			case SettingsFile:
				return []byte(`{"version": 3, "master_volume": 0.5, "haptics": true}`)
			case CurrentGame:
				return bytes.Replace(d, []byte(`[Format "gobblet 1"]`), []byte(`[Format "gobblet 2"]`+"\n[Clock \"5+3\"]"), 1)
			}
			return []byte(`{"version": 3, "tallies": [], "streaks": {}}`)
		}, true},
	}
	notices := map[string][2]string{
		SettingsFile: {
			"Your settings could not be read, so the game starts with the default settings; the old file is kept as settings.json%s.corrupt.",
			"Your settings were saved by a newer version of Gobblet, so the game starts with the default settings; the file is kept as settings.json%s.corrupt."},
		CurrentGame: {
			"The game you were playing could not be read, so there is no game to continue; the old file is kept as current-game.gobblet%s.corrupt.",
			"The game you were playing was saved by a newer version of Gobblet, so there is no game to continue; the file is kept as current-game.gobblet%s.corrupt."},
		StatisticsFile: {
			"Your statistics could not be read, so they start again from zero; the old file is kept as statistics.json%s.corrupt.",
			"Your statistics were saved by a newer version of Gobblet, so they start again from zero; the file is kept as statistics.json%s.corrupt."},
	}
	load := func(s *Store, file string) (isDefault bool, notice string) {
		switch file {
		case SettingsFile:
			st, n := s.LoadSettings()
			return st == Default(), n.String()
		case CurrentGame:
			rec, n := s.LoadGame()
			return rec == nil, n.String()
		}
		st, n := s.LoadStats()
		return len(st.Tallies) == 0 && st.Version == record.StatsVersion, n.String()
	}
	for _, d := range damages {
		for _, file := range []string{SettingsFile, CurrentGame, StatisticsFile} {
			t.Run(d.name+" "+file, func(t *testing.T) {
				s := openTemp(t)
				path := s.Path(file)
				// Twice: the second time a .corrupt file is already there and
				// must not be written over.
				var kept [][]byte
				for i, suffix := range []string{"", ".2"} {
					bad := d.damage(file, bytes.Clone(good[file]))
					if i == 1 {
						// Different bytes, damaged the same way.
						bad = append([]byte("\n"), bad...)
					}
					if bytes.Equal(bad, good[file]) {
						t.Fatal("the damage changed nothing")
					}
					if err := os.WriteFile(path, bad, 0o600); err != nil {
						t.Fatal(err)
					}
					isDefault, notice := load(s, file)
					which := 0
					if d.newer {
						which = 1
					}
					if want := fmt.Sprintf(notices[file][which], suffix); notice != want {
						t.Errorf("notice:\n got %q\nwant %q", notice, want)
					}
					if !isDefault {
						t.Error("the defaults were not used")
					}
					if _, err := os.Stat(path); !os.IsNotExist(err) {
						t.Errorf("the unreadable file is still at %s", path)
					}
					kept = append(kept, bad)
					for j, k := range kept {
						aside := path + []string{"", ".2"}[j] + ".corrupt"
						if got, err := os.ReadFile(aside); err != nil || !bytes.Equal(got, k) {
							t.Errorf("%s does not hold the original bytes: %v", aside, err)
						}
					}
				}
				// With the file set aside, the next start is quiet.
				if _, notice := load(s, file); notice != "" {
					t.Errorf("second start: %q", notice)
				}
			})
		}
	}
}

// When an unreadable file cannot even be moved aside, it is never written
// over: saving reports an error instead.
func TestUnmovableFileIsNeverOverwritten(t *testing.T) {
	s := openTemp(t)
	path := s.Path(SettingsFile)
	bad := []byte("{broken")
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	// Every name setAside tries is taken.
	os.WriteFile(path+".corrupt", nil, 0o600)
	for n := 2; n <= 100; n++ {
		os.WriteFile(fmt.Sprintf("%s.%d.corrupt", path, n), nil, 0o600)
	}
	st, notice := s.LoadSettings()
	want := "Your settings could not be read, so the game starts with the default settings; the file is left untouched at " + ShortPath(path) + "."
	if st != Default() || notice.String() != want {
		t.Errorf("got %q, want %q", notice, want)
	}
	if err := s.SaveSettings(Default()); err == nil || !strings.Contains(err.Error(), "not writing over") {
		t.Errorf("SaveSettings: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, bad) {
		t.Errorf("the file was written over: %q", got)
	}
}

func TestDirChoice(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/home/ann/.config")
	t.Setenv("HOME", "/home/ann")
	t.Setenv("AppData", `C:\Users\ann\AppData\Roaming`)
	t.Setenv(EnvDir, "")
	base, err := os.UserConfigDir()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rule, explicit, env, want string
	}{
		{"the user's config folder by default", "", "", filepath.Join(base, "gobblet")},
		{"the environment variable over the default", "", "/tmp/env", "/tmp/env"},
		{"the flag over the environment variable", "/tmp/flag", "/tmp/env", "/tmp/flag"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			t.Setenv(EnvDir, tt.env)
			got, err := Dir(tt.explicit)
			if err != nil || got != tt.want {
				t.Errorf("got %q %v, want %q", got, err, tt.want)
			}
		})
	}
}

func TestSaveRecordNeverReplacesAFile(t *testing.T) {
	s := openTemp(t)
	rec := sampleGame()
	var paths []string
	for range 3 {
		p, err := s.SaveRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
	}
	want := []string{"2026-11-21 2319 classic human-hard.gobblet", "2026-11-21 2319 classic human-hard (2).gobblet", "2026-11-21 2319 classic human-hard (3).gobblet"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("names %q, want %q", paths, want)
	}
	older := sampleGame()
	older.Date = older.Date.AddDate(0, 0, -1)
	if _, err := s.SaveRecord(older); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(s.Path(GamesFolder), "hand written.gobblet")
	os.WriteFile(broken, []byte("[Variant \"classic\"]\n1. 4@a1 4@a1\n"), 0o600)
	os.Chtimes(broken, time.Now(), time.Now())

	games, err := s.Records()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 5 {
		t.Fatalf("%d games listed", len(games))
	}
	if games[0].Path != broken || games[0].Err == nil || !strings.Contains(games[0].Err.Error(), "line 2: move 1 (o) 4@a1") {
		t.Errorf("the newest, unreadable file first with its error: %+v", games[0])
	}
	if games[4].Record == nil || !games[4].Record.Date.Equal(older.Date) {
		t.Errorf("the oldest game last: %+v", games[4])
	}
	for _, g := range games[1:] {
		if g.Err != nil {
			t.Error(g.Err)
		}
	}
}

func TestOpenRemovesOnlyOldTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, ".settings.json"+tempMark+"123")
	fresh := filepath.Join(dir, ".settings.json"+tempMark+"456")
	os.WriteFile(old, []byte("half"), 0o600)
	os.WriteFile(fresh, []byte("half"), 0o600)
	os.Chtimes(old, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Error("an old temporary file is still there")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a fresh temporary file (maybe being written) was removed")
	}
}

func TestSaveSettingsRefusesValuesLoadWouldRefuse(t *testing.T) {
	tests := []struct {
		rule   string
		change func(*Settings)
	}{
		{"volume is at most 1", func(s *Settings) { s.MusicVolume = 1.5 }},
		{"volume is not negative", func(s *Settings) { s.EffectsVolume = -0.1 }},
		{"the window has a size", func(s *Settings) { s.WindowWidth = 0 }},
		{"the window is no wider than an 8K screen", func(s *Settings) { s.WindowWidth = 15500 }},
		{"the window is no taller than an 8K screen", func(s *Settings) { s.WindowHeight = MaxWindowSide + 1 }},
		{"a theme is a word", func(s *Settings) { s.Theme = "../../etc" }},
		{"the AI delay is bounded", func(s *Settings) { s.AIDelayMillis = -5 }},
	}
	s := openTemp(t)
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			st := Default()
			tt.change(&st)
			if err := s.SaveSettings(st); err == nil {
				t.Error("saved")
			}
		})
	}
}

func TestParseSettingsKeepsDefaultsForMissingFields(t *testing.T) {
	st, err := Parse([]byte(`{"version": 1, "theme": "light"}`))
	want := Default()
	want.Theme = "light"
	if err != nil || st != want {
		t.Errorf("got %+v %v", st, err)
	}
}

func BenchmarkSaveGame(b *testing.B) {
	s := openTemp(b)
	rec := sampleGame()
	for b.Loop() {
		if err := s.SaveGame(rec); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadGame(b *testing.B) {
	s := openTemp(b)
	if err := s.SaveGame(sampleGame()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if rec, _ := s.LoadGame(); rec == nil {
			b.Fatal("no game")
		}
	}
}

func TestNewGameChoicesRoundTripAndBadOnesAreRefused(t *testing.T) {
	s := Default()
	s.NewGame = &NewGame{Variant: "gobblers", Mode: "ai-ai", Colour: 1, First: 1, Levels: [2]string{"hard", "perfect"}, Algorithms: [2]string{"", "alphabeta"}, Join: true}
	data, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(data)
	if err != nil || got.NewGame == nil || *got.NewGame != *s.NewGame {
		t.Fatalf("read back %+v (%v), want %+v", got.NewGame, err, s.NewGame)
	}
	for _, bad := range []string{
		`"new_game": {"variant": "chess", "mode": "ai-ai", "levels": ["easy", "easy"]}`,
		`"new_game": {"variant": "classic", "mode": "Human AI", "levels": ["easy", "easy"]}`,
		`"new_game": {"variant": "classic", "mode": "ai-ai", "colour": 2, "levels": ["easy", "easy"]}`,
		`"new_game": {"variant": "classic", "mode": "ai-ai", "levels": ["", "easy"]}`,
		`"new_game": {"variant": "classic", "mode": "ai-ai", "levels": ["easy", "easy"], "algorithms": ["x y", ""]}`,
		`"new_game": {"variant": "classic", "mode": "ai-ai", "levels": ["easy", "easy"], "speed": 3}`,
	} {
		if _, err := Parse([]byte(`{"version": 2, ` + bad + `}`)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	// a version 1 file (before new_game) is read, and written back as the current version
	old, err := Parse([]byte(`{"version": 1, "theme": "wood"}`))
	if err != nil || old.NewGame != nil || old.Theme != "wood" || old.Version != CurrentVersion {
		t.Errorf("version 1 file read as %+v, %v", old, err)
	}
}
