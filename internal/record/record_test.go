package record

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// randomGame plays random legal moves, sometimes undoing a few at the end so
// the game has moves to redo.
func randomGame(seed uint64, v rules.Variant, start *rules.Position) *rules.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	g := rules.NewGame(v)
	if start != nil {
		g = rules.NewGameFrom(*start)
	}
	if seed%3 == 0 {
		g.MoveLimit = 10 + rng.IntN(40)
	}
	var buf [rules.MaxMoves]rules.Move
	for n := rng.IntN(70); n > 0 && !g.Over(); n-- {
		p := g.Position()
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			panic(err)
		}
	}
	for n := rng.IntN(4); n > 0 && seed%2 == 1; n-- {
		g.Undo()
	}
	return g
}

// sameRecord compares records; dates by instant.
func sameRecord(t *testing.T, want, got *Record) {
	t.Helper()
	if !want.Date.Equal(got.Date) {
		t.Errorf("date: want %v, got %v", want.Date, got.Date)
	}
	w, g := *want, *got
	w.Date, g.Date = time.Time{}, time.Time{}
	if len(w.Comments) == 0 {
		w.Comments = nil
	}
	if len(g.Comments) == 0 {
		g.Comments = nil
	}
	if !reflect.DeepEqual(w, g) {
		t.Errorf("records differ:\nwant %+v\ngot  %+v", w, g)
	}
}

func TestRecordRoundTripsThroughText(t *testing.T) {
	oFirst, err := rules.ParsePosition("classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:o")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(0); seed < 200; seed++ {
		v := rules.Variants[seed%2]
		var start *rules.Position
		if v == rules.Classic && seed%4 == 2 {
			start = &oFirst
		}
		g := randomGame(seed, v, start)
		r := FromGame(g)
		r.Players = [2]Player{{Kind: Human, Name: `Ann "the \ bold"`}, {Kind: AI, Level: "hard", Algorithm: "iterative"}}
		r.Date = time.Date(2026, 11, 21, 23, 19, 45, 0, time.Local)
		r.Mode = "human-ai"
		if seed%5 == 0 {
			r.Comments = map[int]string{0: "before all", len(r.Moves): "at the end"}
			if len(r.Moves) > 3 {
				r.Comments[3] = "after the third move"
			}
			r.Tags = []Tag{{"Event", "club night"}, {"Round", "2"}}
		}
		text, err := Marshal(r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		sameRecord(t, r, back)
		again, err := Marshal(back)
		if err != nil || !bytes.Equal(again, text) {
			t.Fatalf("seed %d: second write differs (%v):\n%s\n---\n%s", seed, err, text, again)
		}
	}
}

// The autosave must give back the very game: history for undo and
// repetition, the moves to redo, the move limit, whose turn it is.
func TestAutosaveRestoresTheGameExactly(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		g := randomGame(seed, rules.Variants[seed%2], nil)
		text, err := Marshal(FromGame(g))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Game()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.History(), g.History()) || !reflect.DeepEqual(got.Moves(), g.Moves()) {
			t.Fatalf("seed %d: history differs", seed)
		}
		if got.MoveLimit != g.MoveLimit || got.Result() != g.Result() || got.Repetitions() != g.Repetitions() {
			t.Fatalf("seed %d: limit, result or repetitions differ", seed)
		}
		if got.Position().SideToMove() != g.Position().SideToMove() {
			t.Fatalf("seed %d: side to move differs", seed)
		}
		// Redo everything on both: the same moves come back.
		a, b := g.Clone(), got.Clone()
		for a.Redo() {
			if !b.Redo() {
				t.Fatalf("seed %d: fewer moves to redo after loading", seed)
			}
		}
		if b.CanRedo() || !reflect.DeepEqual(a.Moves(), b.Moves()) {
			t.Fatalf("seed %d: redo differs", seed)
		}
	}
}

func TestTestdataRecordsLoad(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.gobblet")
	if len(files) < 5 {
		t.Fatalf("want the sample records in testdata, found %d", len(files))
	}
	want := map[string]rules.Result{
		"classic-x-wins.gobblet":   {Status: rules.Win, Winner: rules.X, Reason: rules.Line},
		"draw-repetition.gobblet":  {Status: rules.Draw, Reason: rules.Repetition},
		"draw-movelimit.gobblet":   {Status: rules.Draw, Reason: rules.MoveLimit},
		"gobblers-o-first.gobblet": {},
		"autosave.gobblet":         {},
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if res, ok := want[filepath.Base(f)]; ok && r.Result != res {
			t.Errorf("%s: result %v, want %v", f, r.Result, res)
		}
	}
}

func TestParseReadsWhatPeopleWrite(t *testing.T) {
	data, err := os.ReadFile("testdata/classic-x-wins.gobblet")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 13 || r.Moves[0] != rules.Drop(4, mustSquare(t, rules.Classic, "c2")) {
		t.Errorf("moves: %d, first %v", len(r.Moves), r.Moves[0])
	}
	if r.Comments[0] != "Ann takes the centre early." || r.Comments[4] != "o blocks the second rank" || r.Comments[8] != "gobbles the small x" {
		t.Errorf("comments: %v", r.Comments)
	}
	if r.Players[rules.X] != (Player{Kind: Human, Name: "Ann"}) || r.Players[rules.O] != (Player{Kind: AI, Level: "hard", Algorithm: "alphabeta"}) {
		t.Errorf("players: %+v", r.Players)
	}
	if !reflect.DeepEqual(r.Tags, []Tag{{"Event", "Friday night"}}) {
		t.Errorf("extra tags: %v", r.Tags)
	}

	data, err = os.ReadFile("testdata/gobblers-o-first.gobblet")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Parse(data); err != nil {
		t.Fatal(err)
	}
	if r.Start == nil || r.Start.SideToMove() != rules.O || len(r.Moves) != 4 {
		t.Errorf("start %v, %d moves", r.Start, len(r.Moves))
	}

	data, err = os.ReadFile("testdata/autosave.gobblet")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Parse(data); err != nil {
		t.Fatal(err)
	}
	if r.Mode != "human-ai" || r.MoveLimit != 200 || len(r.Redo) != 2 || len(r.Moves) != 3 {
		t.Errorf("autosave: %+v", r)
	}
	g, err := r.Game()
	if err != nil || !g.CanRedo() || g.Position().SideToMove() != rules.O {
		t.Errorf("autosave game: %v", err)
	}
}

func mustSquare(t *testing.T, v rules.Variant, s string) rules.Square {
	t.Helper()
	sq, err := rules.ParseSquare(v, s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func TestParseRefusesBadRecords(t *testing.T) {
	const head = "[Variant \"classic\"]\n\n"
	tests := []struct {
		rule string
		text string
		line int
		want string
	}{
		{"an empty file is refused", "  \n\n", 0, "the file is empty"},
		{"text must be UTF-8", "[Variant \"classic\"]\n\xff\xfe", 0, "not valid UTF-8"},
		{"the variant is required", "[X \"human\"]\n\n1. 4@a1", 3, "Variant tag is missing"},
		{"the variant must exist", "[Variant \"chess\"]\n", 1, `unknown variant "chess"`},
		{"a tag needs a quoted value", "[Variant classic]\n", 1, "must be in double quotes"},
		{"a tag must end with a bracket", "[Variant \"classic\"\n", 1, "must end with ]"},
		{"a tag appears once", head[:len(head)-1] + "[Variant \"gobblers\"]\n", 2, "appears twice (first on line 1)"},
		{"a newer format is named", "[Format \"gobblet 99\"]\n" + head, 1, "newer version of Gobblet"},
		{"a player kind is human, ai or network", head[:len(head)-1] + "[O \"robot\"]\n", 2, `"robot" is not a kind of player`},
		{"an illegal move names its number and line", head + "1. 4@a1 4@a1\n", 3, "move 1 (o) 4@a1:"},
		{"a malformed move names its number", head + "1. 4@a1 4@d4\n2. 5@b2", 4, `move 2 (x): move "5@b2"`},
		{"a square must exist", head + "1. 4@a1 4@e5\n", 3, `move 1 (o): move "4@e5"`},
		{"move numbers must count right", head + "1. 4@a1 4@d4\n3. 3@b2", 4, `"3." does not fit here: the next move is move 2 (x)`},
		{"o's number has three dots", head + "1. 4@a1 1. 4@d4", 3, `"1." does not fit here: the next move is move 1 (o) (write 1... or nothing)`},
		{"a move number needs dots", head + "1.. 4@a1", 3, `"1.." is not a move number`},
		{"a comment must be closed", head + "1. 4@a1 {oops\n\n4@d4", 3, "never closed"},
		{"tags come before moves", head + "1. 4@a1\n[Result \"draw\"]\n", 4, "must come before the moves"},
		{"no move after the game ended", "[Variant \"gobblers\"]\n\n1. 3@a1 1@b1\n2. 2@a2 1@c1\n3. 3@a3 1@c2", 5, "the game is over (x line)"},
		{"the result must match the moves", "[Variant \"gobblers\"]\n[Result \"o wins\"]\n\n1. 3@a1 1@b1 2. 2@a2 1@c1 3. 3@a3", 2, "the result says a win for o by a line, but the moves lead to a win for x by a line"},
		{"an ongoing result must be true", "[Variant \"gobblers\"]\n[Result \"ongoing\"]\n\n1. 3@a1 1@b1 2. 2@a2 1@c1 3. 3@a3", 2, "moves lead to a win for x"},
		{"a draw needs a reason", head[:len(head)-1] + "[Result \"draw\"]\n", 2, "a draw needs a Reason tag"},
		{"a win is by a line", head[:len(head)-1] + "[Result \"x wins\"]\n[Reason \"repetition\"]\n", 3, "a win is by a line"},
		{"a resignation ends a game the moves leave open", "[Variant \"gobblers\"]\n[Result \"o wins\"]\n[Reason \"resignation\"]\n\n1. 3@a1 1@b1 2. 2@a2 1@c1 3. 3@a3", 2, "the result says a win for o by resignation, but the moves lead to a win for x by a line"},
		{"a reason needs a result", head[:len(head)-1] + "[Reason \"line\"]\n", 2, "needs a Result tag"},
		{"the start must be a position", head[:len(head)-1] + "[Start \"classic:x9\"]\n", 2, "tag Start: position"},
		{"the start must be of the variant", head[:len(head)-1] + "[Start \"gobblers:.,.,./.,.,./.,.,.:x\"]\n", 2, "the start position is gobblers"},
		{"the move limit is a number", head[:len(head)-1] + "[MoveLimit \"-3\"]\n", 2, "not a number of plies"},
		{"the date is a date", head[:len(head)-1] + "[Date \"yesterday\"]\n", 2, "not a date"},
		{"an undone move must be legal", head[:len(head)-1] + "[Redo \"4@a1 4@a1\"]\n", 2, "undone move 1 (o) 4@a1"},
		{"an undone move must parse", head[:len(head)-1] + "[Redo \"4@z9\"]\n", 2, "tag Redo: move \"4@z9\""},
		{"a tag value has no control characters", head[:len(head)-1] + "[Mode \"a\tb\"]\n", 2, "control character"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			_, err := Parse([]byte(tt.text))
			if err == nil {
				t.Fatal("accepted")
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a *record.Error", err)
			}
			if pe.Line != tt.line || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %q (line %d), want line %d and %q", err, pe.Line, tt.line, tt.want)
			}
		})
	}
}

func TestNewerFormatIsRecognised(t *testing.T) {
	_, err := Parse([]byte("[Format \"gobblet 2\"]\n[Variant \"classic\"]\n"))
	if !errors.Is(err, ErrNewerFormat) {
		t.Fatalf("got %v, want ErrNewerFormat", err)
	}
}

func TestWriteRefusesWhatCannotBeReadBack(t *testing.T) {
	a1 := mustSquare(t, rules.Classic, "a1")
	tests := []struct {
		rule string
		rec  Record
		want string
	}{
		{"an illegal move", Record{Variant: rules.Classic, Moves: []rules.Move{rules.Drop(4, a1), rules.Drop(4, a1)}}, "move 1 (o) 4@a1"},
		{"a wrong result", Record{Variant: rules.Classic, Result: rules.Result{Status: rules.Draw, Reason: rules.Repetition}}, "result says a draw by repetition"},
		{"a newline in a name", Record{Variant: rules.Classic, Players: [2]Player{{Kind: Human, Name: "a\nb"}}}, "control character"},
		{"an extra tag named like a known one", Record{Variant: rules.Classic, Tags: []Tag{{"Variant", "x"}}}, "cannot be an extra tag"},
		{"a comment past the end", Record{Variant: rules.Classic, Comments: map[int]string{3: "late"}}, "a comment after move 3"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			_, err := Marshal(&tt.rec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestOpponentCountsOnlyPersonAgainstAI(t *testing.T) {
	xWins := rules.Result{Status: rules.Win, Winner: rules.X, Reason: rules.Line}
	draw := rules.Result{Status: rules.Draw, Reason: rules.Repetition}
	human, hard := Player{Kind: Human}, Player{Kind: AI, Level: "hard"}
	tests := []struct {
		rule    string
		players [2]Player
		result  rules.Result
		level   string
		outcome Outcome
		ok      bool
	}{
		{"the person playing x wins", [2]Player{human, hard}, xWins, "hard", Won, true},
		{"the person playing o loses", [2]Player{hard, human}, xWins, "hard", Lost, true},
		{"a draw is a draw", [2]Player{hard, human}, draw, "hard", Drawn, true},
		{"the person who resigns loses", [2]Player{human, hard}, rules.Result{Status: rules.Win, Winner: rules.O, Reason: rules.Resignation}, "hard", Lost, true},
		{"an unfinished game does not count", [2]Player{human, hard}, rules.Result{}, "", 0, false},
		{"two people do not count", [2]Player{human, human}, xWins, "", 0, false},
		{"two AIs do not count", [2]Player{hard, hard}, xWins, "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := Record{Players: tt.players, Result: tt.result}
			level, o, ok := r.Opponent()
			if level != tt.level || o != tt.outcome || ok != tt.ok {
				t.Errorf("got %q %v %v", level, o, ok)
			}
		})
	}
}

// A resigned game is a finished game whose moves stop short of an end: it
// is written with its reason and read back the same.
func TestResignationRoundTrips(t *testing.T) {
	text := "[Variant \"classic\"]\n[X \"human\"]\n[O \"ai\"]\n[OLevel \"hard\"]\n[Result \"o wins\"]\n[Reason \"resignation\"]\n\n1. 4@a1 4@d4\n"
	r, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := rules.Result{Status: rules.Win, Winner: rules.O, Reason: rules.Resignation}
	if r.Result != want {
		t.Fatalf("parsed result %+v, want %+v", r.Result, want)
	}
	out, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(out)
	if err != nil {
		t.Fatalf("the written record does not read back: %v\n%s", err, out)
	}
	if again.Result != want || !strings.Contains(string(out), `[Reason "resignation"]`) {
		t.Errorf("round trip: %+v\n%s", again.Result, out)
	}
	if got := ResultText(want); got != "a win for o by resignation" {
		t.Errorf("ResultText: %q", got)
	}
}
