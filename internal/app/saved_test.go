package app

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

func TestSaveGameFromPauseSaysWhereItIs(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "b2"))
	tb.key(ebiten.KeyEscape, false)
	tb.tick()
	var save *ui.Button
	for _, b := range tb.gs.pause.menu.Buttons {
		if b.Label == "Save game" {
			save = b
		}
	}
	if save == nil {
		t.Fatal("the pause menu has no Save game")
	}
	tb.click(save.Rect.Center())
	recs, _ := tb.a.Store.Records()
	if len(recs) != 1 || recs[0].Record == nil || len(recs[0].Record.Moves) != 1 {
		t.Fatalf("Save game kept %d records", len(recs))
	}
	if tb.a.toastMsg != "Kept in Saved games" {
		t.Errorf("the toast should say where the game is, not its file: %q", tb.a.toastMsg)
	}
}

// The record kept by Save game, by a finished game and by the autosave is
// the same game; only the autosave keeps the moves undone, for Continue.
func TestStoredRecordsOfOneGame(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	g := mustGame(t, rules.Gobblers, "3@b2", "1@a1", "2@c3")
	s := vsAI(rules.Gobblers)
	s.First = 1
	s.Players[1].Algorithm = "alphabeta"
	gs := newGameScene(a, s, g)
	gs.undo(a) // takes back the AI's 2@c3 and the player's 1@a1, then autosaves
	auto, ok := a.Store.LoadGame()
	if !ok || len(auto.Moves) != 1 || len(auto.Redo) != 2 || auto.Redo[0].Notation(rules.Gobblers) != "1@a1" || auto.Date.IsZero() {
		t.Fatalf("autosave %+v, want 1 move, 1@a1 2@c3 undone, dated", auto)
	}
	gs.saveRecord(a)
	files, _ := a.Store.Records()
	if len(files) != 1 || files[0].Record == nil {
		t.Fatalf("Save game kept %+v", files)
	}
	kept := files[0].Record
	if len(kept.Moves) != 1 || len(kept.Redo) != 0 || kept.Mode != "human-ai" {
		t.Errorf("saved game has moves %v, undone %v, mode %q; want 1 move, none undone, human-ai", kept.Moves, kept.Redo, kept.Mode)
	}
	for _, rec := range []*record.Record{auto, kept} {
		got, _, err := restore(rec)
		if err != nil || got != s {
			t.Errorf("restored setup %+v (%v), want %+v", got, err, s)
		}
	}
}

// savedList opens the saved games with one good game and one broken file.
func savedList(t *testing.T) (*player, *savedScene) {
	p := newPlayer(t)
	ms := p.a.Store.(*MemoryStore)
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@a1", "1@a3", "3@b2", "1@c1", "2@c3"}); err != nil {
		t.Fatal(err)
	}
	s := vsAI(rules.Gobblers)
	if _, err := ms.RecordResult(s.gameRecord(g)); err != nil {
		t.Fatal(err)
	}
	ms.Keep(settings.SavedFile{Name: "broken", Err: errors.New("line 3: not a move")})
	ss := newSavedScene(p.a)
	p.a.scenes = sceneManager{current: ss}
	p.tick()
	return p, ss
}

func TestSavedGamesListShowsUnreadableFilesAndOpensReview(t *testing.T) {
	p, ss := savedList(t)
	if len(ss.rows) != 2 {
		t.Fatalf("%d rows shown, want 2", len(ss.rows))
	}
	// the newest first: the broken file was kept last
	if ss.games[0].Record != nil || ss.games[1].Record == nil {
		t.Fatalf("the list should be newest first, the broken file on top")
	}
	p.click(ss.rows[0].Center())
	if p.a.scenes.current != Scene(ss) {
		t.Fatal("an unreadable file must not open")
	}
	p.click(ss.rows[1].Center())
	gs := p.game()
	if gs == nil || gs.review != 0 || gs.reviewBack != Scene(ss) {
		t.Fatalf("a saved game should open in review at the start")
	}
	if gs.setup.name(0) != "You" || gs.setup.name(1) != "Easy AI" {
		t.Errorf("review names the players %q and %q", gs.setup.name(0), gs.setup.name(1))
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyRight}})
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyRight}})
	shown, want := gs.shownPosition(), gs.game.PositionAt(2)
	if gs.review != 2 || !shown.Equal(&want) {
		t.Fatalf("two steps forward should show ply 2; review %d", gs.review)
	}
	if _, cells, _ := gs.moveList(p.a); gs.currentPly() != 1 || len(cells) != 5 {
		t.Errorf("the move list should highlight the second move (current %d, %d cells)", gs.currentPly(), len(cells))
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
	if p.a.scenes.current != Scene(ss) {
		t.Errorf("Esc in review should go back to the saved games")
	}
}

func TestStatisticsCountGamesAgainstTheAI(t *testing.T) {
	p, _ := savedList(t) // orange (the person) beat the easy AI
	st := newStatsScene(p.a)
	if got := st.stats.Tally(rules.Gobblers, "easy"); got.Won != 1 || got.Games() != 1 {
		t.Errorf("statistics after one win against easy: %+v", got)
	}
	if got := st.stats.Total(rules.Classic); got.Games() != 0 {
		t.Errorf("no classic games were played: %+v", got)
	}
}

// fakeValues replaces the proven values for the test: every move loses in
// 4, but 3@b2, which wins in 13.
func fakeValues(t *testing.T) {
	old := analyse
	t.Cleanup(func() { analyse = old })
	analyse = func(ctx context.Context, g *rules.Game) ([]ai.MoveValue, error) {
		p := g.Position()
		var out []ai.MoveValue
		var buf [rules.MaxMoves]rules.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			v := ai.MoveValue{Move: m, Score: ai.Score{Kind: ai.LossIn, Value: 4}}
			if m.Notation(rules.Gobblers) == "3@b2" {
				v.Score = ai.Score{Kind: ai.WinIn, Value: 13}
			}
			out = append(out, v)
		}
		return out, nil
	}
}

func TestHintUsesTheProvenValues(t *testing.T) {
	fakeValues(t)
	tb := newTable(t, vsAI(rules.Gobblers))
	tb.tick()
	tb.key(ebiten.KeyH, false)
	tb.until("the hint", func() bool { return !tb.gs.hintMove.IsNone() })
	if got := tb.gs.hintMove.Notation(rules.Gobblers); got != "3@b2" {
		t.Fatalf("hint %s, want the winning 3@b2", got)
	}
	if !strings.Contains(tb.gs.msg, "wins in 7") {
		t.Errorf("the hint should say its value: %q", tb.gs.msg)
	}
	if tb.ai.searches() != 0 {
		t.Errorf("the hint searched although the values were known")
	}
	v, _ := tb.gs.values.of(tb.gs.game, rules.Drop(1, rules.SquareAt(rules.Gobblers, 0, 0)))
	if valueLabel(v) != "loss 2" {
		t.Errorf("label of a loss in 4 plies: %q", valueLabel(v))
	}
}

func TestHintFallsBackToTheSearchWithoutASolution(t *testing.T) {
	old := analyse
	t.Cleanup(func() { analyse = old })
	analyse = func(ctx context.Context, g *rules.Game) ([]ai.MoveValue, error) { return nil, ai.ErrNoSolution }
	tb := newTable(t, vsAI(rules.Gobblers))
	tb.tick()
	tb.key(ebiten.KeyH, false)
	tb.until("a search for the hint", func() bool { return tb.ai.searches() == 1 })
}

func TestRecordKindsOfAnOnlineGame(t *testing.T) {
	s := setup{Variant: rules.Classic, Mode: modeOnline, Players: [2]playerChoice{{Human: true}, {Level: "medium"}}}
	rec := s.gameRecord(rules.NewGame(rules.Classic))
	if rec.Players[rules.X].Kind != record.Human || rec.Players[rules.O].Kind != record.Network || rec.Mode != "network" {
		t.Errorf("an online game records a person and a network player: %+v %q", rec.Players, rec.Mode)
	}
}

func TestResultCardButtonsFitTheCard(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {1920, 1080}, {1200, 760}} { // 1200×760: the smallest window with the panel scaled (layout.go compact)
		src := &scriptSource{}
		a := newHeadless(src, size[0], size[1])
		g := rules.NewGame(rules.Gobblers)
		if err := g.PlayNotation([]string{"3@a1", "1@a3", "3@b2", "1@c1", "2@c3"}); err != nil {
			t.Fatal(err)
		}
		gs := newGameScene(a, twoPlayers(rules.Gobblers), g)
		a.scenes = sceneManager{current: gs}
		for i := 0; i < resultDelay+25; i++ { // until the card has slid in
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
		card := gs.resultCard(a)
		l := &gs.lay
		for name, r := range map[string]ui.Rect{"the board": l.Frame, "orange's reserve": l.Reserve[0], "blue's reserve": l.Reserve[1]} {
			if card.X < r.X+r.W && r.X < card.X+card.W && card.Y < r.Y+r.H && r.Y < card.Y+card.H {
				t.Errorf("%v: the result card %v covers %s %v", size, card, name, r)
			}
		}
		// the longest title, an AI-vs-AI win, fits the card
		title := "Orange (Medium) wins."
		tf, lines := resultTitleLines(a, title, card.W-32*a.U())
		for _, ln := range lines {
			if w := ui.TextWidth(ln, tf); w > card.W-32*a.U() {
				t.Errorf("%v: the title line %q (%.0f px) is wider than the card (%.0f px)", size, ln, w, card.W)
			}
		}
		if len(lines) > 2 {
			t.Errorf("%v: the title %q takes %d lines", size, title, len(lines))
		}
		bs := gs.ending.menu.Buttons
		for i, b := range bs {
			r := b.Rect
			if r.X < card.X || r.Y < card.Y || r.X+r.W > card.X+card.W || r.Y+r.H > card.Y+card.H {
				t.Errorf("%v: %q %v lies outside the card %v", size, b.Label, r, card)
			}
			if w := ui.TextWidth(b.Label, a.Face(ui.Medium, ui.SizeBody)); w > r.W-8*a.U() {
				t.Errorf("%v: the label %q (%.0f px) does not fit its button (%.0f px)", size, b.Label, w, r.W)
			}
			for _, o := range bs[i+1:] {
				q := o.Rect
				if r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
					t.Errorf("%v: %q and %q overlap", size, b.Label, o.Label)
				}
			}
		}
	}
}

// demoList opens the saved games with two of the player's games and three
// computer demos.
func demoList(t *testing.T) (*player, *savedScene) {
	p := newPlayer(t)
	ms := p.a.Store.(*MemoryStore)
	for i, s := range []setup{vsAI(rules.Gobblers), aiVsAI(), aiVsAI(), twoPlayers(rules.Gobblers), aiVsAI()} {
		g := mustGame(t, rules.Gobblers, "3@b2", "1@a1")
		rec := s.gameRecord(g)
		rec.Date = rec.Date.Add(time.Duration(i) * time.Minute)
		if _, err := ms.SaveRecord(rec); err != nil {
			t.Fatal(err)
		}
	}
	ss := newSavedScene(p.a)
	p.a.scenes = sceneManager{current: ss}
	p.tick()
	return p, ss
}

// The list shows the player's own games first; the computer's demos and
// all games are a key or a click away.
func TestSavedGamesFilterMineDemosAll(t *testing.T) {
	p, ss := demoList(t)
	if len(ss.games) != 2 {
		t.Fatalf("My games shows %d games, want the player's 2", len(ss.games))
	}
	for _, g := range ss.games {
		if isDemo(g.Record) {
			t.Errorf("a demo among the player's games: %v", g.Name)
		}
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyRight}})
	if ss.filter.Sel != showDemos || len(ss.games) != 3 {
		t.Errorf("→ should show the 3 demos: filter %d, %d games", ss.filter.Sel, len(ss.games))
	}
	p.click(ss.filter.Segs[showAll].Center())
	if len(ss.games) != 5 {
		t.Errorf("All shows %d games, want 5", len(ss.games))
	}
}

// Del deletes the focused game, Ctrl+Z (or Undo) brings it back.
func TestSavedGameDeleteAndUndo(t *testing.T) {
	p, ss := demoList(t)
	name := ss.games[0].Record.Date
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyDelete}})
	if len(ss.games) != 1 || len(ss.all) != 4 {
		t.Fatalf("after Del the list holds %d of mine, %d in all; want 1 and 4", len(ss.games), len(ss.all))
	}
	if ss.del.Label != "Undo delete" {
		t.Errorf("the Delete button should offer the undo, it says %q", ss.del.Label)
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyZ}, Ctrl: true})
	if len(ss.games) != 2 || len(ss.all) != 5 || ss.deleted != nil {
		t.Fatalf("after the undo the list holds %d of mine, %d in all; want 2 and 5", len(ss.games), len(ss.all))
	}
	found := false
	for _, g := range ss.games {
		found = found || g.Record.Date.Equal(name)
	}
	if !found {
		t.Error("the game brought back is not the one deleted")
	}
	p.tick()
	p.click(ss.del.Rect.Center())
	if len(ss.all) != 4 {
		t.Errorf("a click on Delete leaves %d games, want 4", len(ss.all))
	}
}

// A computer demo is kept only when the player asks: by the Options
// setting, or by Keep on its result card; a kept game's card offers to
// copy its record instead of saving it again.
func TestDemosAreKeptOnlyWhenAsked(t *testing.T) {
	for _, keep := range []bool{false, true} {
		a := newHeadless(&scriptSource{}, 1280, 800)
		a.Settings.KeepDemos = keep
		gs := newGameScene(a, aiVsAI(), mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
		a.scenes = sceneManager{current: gs}
		for _, m := range []string{"3@a1", "2@c1", "2@c3"} {
			gs.commit(a, mustMove(t, rules.Gobblers, m), math.NaN(), 0, -1)
		}
		if !gs.over {
			t.Fatal("the game should be over")
		}
		recs, _ := a.Store.Records()
		if got := len(recs) == 1; got != keep {
			t.Errorf("keep demos %v: %d games kept", keep, len(recs))
		}
		if _, ok := a.Store.LoadGame(); ok {
			t.Errorf("keep demos %v: a finished demo is left for Continue", keep)
		}
		third := gs.ending.menu.Buttons[2]
		want := map[bool]string{false: "Keep", true: "Copy record"}[keep]
		if third.Label != want {
			t.Errorf("keep demos %v: the card's third button says %q, want %q", keep, third.Label, want)
		}
		if !keep {
			gs.resultSave(a)
			recs, _ = a.Store.Records()
			if len(recs) != 1 || third.Label != "Copy record" || a.toastMsg != keptWords() {
				t.Errorf("Keep kept %d games, the button says %q, the toast %q", len(recs), third.Label, a.toastMsg)
			}
		}
	}
}

// Options says under the focused row what it does; without a sound device
// the sound rows say they do nothing now and cannot be changed; the demos'
// pace is not among them (the demo's own button sets it).
func TestOptionsSayWhatTheFocusedRowDoes(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	a.Sound = deafSound{}
	o := newOptionsScene(a, a.scenes.current)
	a.scenes = sceneManager{current: o}
	a.Update()
	if !strings.Contains(o.help(), "No sound device") {
		t.Errorf("Volume without a device says %q", o.help())
	}
	was := o.rows["master"].Sel
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyRight}})
	a.Update()
	if o.rows["master"].Sel != was {
		t.Error("a sound row without a device changed")
	}
	for _, row := range o.form.Rows {
		if row.Help == "" {
			t.Errorf("%s says nothing of what it does", row.Label)
		}
		if strings.Contains(row.Label, "pace") {
			t.Errorf("Options still has a pace row: %q", row.Label)
		}
	}
	for o.form.Rows[o.form.Focus] != o.rows["touch"] {
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyDown}})
		a.Update()
	}
	if !strings.Contains(o.help(), "must be moved") {
		t.Errorf("Touch-move says %q", o.help())
	}
	// the help's line pushes the rows under the focused one down, never
	// over it
	o.layout(a)
	f, next := o.rows["touch"].Rect, o.rows["legal"].Rect
	if next.Y < f.Y+f.H+helpH*a.U() {
		t.Errorf("the row under the focused one (y %v) covers its help (row ends %v)", next.Y, f.Y+f.H)
	}
}

// deafSound is a sound player with no device.
type deafSound struct{ silence }

func (deafSound) Available() bool { return false }
func (deafSound) Reason() string  { return "No sound device was found." }

// An unfinished saved game opens in review where it was left; a won game
// shows its winning line at its last move, in review as live.
func TestReviewOpensWhereAGameWasLeftAndShowsTheWin(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	s := vsAI(rules.Gobblers)
	unfinished := s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1", "3@a1"))
	g, err := unfinished.Game()
	if err != nil {
		t.Fatal(err)
	}
	if gs := newReviewScene(a, unfinished, g, nil); gs.review != 3 {
		t.Errorf("an unfinished game opens at ply %d, want its last, 3", gs.review)
	}
	won := mustGame(t, rules.Gobblers, "3@b2", "1@a1", "3@a1", "2@c1", "2@c3")
	rec := s.gameRecord(won)
	g, _ = rec.Game()
	gs := newReviewScene(a, rec, g, nil)
	if gs.review != 0 {
		t.Errorf("a finished game opens at ply %d, want its start", gs.review)
	}
	for ply, want := range map[int]bool{0: false, 4: false, 5: true} {
		gs.review = ply
		p := gs.shownPosition()
		if got := gs.shownWinLine(&p) != 0; got != want {
			t.Errorf("review at ply %d draws the winning line: %v, want %v", ply, got, want)
		}
	}
}

// Statistics can be reset, and the reset undone; a game against the
// computer left unfinished for a new one counts as left.
func TestStatisticsResetUndoAndGamesLeft(t *testing.T) {
	p, _ := savedList(t) // one win against easy
	a := p.a
	s := vsAI(rules.Gobblers)
	a.Store.SaveGame(s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1")))
	stats := func() *record.Stats { st := a.Store.Stats(); return &st }
	if !makeRoom(a, false) {
		t.Fatal("the unfinished game could not be kept")
	}
	if got := stats().Tally(rules.Gobblers, "easy"); got.Left != 1 || got.Games() != 2 {
		t.Fatalf("after a game left: %+v, want 1 left of 2", got)
	}
	// Restart drops the unfinished game, which was left all the same
	a.Store.SaveGame(s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1")))
	if !makeRoom(a, true) {
		t.Fatal("Restart found no room")
	}
	if got := stats().Tally(rules.Gobblers, "easy"); got.Left != 2 || got.Games() != 3 {
		t.Fatalf("after a game restarted: %+v, want 2 left of 3", got)
	}
	st := newStatsScene(a)
	a.scenes = sceneManager{current: st}
	p.tick()
	p.click(st.reset.Rect.Center())
	if got := stats().Total(rules.Gobblers); got.Games() != 0 || st.reset.Label != "Undo reset" {
		t.Fatalf("after Reset: %+v, the button says %q", got, st.reset.Label)
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyZ}, Ctrl: true})
	if got := stats().Tally(rules.Gobblers, "easy"); got.Won != 1 || got.Left != 2 {
		t.Errorf("after Undo: %+v, want the win and the games left back", got)
	}
}

// Rename (F2) gives the focused game a name, typed and kept with Enter;
// the list shows it first, and the game keeps its moves.
func TestRenameASavedGame(t *testing.T) {
	p, ss := demoList(t)
	moves := len(ss.games[0].Record.Moves)
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyF2}})
	if ss.naming == nil {
		t.Fatal("F2 should start renaming the focused game")
	}
	p.frames(Frame{Chars: []rune("Lost to hardx")})
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyBackspace}})
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if ss.naming != nil || len(ss.all) != 5 {
		t.Fatalf("after Enter: renaming %v, %d games (want 5: the old copy gone)", ss.naming != nil, len(ss.all))
	}
	g := ss.focused()
	if g == nil || recordTitle(g.Record) != "Lost to hard" || len(g.Record.Moves) != moves {
		t.Fatalf("the focused game is %+v, want the one named \"Lost to hard\" with its %d moves", g, moves)
	}
	// Esc leaves the name as it was
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyF2}})
	p.frames(Frame{Chars: []rune(" again")})
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
	if p.a.scenes.current != Scene(ss) || recordTitle(ss.focused().Record) != "Lost to hard" {
		t.Errorf("Esc while renaming should keep the old name and the list")
	}
}

// Ctrl+C copies the focused game's record, and the list says how it went
// (there is a clipboard tool or there is not) in its line, not in a toast.
func TestCopyARecordSaysHowItWent(t *testing.T) {
	p, ss := demoList(t)
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyC}, Ctrl: true})
	pump(t, "the copy's answer", func() bool {
		return strings.HasPrefix(ss.note, "Record copied") || strings.HasPrefix(ss.note, "No clipboard")
	}, p)
	if p.a.toastMsg != "" {
		t.Errorf("the copy toasted %q over the list", p.a.toastMsg)
	}
}
