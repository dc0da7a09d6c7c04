package netplay

import (
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Session is one side of an online game: a hosted room or a joined one.
// Its methods never block; what comes of them arrives as Events.
type Session struct {
	host   bool
	limits Limits
	code   RoomCode // the room's code: the host's own, or the one joined
	addr   string   // host: the address it listens on

	invitation Invitation   // a relay room's
	relay      *relayClient // a relay session's client

	events  chan Event
	out     *queue[Event]
	cmds    *queue[command]
	closing chan struct{}
	close   sync.Once
	done    chan struct{}
	wg      sync.WaitGroup
}

type commandKind uint8

const (
	cmdMove commandKind = iota
	cmdResign
	cmdOfferDraw
	cmdAnswerDraw
	cmdRematch
)

type command struct {
	kind   commandKind
	move   rules.Move
	accept bool
}

func newSession(host bool, l Limits) *Session {
	s := &Session{
		host:    host,
		limits:  l.orDefaults(),
		events:  make(chan Event),
		out:     newQueue[Event](),
		cmds:    newQueue[command](),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
	}
	go s.out.deliver(s.events, s.closing)
	return s
}

// Events delivers what happens, in order; it is closed after Disconnected.
// Poll it without blocking (select with default) from the GUI's Update.
func (s *Session) Events() <-chan Event { return s.events }

// SendMove plays your move; Moved confirms it, MoveRejected refuses it.
func (s *Session) SendMove(m rules.Move) { s.cmds.put(command{kind: cmdMove, move: m}) }

// Resign gives up the current game.
func (s *Session) Resign() { s.cmds.put(command{kind: cmdResign}) }

// OfferDraw offers a draw. It can be offered only while the other side is
// to move (after your move), so that the answer never crosses a move.
func (s *Session) OfferDraw() { s.cmds.put(command{kind: cmdOfferDraw}) }

// AnswerDraw answers the other side's offer.
func (s *Session) AnswerDraw(accept bool) { s.cmds.put(command{kind: cmdAnswerDraw, accept: accept}) }

// Rematch asks for, or agrees to, another game once this one is over.
// When both sides asked, Started announces it, the colours swapped.
func (s *Session) Rematch() { s.cmds.put(command{kind: cmdRematch}) }

// Close says goodbye and ends the session. It may be called any number of
// times. Events may still deliver a few events, then is closed; the caller
// need not drain it.
func (s *Session) Close() { s.close.Do(func() { close(s.closing) }) }

// Done is closed when every goroutine of the session, network side, has
// ended and the connection and listener are closed.
func (s *Session) Done() <-chan struct{} { return s.done }

// Code is the room's code: the host's to read aloud, or the one joined.
func (s *Session) Code() RoomCode { return s.code }

// Addr is the address the host listens on, such as "[::]:7777"; empty for a
// joiner.
func (s *Session) Addr() string { return s.addr }

// finish ends the session's goroutines' bookkeeping once run returned.
func (s *Session) finish() {
	s.cmds.close()
	s.out.close()
	s.wg.Wait()
	close(s.done)
}

// rejectWaiting answers requests made before any game has started.
func (s *Session) rejectWaiting() {
	cmds, _ := s.cmds.takeAll()
	for _, c := range cmds {
		if c.kind == cmdMove {
			s.out.put(MoveRejected{Move: c.move, Reason: "No game has started yet.", Why: Why{Kind: WhyNoGameYet}})
		}
	}
}

// received is what the reader goroutine hands the session: one message, or
// why the connection ended.
type received struct {
	msg  message
	fail *refusal
}

// read feeds the session loop with decoded messages until the connection
// fails, the other side floods it, or the loop is gone.
func (s *Session) read(l *link, who string, in chan<- received, gone <-chan struct{}) {
	defer s.wg.Done()
	flood := newBucket(s.limits.Rate, s.limits.Burst)
	for {
		l.conn.SetReadDeadline(time.Now().Add(s.limits.Silence))
		m, r := l.receive(who)
		if r == nil && !flood.take(time.Now()) {
			r = &refusal{
				reason: fmt.Sprintf("%s sent more than %g messages a second; the connection was closed.", who, s.limits.Rate),
				why:    Why{Kind: WhyOtherFlood, N: int(s.limits.Rate)},
				tell:   "too many messages",
			}
		}
		select {
		case in <- received{msg: m, fail: r}:
		case <-gone:
			return
		}
		if r != nil {
			return
		}
	}
}

// play runs a connected game until the connection ends. It owns the game:
// nothing else touches it.
func (s *Session) play(l *link, v rules.Variant, me rules.Player) {
	who := "The other player"
	in := make(chan received)
	gone := make(chan struct{})
	s.wg.Add(1)
	go s.read(l, who, in, gone)
	defer func() {
		close(gone)
		l.conn.Close()
	}()

	s.rejectWaiting()
	m := &match{variant: v, me: me, number: 1, game: rules.NewGame(v), isHost: s.host, peer: l.conn.RemoteAddr().String()}
	s.out.put(Started{Variant: v, You: me, Number: 1, Peer: m.peer, Game: m.game.Clone()})

	beat := time.NewTicker(s.limits.Heartbeat / 2)
	defer beat.Stop()
	for {
		var f *refusal
		select {
		case r := <-in:
			f = r.fail
			if f == nil {
				f = m.receive(r.msg, s.out)
			}
		case <-s.cmds.wake:
			cmds, _ := s.cmds.takeAll()
		sending:
			for _, c := range cmds {
				for _, msg := range m.request(c, s.out) {
					if err := l.send(msg); err != nil {
						f = &refusal{reason: "The connection to the other player was lost.", why: Why{Kind: WhyPeerLost}, err: err}
						break sending
					}
				}
			}
		case <-beat.C:
			if time.Since(l.last) >= s.limits.Heartbeat {
				if err := l.send(message{kind: kindPing}); err != nil {
					f = &refusal{reason: "The connection to the other player was lost.", why: Why{Kind: WhyPeerLost}, err: err}
				}
			}
		case <-s.closing:
			l.bye("")
			s.out.put(Disconnected{Reason: "You left the game.", Why: Why{Kind: WhyYouLeft}, Game: m.game.Clone(), Clean: true})
			return
		}
		if f != nil {
			if f.tell != "" {
				l.bye(f.tell)
			}
			clean := f.err == nil && f.tell == ""
			s.out.put(Disconnected{Reason: f.reason, Why: f.why, Err: f.err, Game: m.game.Clone(), Clean: clean})
			return
		}
	}
}

// dialFailure words a failed connection for the player.
func dialFailure(addr string, err error) (string, Why) {
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return fmt.Sprintf("Could not reach the host at %s: no answer. Check the code, and that both computers are on the same network.", addr), Why{Kind: WhyHostNoAnswer, Addr: addr}
	}
	return fmt.Sprintf("Could not reach the host at %s. Check the code, and that the host is still waiting.", addr), Why{Kind: WhyHostUnreachable, Addr: addr}
}

// Invitation is the relay room's invitation (Invite and Accept sessions);
// zero for a direct room.
func (s *Session) Invitation() Invitation { return s.invitation }
