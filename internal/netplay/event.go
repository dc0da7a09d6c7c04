package netplay

import (
	"sync"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Event is something the GUI should know: one of the types below. Every
// *rules.Game in an event is the session's game copied at that moment; the
// GUI owns it.
type Event interface{ event() }

// Started: a game begins, the first after the handshake or a rematch.
type Started struct {
	Variant rules.Variant
	You     rules.Player // your colour; x moves first
	Number  int          // 1 for the first game, then counting rematches
	Peer    string       // the other side's address
	Game    *rules.Game
}

// Moved: a move was played, yours (confirming SendMove) or the other
// side's. The GUI's board should now show Game.
type Moved struct {
	Move     rules.Move
	Notation string
	By       rules.Player
	Mine     bool
	Ply      int // the move's number in the game, counting from 1
	Game     *rules.Game
}

// MoveRejected: SendMove could not be played (not your turn, illegal, no
// game running). Nothing was sent; Game is the game as it stands.
type MoveRejected struct {
	Move   rules.Move
	Reason string
	Why    Why // Reason's kind, for the GUI's languages
	Game   *rules.Game
}

// DrawOffered: the other side offers a draw; answer with AnswerDraw, or
// play a move, which declines it.
type DrawOffered struct{}

// DrawDeclined: the other side declined your offer, or moved instead.
type DrawDeclined struct{}

// Ending says how a game ended.
type Ending uint8

const (
	ByRules       Ending = iota // a line, or a repetition: see Result.Reason
	ByResignation               // the loser resigned
	ByAgreement                 // a draw offer was accepted
)

// GameOver: the game has a result. Result.Status is Win or Draw; with
// ByResignation the Winner is the side that did not resign. A second
// GameOver for the same game comes only when a resignation crossed the last
// move, a draw acceptance or another resignation on the wire: it settles the
// result the same way on both screens, and replaces the first.
type GameOver struct {
	Result rules.Result
	By     Ending
	Game   *rules.Game
}

// RematchOffered: the other side wants another game; call Rematch to agree.
type RematchOffered struct{}

// Notice is a sentence for the player that changes nothing: a joiner that
// was turned away, a request that made no sense now.
type Notice struct {
	Text string
	Why  Why // Text's kind, for the GUI's languages
}

// Disconnected is always the last event: the connection is over. Reason is
// a sentence for the player. Game is the game as it stood, nil when none had
// started; when it is not over, the GUI can offer to finish it against the
// AI. Clean is true when the other side said goodbye or you closed.
type Disconnected struct {
	Reason string
	Why    Why // Reason's kind, for the GUI's languages
	Err    error
	Game   *rules.Game
	Clean  bool
}

func (Started) event()        {}
func (Moved) event()          {}
func (MoveRejected) event()   {}
func (DrawOffered) event()    {}
func (DrawDeclined) event()   {}
func (GameOver) event()       {}
func (RematchOffered) event() {}
func (Notice) event()         {}
func (Disconnected) event()   {}

// queue is an unbounded first-in first-out list between goroutines: put
// never blocks, so neither the GUI nor the network side waits on the other.
type queue[T any] struct {
	mu     sync.Mutex
	items  []T
	closed bool
	wake   chan struct{} // holds one signal when items or closed changed
}

func newQueue[T any]() *queue[T] { return &queue[T]{wake: make(chan struct{}, 1)} }

func (q *queue[T]) put(v T) {
	q.mu.Lock()
	if !q.closed {
		q.items = append(q.items, v)
	}
	q.mu.Unlock()
	q.signal()
}

func (q *queue[T]) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.signal()
}

func (q *queue[T]) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// takeAll empties the queue; closed reports that nothing more will come.
func (q *queue[T]) takeAll() (items []T, closed bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	items, q.items = q.items, nil
	return items, q.closed
}

// deliver feeds the queue into out, in order, until the queue is closed and
// empty, then closes out. It gives up early when abandon is closed: the
// reader has said it is done and may never read again.
func (q *queue[T]) deliver(out chan<- T, abandon <-chan struct{}) {
	defer close(out)
	for {
		items, closed := q.takeAll()
		for _, v := range items {
			select {
			case out <- v:
			case <-abandon:
				return
			}
		}
		if closed && len(items) == 0 {
			return
		}
		if len(items) == 0 {
			<-q.wake
		}
	}
}
