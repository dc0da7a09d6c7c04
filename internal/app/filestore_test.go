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
	if err := fs.SaveGame(s.gameRecord(mustGame(t, rules.Classic, "4@b2", "4@c3", "b2-a1"))); err != nil {
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
	rec, ok := again.LoadGame()
	if !ok {
		t.Fatalf("the autosave was not read back (notices %v)", again.Notices)
	}
	got, g, err := restore(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got != s || g.Plies() != 3 || g.Moves()[2].Notation(rules.Classic) != "b2-a1" {
		t.Errorf("read back %+v with moves %v, want %+v with 4@b2 4@c3 b2-a1", got, g.Moves(), s)
	}
	if st := again.Settings(); st.Theme != "light" || st.TouchMove {
		t.Errorf("settings read back %+v", st)
	}
	if err := again.ClearGame(); err != nil {
		t.Fatal(err)
	}
}

// Undo, quit, Continue: the moves taken back can still be redone.
func TestContinueKeepsTheMovesUndone(t *testing.T) {
	dir := t.TempDir()
	fs, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	a.Store = fs
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "1@a1", "2@c3", "3@a1"}); err != nil {
		t.Fatal(err)
	}
	gs := newGameScene(a, twoPlayers(rules.Gobblers), g)
	a.scenes = sceneManager{current: gs}
	gs.undo(a)
	gs.undo(a) // two moves undone: 3@a1 is redone second, 2@c3 first
	gs.autosave(a)
	fs.Flush()

	again, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Flush()
	sg, ok := again.LoadGame()
	if !ok {
		t.Fatalf("the autosave was not read back (notices %v)", again.Notices)
	}
	if len(sg.Moves) != 2 || len(sg.Redo) != 2 || sg.Redo[0].Notation(rules.Gobblers) != "2@c3" || sg.Redo[1].Notation(rules.Gobblers) != "3@a1" {
		t.Fatalf("read back moves %v, undone %v; want [3@b2 1@a1], undone [2@c3 3@a1]", sg.Moves, sg.Redo)
	}
	_, rg, err := restore(sg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2@c3", "3@a1"} {
		if !rg.Redo() {
			t.Fatalf("the continued game cannot redo %s", want)
		}
		if m := rg.Moves()[rg.Plies()-1]; m.Notation(rules.Gobblers) != want {
			t.Fatalf("redo played %s, want %s", m.Notation(rules.Gobblers), want)
		}
	}
	if rg.CanRedo() {
		t.Error("the continued game has more to redo than was undone")
	}
}

// BenchmarkAutosave is what the game loop pays after every move of a long
// game: building the record and handing it to the background writer.
func BenchmarkAutosave(b *testing.B) {
	fs, err := OpenFileStore(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer fs.Flush()
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Store = fs
	// forty plies that neither win nor repeat, then two undone
	g := rules.NewGame(rules.Classic)
	for g.Plies() < 40 {
		played := false
		for _, m := range g.Position().LegalMoves(nil) {
			if g.Play(m) == nil {
				if !g.Over() {
					played = true
					break
				}
				g.Undo()
			}
		}
		if !played {
			b.Fatalf("no quiet move after %d plies", g.Plies())
		}
	}
	g.Undo()
	g.Undo()
	gs := newGameScene(a, twoPlayers(rules.Classic), g)
	for b.Loop() {
		gs.autosave(a)
	}
}
