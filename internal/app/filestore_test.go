package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestFileStoreKeepsTheGameAndTheSettings(t *testing.T) {
	dir := t.TempDir()
	fs, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := fs.LoadGame(); ok {
		t.Fatal("a new folder has no game to continue")
	}
	s := vsAI(rules.Classic)
	s.First = 1 // blue (the AI) moves first
	s.Players[1].Algorithm = "alphabeta"
	want := SavedGame{Variant: "classic", Mode: modeHumanVsAI, First: 1, Players: s.Players, Moves: []string{"4@b2", "4@c3", "b2-a1"}}
	if err := fs.SaveGame(want); err != nil {
		t.Fatal(err)
	}
	set := fs.Settings()
	set.Theme, set.TouchMove = "light", false
	if err := fs.SaveSettings(set); err != nil {
		t.Fatal(err)
	}
	fs.Flush()

	again, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Flush()
	got, ok := again.LoadGame()
	if !ok {
		t.Fatalf("the autosave was not read back (notices %v)", again.Notices)
	}
	if got.Variant != want.Variant || got.Mode != want.Mode || got.First != want.First || got.Players != want.Players || len(got.Moves) != 3 || got.Moves[2] != "b2-a1" {
		t.Errorf("read back %+v, want %+v", got, want)
	}
	if st := again.Settings(); st.Theme != "light" || st.TouchMove {
		t.Errorf("settings read back %+v", st)
	}
	if err := again.ClearGame(); err != nil {
		t.Fatal(err)
	}
}
