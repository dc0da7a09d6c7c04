package netplay

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// match is the game between the two sides as this side sees it: the rules
// game and the state of offers around it. Only the session loop touches it.
type match struct {
	variant rules.Variant
	me      rules.Player
	isHost  bool
	peer    string // the other side's address, for Started
	number  int    // the game's number, 1 and up with rematches
	game    *rules.Game

	over      bool
	result    rules.Result // when over: how it ended
	by        Ending
	myEnding  bool // this side's own message ended the game (resign, accept, last move)
	iResigned bool

	myOffer, peerOffer     bool // a draw offer waits for an answer
	myOfferAt, peerOfferAt int  // 1 + the plies when each side last offered a draw; 0: never
	myRematch, peerRematch bool
}

func (m *match) end(r rules.Result, by Ending, mine bool, out *queue[Event]) {
	m.over, m.myEnding = true, mine
	m.result, m.by = r, by
	m.myOffer, m.peerOffer = false, false
	out.put(GameOver{Result: r, By: by, Game: m.game.Clone()})
}

// judge ends the game when the rules say it is over.
func (m *match) judge(mine bool, out *queue[Event]) {
	if r := m.game.Result(); r.Status != rules.Ongoing {
		m.end(r, ByRules, mine, out)
	}
}

// request carries out one of this side's requests and returns what to tell
// the other side. A request never ends the connection: one that makes no
// sense now is answered with an event and sends nothing.
func (m *match) request(c command, out *queue[Event]) []message {
	plies := m.game.Plies()
	switch c.kind {
	case cmdMove:
		reject := func(why string, kind Kind) []message {
			out.put(MoveRejected{Move: c.move, Reason: why, Why: Why{Kind: kind}, Game: m.game.Clone()})
			return nil
		}
		if m.over {
			return reject("The game is over.", WhyGameIsOver)
		}
		if m.game.Position().SideToMove() != m.me {
			return reject("It is not your turn: the other player is thinking.", WhyNotYourTurn)
		}
		if err := m.game.Play(c.move); err != nil {
			out.put(MoveRejected{Move: c.move, Reason: fmt.Sprintf("That move cannot be played: %v.", err), Why: Why{Kind: WhyMoveIllegal, Text: err.Error()}, Game: m.game.Clone()})
			return nil
		}
		m.peerOffer = false // moving declines an offer
		note := c.move.Notation(m.variant)
		out.put(Moved{Move: c.move, Notation: note, By: m.me, Mine: true, Ply: plies + 1, Game: m.game.Clone()})
		m.judge(true, out)
		return []message{{kind: kindMove, n: plies + 1, move: note}}
	case cmdResign:
		if m.over {
			out.put(Notice{Text: "The game is already over.", Why: Why{Kind: WhyGameAlreadyOver}})
			return nil
		}
		m.iResigned = true
		m.end(rules.Result{Status: rules.Win, Winner: m.me.Other()}, ByResignation, true, out)
		return []message{{kind: kindResign, n: plies}}
	case cmdOfferDraw:
		switch {
		case m.over:
			out.put(Notice{Text: "The game is already over.", Why: Why{Kind: WhyGameAlreadyOver}})
		case m.game.Position().SideToMove() == m.me:
			out.put(Notice{Text: "You can offer a draw after your move, while the other player thinks.", Why: Why{Kind: WhyDrawAfterMove}})
		case m.myOffer:
			out.put(Notice{Text: "Your draw offer is still waiting for an answer.", Why: Why{Kind: WhyDrawWaiting}})
		case m.myOfferAt == plies+1:
			out.put(Notice{Text: "You have already offered a draw this move.", Why: Why{Kind: WhyDrawAlready}})
		default:
			m.myOffer, m.myOfferAt = true, plies+1
			return []message{{kind: kindDrawOffer, n: plies}}
		}
	case cmdAnswerDraw:
		if !m.peerOffer || m.over {
			out.put(Notice{Text: "There is no draw offer to answer.", Why: Why{Kind: WhyNoDrawOffer}})
			return nil
		}
		m.peerOffer = false
		if !c.accept {
			return []message{{kind: kindDrawDecline, n: plies}}
		}
		m.end(rules.Result{Status: rules.Draw}, ByAgreement, true, out)
		return []message{{kind: kindDrawAccept, n: plies}}
	case cmdRematch:
		if !m.over {
			out.put(Notice{Text: "A rematch can be asked for once the game is over.", Why: Why{Kind: WhyRematchAfterGame}})
			return nil
		}
		if m.myRematch {
			return nil
		}
		m.myRematch = true
		send := []message{{kind: kindRematch, n: m.number}}
		if m.peerRematch {
			m.next(out)
		}
		return send
	}
	return nil
}

// violation is the other side breaking the protocol: the connection ends.
func violation(tell, format string, args ...any) *refusal {
	return &refusal{
		reason: "The other player " + fmt.Sprintf(format, args...) + "; the connection was closed.",
		why:    Why{Kind: WhyPeerBrokeRules, Who: "other"},
		tell:   tell,
	}
}

// receive applies one message from the other side, or says why it cannot
// be accepted. A message it refuses never changes the game.
func (m *match) receive(msg message, out *queue[Event]) *refusal {
	plies := m.game.Plies()
	switch msg.kind {
	case kindPing:
		return nil
	case kindHello, kindAuth, kindStart:
		return violation("the greeting is over", "greeted again in the middle of the game")
	case kindRematch:
		switch {
		case !m.over:
			return violation("the game is not over", "asked for a rematch while the game was still on")
		case msg.n != m.number:
			return violation("wrong game number", "asked for a rematch of game %d, but this is game %d", msg.n, m.number)
		case m.peerRematch:
			return nil
		}
		m.peerRematch = true
		if m.myRematch {
			m.next(out)
		} else {
			out.put(RematchOffered{})
		}
		return nil
	}
	if m.over {
		return m.afterTheEnd(msg, out)
	}
	switch msg.kind {
	case kindMove:
		if m.game.Position().SideToMove() == m.me {
			return violation("it was not your turn", "moved out of turn")
		}
		if msg.n != plies+1 {
			return violation("wrong move number", "sent move number %d, but the game is at move %d", msg.n, plies+1)
		}
		mv, err := rules.ParseMove(m.variant, msg.move)
		if err != nil {
			return violation("that is not a move", "sent something that is not a move (%v)", err)
		}
		if err := m.game.Play(mv); err != nil {
			return violation("illegal move", "sent an illegal move (%v)", err)
		}
		if m.myOffer {
			m.myOffer = false
			out.put(DrawDeclined{})
		}
		out.put(Moved{Move: mv, Notation: mv.Notation(m.variant), By: m.me.Other(), Ply: plies + 1, Game: m.game.Clone()})
		m.judge(false, out)
	case kindResign:
		if r := m.takeBackCrossed(msg.n); r != nil {
			return r
		}
		m.end(rules.Result{Status: rules.Win, Winner: m.me}, ByResignation, false, out)
	case kindDrawOffer:
		switch {
		case m.game.Position().SideToMove() != m.me:
			return violation("offer a draw after your move", "offered a draw on its own turn")
		case msg.n != plies:
			return violation("wrong move number", "offered a draw at move %d, but the game is at move %d", msg.n, plies)
		case m.peerOffer:
			return violation("one offer at a time", "offered a draw twice")
		case m.peerOfferAt == plies+1:
			// One offer a move: a declined one asked again is not shown,
			// so that offers cannot be a stream of pop-ups. Moving declines it.
			return nil
		}
		m.peerOffer, m.peerOfferAt = true, plies+1
		out.put(DrawOffered{})
	case kindDrawAccept, kindDrawDecline:
		if !m.myOffer || msg.n != plies {
			return violation("no draw was offered", "answered a draw offer that was never made")
		}
		m.myOffer = false
		if msg.kind == kindDrawDecline {
			out.put(DrawDeclined{})
			return nil
		}
		m.end(rules.Result{Status: rules.Draw}, ByAgreement, false, out)
	}
	return nil
}

// afterTheEnd handles game messages that arrive once the game is over. When
// this side ended it, the other side's message may have crossed ours on the
// wire: it is ignored, except a resignation, which stands over whatever it
// crossed (a last move, an accepted draw) so that both screens agree; of two
// crossing resignations the host's stands. When the other side ended the
// game, it knows the game is over, and more game messages break the
// protocol.
func (m *match) afterTheEnd(msg message, out *queue[Event]) *refusal {
	if !m.myEnding {
		return violation("the game is over", "sent game messages after the game was over")
	}
	if msg.kind != kindResign || (m.iResigned && m.isHost) {
		return nil
	}
	if r := m.takeBackCrossed(msg.n); r != nil {
		return r
	}
	m.iResigned = false
	m.end(rules.Result{Status: rules.Win, Winner: m.me}, ByResignation, false, out)
	return nil
}

// takeBackCrossed checks the plies a resignation was made at. The other
// side resigned without seeing this side's last move when that move crossed
// the resignation on the wire: the move is taken back, so both sides keep
// the same game. Any other count breaks the protocol.
func (m *match) takeBackCrossed(plies int) *refusal {
	have := m.game.Plies()
	switch {
	case plies == have:
		return nil
	case plies == have-1 && have > 0 && m.game.PositionAt(plies).SideToMove() == m.me:
		m.game.Undo()
		return nil
	}
	return violation("wrong move number", "resigned at move %d, but the game is at move %d", plies, have)
}

// next starts the rematch: a new game, colours swapped.
func (m *match) next(out *queue[Event]) {
	*m = match{
		variant: m.variant, me: m.me.Other(), isHost: m.isHost, peer: m.peer,
		number: m.number + 1, game: rules.NewGame(m.variant),
	}
	out.put(Started{Variant: m.variant, You: m.me, Number: m.number, Peer: m.peer, Game: m.game.Clone()})
}
