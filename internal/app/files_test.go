package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// openFiles opens a file store in a fresh folder for a headless App.
func openFiles(t *testing.T) (*App, *FileStore, *scriptSource) {
	t.Helper()
	fs, err := OpenFileStore(filepath.Join(t.TempDir(), "gobblet"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fs.Flush)
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	a.Store = fs
	return a, fs, src
}

// A failed autosave is said at once on screen, in plain words, for as long
// as saving fails, and the banner goes by itself when a save works again.
// (A read-only folder does not stop root, so a folder stands where the
// autosave goes; the full disk is tested in internal/settings.)
func TestFailedAutosaveShowsABannerUntilSavingWorks(t *testing.T) {
	a, fs, _ := openFiles(t)
	blocker := fs.files.Path(settings.CurrentGame)
	if err := os.MkdirAll(filepath.Join(blocker, "in-the-way"), 0o700); err != nil {
		t.Fatal(err)
	}
	s := vsAI(rules.Gobblers)
	sg := s.gameRecord(mustGame(t, rules.Gobblers, "3@b2"))
	if err := a.Store.SaveGame(sg); err != nil {
		t.Fatal(err)
	}
	fs.wait()
	a.Update()
	want := "Your game cannot be saved: a folder stands where a file should be."
	if a.saveProblem != want {
		t.Fatalf("banner %q, want %q", a.saveProblem, want)
	}
	for i := 0; i < 900; i++ { // a quarter of an hour of ticks: it lasts
		a.Update()
	}
	if a.saveProblem != want {
		t.Fatalf("after 15 s the banner is %q", a.saveProblem)
	}
	os.RemoveAll(blocker)
	a.Store.SaveGame(sg)
	fs.wait()
	a.Update()
	if a.saveProblem != "" {
		t.Errorf("saving works again, yet the banner says %q", a.saveProblem)
	}
}

// The same for the settings, on a read-only folder (skipped as root, who
// may write anyway).
func TestReadOnlyFolderShowsTheSettingsCannotBeSaved(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes to a read-only folder")
	}
	a, fs, _ := openFiles(t)
	dir := fs.files.Dir()
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	a.saveSettings()
	a.Update()
	if want := "Your settings cannot be saved: the folder may not be written to."; a.saveProblem != want {
		t.Errorf("banner %q, want %q", a.saveProblem, want)
	}
}

// When the unfinished game cannot be kept in Saved games, New game says so
// and does not start: the new game's autosave would write over the only
// copy of the old one.
func TestNewGameIsRefusedWhenTheUnfinishedGameCannotBeKept(t *testing.T) {
	a, fs, src := openFiles(t)
	// A file where the games folder goes: no game can be kept, even by root.
	if err := os.WriteFile(fs.files.Path(settings.GamesFolder), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := vsAI(rules.Gobblers)
	old := s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
	a.Store.SaveGame(old)
	fs.wait()
	a.scenes.GoTo(newSetupScene(a))
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	for i := 0; i < fadeTicks+3; i++ {
		a.Update()
	}
	if _, ok := a.scenes.current.(*setupScene); !ok {
		t.Fatalf("the new game started (%T) though the unfinished one could not be kept", a.scenes.current)
	}
	if len(a.notices) != 1 || !strings.HasPrefix(a.notices[0], "Your unfinished game could not be kept in Saved games: a file stands where a folder should be.") {
		t.Fatalf("notices %q", a.notices)
	}
	fs.wait()
	rec, notice := fs.files.LoadGame()
	if rec == nil || len(rec.Moves) != 2 || notice != nil {
		t.Fatalf("the autosave on disk is no longer the unfinished game: %v %q", rec, notice)
	}
}

// Notices stay until the player dismisses them, each wrapped to the card
// however long (three bad files, a long path), and the scene below takes no
// input meanwhile.
func TestNoticesAreReadableAndStayUntilDismissed(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	long := "Your settings could not be read, so the game starts with the default settings; the file is left untouched at " +
		settings.ShortPath("/tmp/"+strings.Repeat("a-very-long-folder-name/", 8)+"gobblet/settings.json") + "."
	a.notify(long)
	a.notify("Your statistics could not be read (it is not a regular file), so they start again from zero; the old file is kept as statistics.json.corrupt.")
	a.notify("The game you were playing could not be read (the file is larger than 4 MiB, which no game file is), so there is no game to continue; the old file is kept as current-game.gobblet.corrupt.")
	c := a.layoutNotices()
	if c.Shown != 3 {
		t.Fatalf("%d notices on the card, want all 3", c.Shown)
	}
	fc := a.Face(ui.Regular, ui.SizeBody)
	for i, lines := range c.Paragraphs {
		if len(lines) < 2 {
			t.Errorf("notice %d is on %d line: not wrapped", i, len(lines))
		}
		for _, l := range lines {
			if w := ui.TextWidth(l, fc); w > c.TextW+0.5 || c.TextX+w > c.Card.X+c.Card.W {
				t.Errorf("line %q is %.0f wide, the card's text %.0f", l, w, c.TextW)
			}
		}
	}
	if c.Card.Y < 0 || c.Card.Y+c.Card.H > a.H {
		t.Errorf("the card %+v is taller than the window", c.Card)
	}
	for i := 0; i < 900; i++ { // 15 s, longer than the old 10 s notice
		a.Update()
	}
	if len(a.notices) != 3 {
		t.Fatalf("%d notices left after 15 s, want 3 until dismissed", len(a.notices))
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	a.Update()
	if len(a.notices) != 0 {
		t.Errorf("Enter left %d notices", len(a.notices))
	}
	if _, ok := a.scenes.current.(*menuScene); !ok {
		t.Errorf("the Enter that dismissed the notices also reached the menu: %T", a.scenes.current)
	}
}

// Too many notices for the window: the card shows what fits, and OK then
// shows the rest.
func TestManyNoticesComeInTurns(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 640, 420)
	for i := 0; i < 12; i++ {
		a.notify("Your settings could not be read, so the game starts with the default settings; the old file is kept as settings.json.corrupt.")
	}
	c := a.layoutNotices()
	if c.Shown < 1 || c.Shown >= 12 || c.Card.Y < 0 || c.Card.Y+c.Card.H > a.H {
		t.Fatalf("%d notices on a card %+v in a 640×420 window", c.Shown, c.Card)
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
	a.Update()
	if len(a.notices) != 12-c.Shown {
		t.Errorf("%d notices left, want %d", len(a.notices), 12-c.Shown)
	}
}

// A finished game that cannot be kept in Saved games is said, and its
// autosave stays: it is the game's only copy.
func TestAFinishedGameNotKeptIsSaidAndItsAutosaveStays(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	fs, err := OpenFileStore(filepath.Join(t.TempDir(), "gobblet"))
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Flush()
	tb.a.Store = fs
	if err := os.WriteFile(fs.files.Path(settings.GamesFolder), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tb.winOnTheDiagonal()
	if len(tb.a.notices) != 1 || !strings.HasPrefix(tb.a.notices[0], "Your finished game could not be kept in Saved games: a file stands where a folder should be.") {
		t.Fatalf("notices %q", tb.a.notices)
	}
	fs.wait()
	if rec, _ := fs.files.LoadGame(); rec == nil || len(rec.Moves) != 5 {
		t.Fatalf("the autosave is not the finished game: %v", rec)
	}

	// Once the games folder can be written, Continue shows the finished
	// game and New game keeps it.
	os.Remove(fs.files.Path(settings.GamesFolder))
	m := newMenuScene(tb.a)
	if m.saved == nil || m.list.Buttons[0].Label != "Continue" {
		t.Fatal("the menu offers no Continue for the finished game")
	}
	s, g, err := restore(m.saved)
	if err != nil {
		t.Fatal(err)
	}
	if gs := newGameScene(tb.a, s, g); !gs.over {
		t.Error("Continue brings back the finished game as not over")
	}
	if !makeRoom(tb.a, false) {
		t.Fatalf("the game is still not kept: %q", tb.a.notices)
	}
	if games, _ := fs.Records(); len(games) != 1 || games[0].Record == nil || len(games[0].Record.Moves) != 5 {
		t.Errorf("saved games: %+v", games)
	}
}

// storePlaces open the game's store over one folder, and over one browser
// storage (a tab each), as many times as windows run; close is the window
// closing.
var storePlaces = []struct {
	name string
	open func(t *testing.T) func() (s Store, close func())
}{
	{"folder", func(t *testing.T) func() (Store, func()) {
		dir := filepath.Join(t.TempDir(), "gobblet")
		return func() (Store, func()) {
			fs, err := OpenFileStore(dir)
			if err != nil {
				t.Fatal(err)
			}
			return fs, fs.Flush
		}
	}},
	{"browser", func(t *testing.T) func() (Store, func()) {
		shelf := settings.NewMemoryShelf()
		return func() (Store, func()) {
			tab := shelf.Tab()
			return OpenShelfStore(tab, t.Logf), tab.Close
		}
	}},
}

// Two windows at once: each one's move, finished game, statistics and
// options reach the files without writing over the other's.
func TestTwoWindowsLoseNothing(t *testing.T) {
	for _, p := range storePlaces {
		t.Run(p.name, func(t *testing.T) {
			open := p.open(t)
			one, closeOne := open()
			two, closeTwo := open()
			s := vsAI(rules.Gobblers)
			one.SaveGame(s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1")))
			two.SaveGame(s.gameRecord(mustGame(t, rules.Gobblers, "3@a1")))

			// each window finishes a game: both count
			won := s.gameRecord(mustGame(t, rules.Gobblers, "3@a1", "1@a3", "3@b2", "1@c1", "2@c3"))
			if _, err := one.RecordResult(won); err != nil {
				t.Fatal(err)
			}
			if _, err := two.RecordResult(won); err != nil {
				t.Fatal(err)
			}
			st := two.Stats()
			if n := st.Tally(rules.Gobblers, "easy").Games(); n != 2 {
				t.Errorf("the statistics count %d games, want the two windows' 2", n)
			}

			// each window changes an option; a later save of the other's
			// (its window size) keeps both
			set := one.Settings()
			set.Theme = "wood"
			one.SaveSettings(set)
			set = two.Settings()
			set.Mute = true
			two.SaveSettings(set)
			set.WindowWidth = 1000
			two.SaveSettings(set)
			closeOne()
			closeTwo()

			next, closeNext := open()
			defer closeNext()
			got := next.Settings()
			if got.Theme != "wood" || !got.Mute || got.WindowWidth != 1000 {
				t.Errorf("the settings are theme %q, mute %v, width %d; want both windows' changes", got.Theme, got.Mute, got.WindowWidth)
			}
			st = next.Stats()
			if n := st.Tally(rules.Gobblers, "easy").Games(); n != 2 {
				t.Errorf("the next start counts %d games, want 2", n)
			}
			rec, ok := next.LoadGame()
			games, _ := next.Records()
			if !ok || len(games) != 3 {
				t.Fatalf("Continue %v, %d saved games: want one unfinished game to continue, and the other with the two finished ones", ok, len(games))
			}
			moves := len(rec.Moves)
			for _, g := range games {
				if g.Record != nil && g.Record.Result.Status == rules.Ongoing {
					moves += len(g.Record.Moves)
				}
			}
			if moves != 3 {
				t.Errorf("the unfinished games hold %d moves, want 2 and 1", moves)
			}
		})
	}
}

// Reading the settings and statistics again mid-run (what another window
// changed) sets nothing aside: a folder where the settings go still makes
// the save fail, and the banner say so.
func TestReadingAgainMidRunSetsNothingAside(t *testing.T) {
	a, fs, _ := openFiles(t)
	for _, name := range []string{settings.SettingsFile, settings.StatisticsFile} {
		if err := os.MkdirAll(filepath.Join(fs.files.Path(name), "in-the-way"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	a.saveSettings()
	fs.Stats()
	a.Update()
	if want := "Your settings cannot be saved: a folder stands where a file should be."; a.saveProblem != want {
		t.Errorf("banner %q, want %q", a.saveProblem, want)
	}
	for _, name := range []string{settings.SettingsFile, settings.StatisticsFile} {
		if _, err := os.Stat(filepath.Join(fs.files.Path(name), "in-the-way")); err != nil {
			t.Errorf("%s was set aside mid-run: %v", name, err)
		}
	}
}
