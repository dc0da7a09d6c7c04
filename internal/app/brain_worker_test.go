package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/browser/searchmsg"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// fakeWorker plays the search worker: it reads each question and answers
// as the test says.
type fakeWorker struct {
	asks   chan searchmsg.Ask
	out    chan string
	failed chan error
}

func newFakeWorker() *fakeWorker {
	return &fakeWorker{asks: make(chan searchmsg.Ask, 16), out: make(chan string, 16), failed: make(chan error, 1)}
}

func (f *fakeWorker) Post(msg string) {
	a, err := searchmsg.DecodeAsk(msg)
	if err != nil {
		panic("the page sent a question the worker cannot read: " + err.Error())
	}
	f.asks <- a
}
func (f *fakeWorker) Messages() <-chan string { return f.out }
func (f *fakeWorker) Failed() <-chan error    { return f.failed }
func (f *fakeWorker) reply(r searchmsg.Reply) { f.out <- r.Encode() }

func nolog(string, ...any) {}

func receive(t *testing.T, asks chan searchmsg.Ask) searchmsg.Ask {
	t.Helper()
	select {
	case a := <-asks:
		return a
	case <-time.After(time.Minute):
		t.Fatal("the page asked the worker nothing")
		return searchmsg.Ask{}
	}
}

type thought struct {
	m   rules.Move
	err error
}

// The worker answers a question about the page's game: its reports reach
// the page, then its move.
func TestTheWorkerAnswersTheComputersMove(t *testing.T) {
	fw := newFakeWorker()
	sw := started(fw)
	fw.reply(searchmsg.Reply{Kind: searchmsg.Ready})
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2"}); err != nil {
		t.Fatal(err)
	}
	var infos []ai.Info
	done := make(chan thought)
	go func() {
		m, err := sw.thinker().Think(context.Background(), g.Clone(), ai.Config{Level: "expert"}, func(in ai.Info) { infos = append(infos, in) })
		done <- thought{m, err}
	}()
	a := receive(t, fw.asks)
	if a.Level != "expert" || len(a.Moves) != 1 || a.Moves[0] != "3@b2" {
		t.Errorf("the worker was asked %+v", a)
	}
	want := rules.Drop(3, rules.SquareAt(rules.Gobblers, 0, 0))
	fw.reply(searchmsg.Reply{ID: a.ID + 100, Kind: searchmsg.Move, Move: "1@c3"}) // another question's: ignored
	fw.reply(searchmsg.InfoReply(a.ID, rules.Gobblers, ai.Info{Depth: 4, Score: ai.Score{Value: 30}}))
	fw.reply(searchmsg.MoveReply(a.ID, rules.Gobblers, want, nil))
	got := <-done
	if got.err != nil || got.m != want {
		t.Errorf("Think = %v, %v; want %v", got.m, got.err, want)
	}
	if len(infos) != 1 || infos[0].Depth != 4 {
		t.Errorf("reports %+v, want the worker's one at depth 4", infos)
	}
}

// A search stopped on the page (a pause, an undo, a new game) is stopped
// in the worker too.
func TestAStoppedSearchStopsInTheWorker(t *testing.T) {
	fw := newFakeWorker()
	sw := started(fw)
	fw.reply(searchmsg.Reply{Kind: searchmsg.Ready})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan thought)
	go func() {
		m, err := sw.thinker().Think(ctx, rules.NewGame(rules.Classic), ai.Config{Level: "expert"}, nil)
		done <- thought{m, err}
	}()
	a := receive(t, fw.asks)
	cancel()
	stop := receive(t, fw.asks)
	if !stop.Stop || stop.ID != a.ID {
		t.Errorf("after the cancel the worker was told %+v, want to stop question %d", stop, a.ID)
	}
	fw.reply(searchmsg.MoveReply(a.ID, rules.Classic, rules.Drop(4, 0), nil))
	if got := <-done; got.m.IsNone() {
		t.Errorf("a stopped search brought back no move (%v)", got.err)
	}
}

// A worker that fails to load leaves the search to the page.
func TestWithoutItsWorkerTheComputerThinksOnThePage(t *testing.T) {
	fw := newFakeWorker()
	sw := started(fw)
	fw.failed <- errors.New("search.wasm: 404")
	m, err := sw.thinker().Think(context.Background(), rules.NewGame(rules.Gobblers), ai.Config{Level: "easy", Nodes: 2000}, nil)
	if err != nil || m.IsNone() {
		t.Fatalf("with the worker gone, Think = %v, %v", m, err)
	}
	if p := rules.Start(rules.Gobblers); p.CheckMove(m) != nil {
		t.Errorf("the page's search chose an illegal move %v", m)
	}
	select {
	case a := <-fw.asks:
		t.Errorf("a failed worker was asked %+v", a)
	default:
	}
}

// The perfect player reads its table on the page, where the move values
// read it too: the worker is not asked.
func TestThePerfectPlayerThinksOnThePage(t *testing.T) {
	fw := newFakeWorker()
	sw := started(fw)
	fw.reply(searchmsg.Reply{Kind: searchmsg.Ready})
	m, err := sw.thinker().Think(context.Background(), rules.NewGame(rules.Gobblers), ai.Config{Level: "perfect"}, nil)
	if err != nil || m.IsNone() {
		t.Fatalf("Think = %v, %v", m, err)
	}
	select {
	case a := <-fw.asks:
		t.Errorf("the worker was asked %+v for the perfect player", a)
	default:
	}
}

// started is a search worker on link, started.
func started(link workerLink) *searchWorker {
	sw := newSearchWorker(func() (workerLink, error) { return link, nil }, nolog)
	sw.begin()
	return sw
}

// A worker that cannot start leaves the search to the page.
func TestAWorkerThatCannotStartLeavesTheSearchToThePage(t *testing.T) {
	sw := newSearchWorker(func() (workerLink, error) { return nil, errors.New("no Worker") }, nolog)
	m, err := sw.thinker().Think(context.Background(), rules.NewGame(rules.Gobblers), ai.Config{Level: "easy", Nodes: 2000}, nil)
	if err != nil || m.IsNone() {
		t.Fatalf("Think = %v, %v", m, err)
	}
}

// A pause stops the worker's search; resumed, the same question goes to
// the same engine in the worker (its transposition table holds what the
// stopped search found) with the time already spent, so the move does not
// take the level's whole time again after the pause.
func TestAPausedSearchGoesOnInTheWorker(t *testing.T) {
	fw := newFakeWorker()
	sw := started(fw)
	fw.reply(searchmsg.Reply{Kind: searchmsg.Ready})
	b := newBrain(func() Thinker { return sw.thinker() })
	g := rules.NewGame(rules.Classic)
	cfg := ai.Config{Level: "expert"}
	b.start(g, 1, cfg, forMove, 0)
	first := receive(t, fw.asks)
	time.Sleep(60 * time.Millisecond)
	b.stop() // the pause
	stop := receive(t, fw.asks)
	if !stop.Stop || stop.ID != first.ID {
		t.Fatalf("the pause told the worker %+v, want to stop question %d", stop, first.ID)
	}
	fw.reply(searchmsg.MoveReply(first.ID, rules.Classic, rules.Drop(4, 0), nil)) // the stopped search's best so far
	time.Sleep(100 * time.Millisecond)                                            // paused a while
	b.start(g, 1, cfg, forMove, 10)                                               // resumed
	again := receive(t, fw.asks)
	if again.Stop || again.Engine != first.Engine {
		t.Errorf("the resumed search asked engine %d (stop %v), want the paused one's, %d, with its table", again.Engine, again.Stop, first.Engine)
	}
	if again.Spent < 60 || again.Spent > first.Spent+1000 {
		t.Errorf("the resumed search tells the worker %d ms were spent, want the 60 ms or more it ran before the pause, not the pause's", again.Spent)
	}
	if _, ok := b.poll(); ok {
		t.Error("the stopped search's late answer was taken for the resumed one's")
	}
	b.stop()
}
