package app

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// openShelf opens a shelf store over a fresh in-memory shelf for a
// headless App.
func openShelf(t *testing.T) (*App, *ShelfStore, *settings.MemoryShelf) {
	t.Helper()
	shelf := settings.NewMemoryShelf()
	s := OpenShelfStore(shelf, t.Logf)
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Store = s
	return a, s, shelf
}

// A page reload is a new store over the same storage: it finds the
// settings, the game to continue, the saved games and the statistics.
func TestShelfStoreFindsEverythingAfterAReload(t *testing.T) {
	_, s, shelf := openShelf(t)
	set := s.Settings()
	set.Theme, set.ShowLegalMoves = "light", false
	if err := s.SaveSettings(set); err != nil {
		t.Fatal(err)
	}
	opponent := vsAI(rules.Classic)
	won := opponent.gameRecord(mustGame(t, rules.Classic, "4@a1", "4@b1", "4@b2", "4@c1", "4@c3", "4@d1", "3@d4"))
	if won.Result.Status == rules.Ongoing {
		t.Fatal("the game to record is not over")
	}
	name, err := s.RecordResult(won)
	if err != nil || !strings.HasSuffix(name, " classic human-easy.gobblet") || strings.Contains(name, "/") {
		t.Fatalf("RecordResult: %q, %v", name, err)
	}
	playing := vsAI(rules.Gobblers)
	game := mustGame(t, rules.Gobblers, "3@b2", "1@a1", "2@c3")
	game.Undo()
	if err := s.SaveGame(playing.gameRecord(game)); err != nil {
		t.Fatal(err)
	}

	again := OpenShelfStore(shelf, t.Logf)
	if len(again.Notices) != 0 {
		t.Errorf("notices after a reload: %q", again.Notices)
	}
	if got := again.Settings(); got != set {
		t.Errorf("settings %+v, want %+v", got, set)
	}
	rec, ok := again.LoadGame()
	if !ok {
		t.Fatal("no game to continue after a reload")
	}
	got, g, err := restore(rec)
	if err != nil || got != playing || g.Plies() != 2 || !g.CanRedo() {
		t.Errorf("continued %+v with %d moves (%v), want %+v with 2 and one to redo", got, g.Plies(), err, playing)
	}
	games, err := again.Records()
	if err != nil || len(games) != 1 || games[0].Record == nil || games[0].Name+".gobblet" != name {
		t.Fatalf("saved games %+v, %v", games, err)
	}
	st := again.Stats()
	if tally := st.Tally(rules.Classic, "easy"); tally.Won != 1 || tally.Games() != 1 {
		t.Errorf("statistics %+v, want one game won against easy", tally)
	}
}

// When the storage is full the autosave fails: the banner says so in the
// player's words for as long as it lasts, the game kept before is still
// there after a reload, and the banner goes once a save works.
func TestFullStorageShowsABannerAndKeepsTheGameBefore(t *testing.T) {
	a, s, shelf := openShelf(t)
	setup := vsAI(rules.Gobblers)
	if err := s.SaveGame(setup.gameRecord(mustGame(t, rules.Gobblers, "3@b2"))); err != nil {
		t.Fatal(err)
	}
	shelf.Quota = shelf.Used()
	longer := setup.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
	if err := s.SaveGame(longer); !errors.Is(err, settings.ErrStorageFull) {
		t.Errorf("SaveGame on a full storage: %v", err)
	}
	a.Update()
	want := "Your game cannot be saved: the browser's storage is full."
	if a.saveProblem != want {
		t.Fatalf("banner %q, want %q", a.saveProblem, want)
	}
	if rec, ok := s.LoadGame(); !ok || len(rec.Moves) != 2 {
		t.Error("Continue in this page no longer brings back the game being played")
	}
	if rec, ok := OpenShelfStore(shelf, t.Logf).LoadGame(); !ok || len(rec.Moves) != 1 {
		t.Errorf("after a reload the game kept before is %v", rec)
	}

	shelf.Quota = 0
	if err := s.SaveGame(longer); err != nil {
		t.Fatal(err)
	}
	a.Update()
	if a.saveProblem != "" {
		t.Errorf("saving works again, yet the banner says %q", a.saveProblem)
	}
}

func TestFullStorageShowsTheSettingsCannotBeSaved(t *testing.T) {
	a, s, shelf := openShelf(t)
	shelf.Quota = 1
	a.Settings.Theme = "contrast"
	a.saveSettings()
	a.Update()
	if want := "Your settings cannot be saved: the browser's storage is full."; a.saveProblem != want {
		t.Errorf("banner %q, want %q", a.saveProblem, want)
	}
	if got := OpenShelfStore(shelf, t.Logf).Settings(); got != settings.Default() {
		t.Errorf("a failed save left settings %+v", got)
	}
	if s.Settings().Theme != "contrast" {
		t.Error("the page forgot the settings it could not save")
	}
}

// A finished game that does not fit is said, not counted, and not lost
// from this page: Continue still shows it.
func TestAFinishedGameThatDoesNotFitIsSaid(t *testing.T) {
	tb := newTable(t, vsAI(rules.Gobblers))
	shelf := settings.NewMemoryShelf()
	s := OpenShelfStore(shelf, t.Logf)
	tb.a.Store = s
	tb.gs.autosave(tb.a)
	shelf.Quota = shelf.Used()
	tb.winOnTheDiagonal()
	want := "Your finished game could not be kept in Saved games: the browser's storage is full."
	if len(tb.a.notices) != 1 || !strings.HasPrefix(tb.a.notices[0], want) {
		t.Fatalf("notices %q, want %q…", tb.a.notices, want)
	}
	if st := s.Stats(); len(st.Tallies) != 0 {
		t.Errorf("a game not kept was counted: %+v", st)
	}
	if rec, ok := s.LoadGame(); !ok || len(rec.Moves) != 5 {
		t.Errorf("Continue does not show the finished game: %v", rec)
	}
	if games, _ := s.Records(); len(games) != 0 {
		t.Errorf("saved games %+v", games)
	}
}

// Without storage (private browsing, storage disabled) the game still
// runs, in memory, and says once that nothing will be kept.
func TestRefusedStorageRunsInMemoryAndSaysSo(t *testing.T) {
	tests := []struct {
		rule string
		err  error
		want string
	}{
		{"refused", fmt.Errorf("open localStorage: %w", settings.ErrStorageRefused),
			"Your browser refuses to store anything here (private browsing?), so nothing will be saved this time."},
		{"anything else", errors.New("TypeError: localStorage.setItem is not a function"),
			"The browser's storage cannot be used (TypeError: localStorage.setItem is not a function), so nothing will be saved this time."},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			store, notices := openShelfStore(func() (settings.Shelf, error) { return nil, tc.err }, t.Logf)
			if _, ok := store.(*MemoryStore); !ok {
				t.Errorf("the store is a %T, want a MemoryStore", store)
			}
			if !reflect.DeepEqual(noticeWords(notices), []string{tc.want}) {
				t.Errorf("notices %q\nwant %q", notices, tc.want)
			}
		})
	}
}

// What cannot be read is said once, politely, and the game starts anyway.
func TestUnreadableStorageIsSaidAtStart(t *testing.T) {
	shelf := settings.NewMemoryShelf()
	shelf.Set(settings.Key(settings.SettingsFile), "{")
	// A set-up start is a record the game reads but cannot continue.
	opponent := vsAI(rules.Classic)
	rec := opponent.gameRecord(mustGame(t, rules.Classic))
	start := mustGame(t, rules.Classic, "4@b2").Position()
	rec.Start = &start
	data, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	shelf.Set(settings.Key(settings.CurrentGame), string(data))
	store, notices := openShelfStore(func() (settings.Shelf, error) { return shelf, nil }, t.Logf)
	want := []string{
		"Your settings could not be read, so the game starts with the default settings; the old copy is kept in the browser's storage as gobblet/settings.json.corrupt.",
		"The saved game could not be continued, so a new one starts.",
	}
	if !reflect.DeepEqual(noticeWords(notices), want) {
		t.Errorf("notices %q\nwant %q", notices, want)
	}
	if _, ok := store.LoadGame(); ok {
		t.Error("a game that cannot be continued is offered")
	}
}

// An option changed in one tab shows in the other at once (the page's
// storage event), which keeps its own full screen.
func TestAnotherTabsOptionsShowAtOnce(t *testing.T) {
	shelf := settings.NewMemoryShelf()
	one, two := OpenShelfStore(shelf.Tab(), t.Logf), OpenShelfStore(shelf.Tab(), t.Logf)
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Store = one
	a.Settings = one.Settings()
	a.Settings.Fullscreen = true
	set := two.Settings()
	set.Theme, set.Mute = "wood", true
	if err := two.SaveSettings(set); err != nil {
		t.Fatal(err)
	}
	a.Update()
	if a.Settings.Theme != "wood" || !a.Settings.Mute || a.Theme != palette.ByName("wood") {
		t.Errorf("the first tab shows theme %q (%p), mute %v: want the other tab's wood and mute", a.Settings.Theme, a.Theme, a.Settings.Mute)
	}
	if !a.Settings.Fullscreen {
		t.Error("the other tab's options took this page out of full screen")
	}
	// and this tab's next change keeps the other's
	a.Settings.ShowLegalMoves = false
	a.saveSettings()
	if l := settings.NewShelfStore(shelf).LoadAll(); l.Settings.Theme != "wood" || l.Settings.ShowLegalMoves {
		t.Errorf("stored theme %q, legal moves %v", l.Settings.Theme, l.Settings.ShowLegalMoves)
	}
}
