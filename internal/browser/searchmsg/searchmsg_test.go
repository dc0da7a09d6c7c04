package searchmsg

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func game(t testing.TB, v rules.Variant, moves ...string) *rules.Game {
	g := rules.NewGame(v)
	if err := g.PlayNotation(moves); err != nil {
		t.Fatal(err)
	}
	return g
}

// The worker searches the game the page plays: same position, same
// history (a repetition counts), same level and budget, and the time
// already spent still counts.
func TestAQuestionCarriesTheGameAndItsBudget(t *testing.T) {
	g := game(t, rules.Classic, "4@a1", "4@d4", "3@b2")
	now := time.Now()
	cfg := ai.Config{Level: "expert", Seed: 7, MoveTime: 5 * time.Second, HashMiB: 16, Asked: now.Add(-1200 * time.Millisecond)}
	a, err := DecodeAsk(NewAsk(3, 1, g, cfg, now).Encode())
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.Game()
	if err != nil {
		t.Fatal(err)
	}
	if got.Plies() != 3 || got.Position() != g.Position() || !reflect.DeepEqual(got.Moves(), g.Moves()) {
		t.Errorf("the worker's game is %v after %d moves, want %v", got.Position(), got.Plies(), g.Position())
	}
	later := now.Add(time.Second)
	c := a.Config(later)
	if c.Level != "expert" || c.Seed != 7 || c.MoveTime != 5*time.Second || c.HashMiB != 16 {
		t.Errorf("config %+v", c)
	}
	if spent := later.Sub(c.Asked); spent != 1200*time.Millisecond {
		t.Errorf("the worker counts %v spent, want the 1.2 s spent before the question was sent", spent)
	}
	if a.Engine != 1 || a.ID != 3 {
		t.Errorf("id %d engine %d", a.ID, a.Engine)
	}
}

func TestRepliesRoundTrip(t *testing.T) {
	v := rules.Gobblers
	pv := []rules.Move{rules.Drop(3, rules.SquareAt(v, 1, 1)), rules.Drop(3, rules.SquareAt(v, 0, 0))}
	in := ai.Info{Depth: 7, Score: ai.Score{Kind: ai.WinIn, Value: 5}, Nodes: 1234, NPS: 99, Time: 250 * time.Millisecond, PV: pv}
	r, err := DecodeReply(InfoReply(9, v, in).Encode())
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Info(v)
	if err != nil || !reflect.DeepEqual(out, in) {
		t.Errorf("info %+v (%v), want %+v", out, err, in)
	}
	// the perfect player without its table: its note, marked as such
	note := ai.Info{Note: "The perfect-play table could not be downloaded: offline; the Expert search plays instead.", Fallback: true}
	r, err = DecodeReply(InfoReply(9, v, note).Encode())
	if err != nil {
		t.Fatal(err)
	}
	if out, err := r.Info(v); err != nil || !reflect.DeepEqual(out, note) {
		t.Errorf("note %+v (%v), want %+v", out, err, note)
	}
	r, err = DecodeReply(MoveReply(9, v, pv[0], nil).Encode())
	if err != nil {
		t.Fatal(err)
	}
	if m, err := r.Answer(v); err != nil || m != pv[0] {
		t.Errorf("move %v (%v), want %v", m, err, pv[0])
	}
	r, _ = DecodeReply(MoveReply(9, v, rules.NoMove, errorString("the game is over")).Encode())
	if _, err := r.Answer(v); err == nil || err.Error() != "the game is over" {
		t.Errorf("an error reply reads as %v", err)
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func TestBadMessagesAreRefusedWithASentence(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{``, "not a message"},
		{`[]`, "not a message"},
		{`{"id":1,"engine":0,"start":"x"} {}`, "follows"},
		{`{"id":0,"level":"easy"}`, "without an id"},
		{`{"id":1,"engine":9}`, "engine 9"},
		{`{"id":1,"engine":-1}`, "engine -1"},
		{`{"id":1,"depth":-3}`, "negative"},
		{`{"id":1,"movetimeMs":99999999999}`, "out of range"},
		{`{"id":1,"bogus":1}`, "unknown field"},
		{`{"id":1,"start":"` + strings.Repeat("x", MaxBytes) + `"}`, "at most"},
	} {
		if _, err := DecodeAsk(c.msg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeAsk(%.40q) = %v, want an error saying %q", c.msg, err, c.want)
		}
	}
	a, err := DecodeAsk(`{"id":1,"engine":0,"start":"nonsense","level":"easy"}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Game(); err == nil || !strings.Contains(err.Error(), "first position") {
		t.Errorf("a bad position reads as %v", err)
	}
	for _, c := range []struct{ msg, want string }{
		{`{"kind":"shout"}`, "unknown kind"},
		{`{"kind":"move","move":"3@a1"}`, "without an id"},
		{`{"kind":"info"`, "not a message"},
	} {
		if _, err := DecodeReply(c.msg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeReply(%q) = %v, want an error saying %q", c.msg, err, c.want)
		}
	}
	r, _ := DecodeReply(`{"id":1,"kind":"info","score":"cp x"}`)
	if _, err := r.Info(rules.Classic); err == nil {
		t.Error("a score that does not parse was read")
	}
}

// The page's questions are outside input to the worker: no message makes
// it panic, and a question it takes reads back as itself.
func FuzzDecodeAsk(f *testing.F) {
	g := game(f, rules.Gobblers, "3@b2", "3@a1")
	f.Add(NewAsk(1, 0, g, ai.Config{Level: "hard", MoveTime: time.Second}, time.Now()).Encode())
	f.Add(`{"id":2,"stop":true}`)
	f.Add(`{"id":1,"engine":0,"start":"` + rules.Start(rules.Classic).String() + `","moves":["4@a1","a1-b2"],"level":"expert"}`)
	f.Add(`{"id":1,"moves":null,"start":""}`)
	f.Fuzz(func(t *testing.T, msg string) {
		a, err := DecodeAsk(msg)
		if err != nil {
			return
		}
		g, err := a.Game()
		if err == nil && g.Plies() != len(a.Moves) {
			t.Errorf("%d moves read as a game of %d", len(a.Moves), g.Plies())
		}
		_ = a.Config(time.Now())
		b, err := DecodeAsk(a.Encode())
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%+v encodes to a question read as %+v (%v)", a, b, err)
		}
	})
}

// The worker's replies are outside input to the page.
func FuzzDecodeReply(f *testing.F) {
	f.Add(InfoReply(3, rules.Classic, ai.Info{Depth: 2, Score: ai.Score{Kind: ai.LossIn, Value: 4}, PV: []rules.Move{rules.Drop(4, 0)}}).Encode())
	f.Add(MoveReply(3, rules.Classic, rules.Drop(4, 5), nil).Encode())
	f.Add(`{"kind":"ready"}`)
	f.Add(`{"id":1,"kind":"info","score":"win -2","pv":["zz"]}`)
	f.Fuzz(func(t *testing.T, msg string) {
		r, err := DecodeReply(msg)
		if err != nil {
			return
		}
		for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
			if in, err := r.Info(v); err == nil && len(in.PV) > len(r.PV) {
				t.Errorf("a line of %d moves read as %d", len(r.PV), len(in.PV))
			}
			if m, err := r.Answer(v); err == nil && m.IsNone() {
				t.Error("no move read as a move")
			}
		}
	})
}

// The plain-string messages are never taken for a question: the worker
// reads them before DecodeAsk, and a page that sent one to an older
// worker would get an error, not a search.
func TestPlainMessagesAreNotQuestions(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range []string{MusicAsk, EffectsAsk, InputBusy, InputQuiet} {
		if seen[m] {
			t.Errorf("two plain messages are %q", m)
		}
		seen[m] = true
		if _, err := DecodeAsk(m); err == nil {
			t.Errorf("DecodeAsk(%q) is a question", m)
		}
		if _, err := DecodeReply(m); err == nil {
			t.Errorf("DecodeReply(%q) is a reply", m)
		}
	}
}
