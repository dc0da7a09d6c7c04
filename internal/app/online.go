package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// netGame is what an online game scene knows of its session. The session
// keeps the authoritative game and checks every move; the scene plays the
// moves it confirms, and takes the session's copy whenever the two differ.
type netGame struct {
	sess   *netplay.Session
	number int    // 1 for the first game, then counting rematches
	peer   string // the other side's address
	closed bool   // Events is closed: nothing more will come

	drawOffered    bool // the other side offers a draw: answer it
	myOffer        bool // our offer waits for an answer
	rematchAsked   bool
	rematchOffered bool

	// reconnecting is why the connection dropped while the session gets
	// it back on its own ("" when connected): the board stays, and no move
	// can be made until Reconnected
	reconnecting string

	ended bool // the session declared the result (resignation, agreement, rules)
	res   rules.Result
	by    netplay.Ending
	gone  *netplay.Disconnected // the connection is over
	// resumed: Continue brought the game back after the window closed; it
	// has no session
	resumed bool
	goneM   ui.MenuList
	drawM   ui.MenuList
}

// onlineStandIn is the computer's level that finishes an online game whose
// partner is gone.
const onlineStandIn = "medium"

// newNetGame is what a game scene knows of sess, with the buttons of the
// cards it may show.
func newNetGame(sess *netplay.Session) *netGame {
	n := &netGame{sess: sess}
	n.goneM.Buttons = []*ui.Button{{Label: locale.T("OnlineFinishAI"), Primary: true, Tip: locale.T("OnlineFinishAITip")}, {Label: locale.T("OnlineMainMenu")}}
	n.drawM.Buttons = []*ui.Button{{Label: locale.T("OnlineAcceptDraw")}, {Label: locale.T("OnlineDecline")}} // neither is the default
	return n
}

// continueGame opens the game Continue brings back. An online game's
// connection ended with the window that played it: its board opens under
// the card of a lost connection, which says so and offers the computer to
// finish the game, or the main menu; nothing moves until the player chose.
func continueGame(a *App, s setup, g *rules.Game) *gameScene {
	gs := newGameScene(a, s, g)
	if s.Mode != modeOnline {
		return gs
	}
	gs.net = newNetGame(nil)
	gs.net.closed = true
	gs.net.gone = &netplay.Disconnected{Reason: "The connection ended when Gobblet closed.", Why: netplay.Why{Kind: whyGobbletClosed}}
	gs.net.resumed = true
	a.debugf("continue an online game: the connection is gone")
	return gs
}

// close ends the session, if the game still has one.
func (n *netGame) close() {
	if n.sess != nil {
		n.sess.Close()
	}
}

// newOnlineGame opens the board of a game the session has started. Orange
// always moves first online, so both screens show the same colours; the
// local player's colour is the one the session gives (rematches swap it).
func newOnlineGame(a *App, sess *netplay.Session, st netplay.Started) *gameScene {
	you := 0
	if st.You == rules.O {
		you = 1
	}
	s := setup{Variant: st.Variant, Mode: modeOnline, First: 0}
	s.Players[you] = playerChoice{Human: true}
	s.Players[1-you] = playerChoice{Level: onlineStandIn} // who finishes the game if the connection drops
	g := st.Game
	if g == nil {
		g = rules.NewGame(st.Variant)
	}
	gs := newGameScene(a, s, g)
	gs.net = newNetGame(sess)
	gs.net.number, gs.net.peer = st.Number, st.Peer
	a.debugf("online game %d, you are %s", st.Number, colourNames[you])
	if gs.humanToMove() {
		a.play(sound.YourTurn)
	}
	return gs
}

// pollNet takes in what the session reports, without ever waiting.
func (gs *gameScene) pollNet(a *App) {
	n := gs.net
	if n == nil || n.closed {
		return
	}
	for {
		select {
		case e, ok := <-n.sess.Events():
			a.redraw() // whatever came changes the panel, the board or both
			if !ok {
				n.closed = true
				return
			}
			if gs.onNetEvent(a, e) {
				return // a new scene takes the rest
			}
		default:
			return
		}
	}
}

// onNetEvent handles one event; true when the scene was replaced.
func (gs *gameScene) onNetEvent(a *App, e netplay.Event) bool {
	n := gs.net
	switch e := e.(type) {
	case netplay.Started:
		if e.Number == n.number {
			return false
		}
		ng := newOnlineGame(a, n.sess, e)
		ng.demo.score = gs.demo.score
		ng.tellRematch()
		gs.brain.stop()
		a.scenes.GoTo(ng)
		return true
	case netplay.Moved:
		n.drawOffered, n.myOffer = false, false
		switch {
		case e.Mine:
			moves := gs.game.Moves()
			if len(moves) < e.Ply || moves[e.Ply-1] != e.Move {
				gs.resync(e.Game)
			}
		case gs.game.Plies() == e.Ply-1 && gs.pos().CheckMove(e.Move) == nil:
			gs.commit(a, e.Move, math.NaN(), math.NaN(), -1)
		default:
			gs.resync(e.Game)
		}
	case netplay.MoveRejected:
		if e.Game != nil {
			gs.resync(e.Game)
		}
		gs.say(rejectedText(e), true)
		a.play(sound.Illegal)
	case netplay.DrawOffered:
		n.drawOffered = true
		n.drawM.Focus = -1
		gs.say(locale.T("OnlineDrawOffered"), false)
		a.play(sound.Hint)
	case netplay.DrawDeclined:
		n.myOffer = false
		gs.say(locale.T("OnlineDrawDeclined"), false)
	case netplay.GameOver:
		n.ended, n.res, n.by = true, e.Result, e.By
		n.drawOffered, n.myOffer = false, false
		if e.Game != nil && e.Game.Plies() != gs.game.Plies() {
			gs.resync(e.Game)
		}
		if !gs.over {
			gs.endGame(a)
		}
	case netplay.RematchOffered:
		n.rematchOffered = true
		gs.say(locale.T("OnlineRematchOffered"), false)
	case netplay.Notice:
		gs.say(noticeText(e), false)
	case netplay.Reconnecting:
		n.reconnecting = reconnectingText(e)
		if n.reconnecting == "" {
			n.reconnecting = locale.T("OnlinePeerDropped")
		}
		gs.hand.hold = nil // no move until the connection is back
		n.drawOffered = false
		a.debugf("reconnecting: %s", e.Reason)
		a.play(sound.Illegal)
	case netplay.Reconnected:
		n.reconnecting = ""
		if e.Game != nil && !sameMoves(e.Game, gs.game) {
			gs.resync(e.Game)
		}
		if !gs.over {
			gs.autosave(a)
		}
		gs.say(locale.T("OnlineBack"), false)
		a.debugf("reconnected at move %d", gs.game.Plies())
		if gs.humanToMove() && !gs.over {
			a.play(sound.YourTurn)
		}
	case netplay.Disconnected:
		n.reconnecting = ""
		n.gone = &e
		n.drawOffered = false
		gs.brain.stop()
		if e.Game != nil && e.Game.Plies() > gs.game.Plies() {
			gs.resync(e.Game)
		}
		a.debugf("disconnected: %s", e.Reason)
		if !gs.over {
			gs.autosave(a)
			a.play(sound.Illegal)
		}
	}
	return false
}

// sameMoves reports whether two games have the same moves.
func sameMoves(a, b *rules.Game) bool {
	ma, mb := a.Moves(), b.Moves()
	if len(ma) != len(mb) {
		return false
	}
	for i := range ma {
		if ma[i] != mb[i] {
			return false
		}
	}
	return true
}

// waitsForConnection reports whether the player's moves wait: the
// connection dropped and the session is getting it back.
func (gs *gameScene) waitsForConnection() bool {
	return gs.net != nil && gs.net.reconnecting != "" && gs.net.gone == nil
}

// resync shows the session's game when the board and it differ.
func (gs *gameScene) resync(g *rules.Game) {
	if g == nil {
		return
	}
	gs.game = g
	gs.glides = nil
	gs.hand.hold = nil
	gs.hintMove = rules.NoMove
	gs.syncSlots()
}

// netResult is the result the session declared, for resignations and
// agreed draws that the rules cannot see.
func (gs *gameScene) result() rules.Result {
	if gs.net != nil && gs.net.ended {
		return gs.net.res
	}
	if gs.resigned != nil {
		return *gs.resigned
	}
	return gs.game.Result()
}

// onlineTitle says how an online game ended when it was not by the rules.
func (gs *gameScene) onlineTitle() (string, string, bool) {
	n := gs.net
	if n == nil || !n.ended || n.by == netplay.ByRules {
		return "", "", false
	}
	if n.by == netplay.ByAgreement {
		return locale.T("OnlineDraw"), locale.T("OnlineAgreedDraw"), true
	}
	if gs.setup.human(gs.setup.colourOf(n.res.Winner)) {
		return locale.T("OnlineYouWin"), locale.T("OnlineOpponentResigned"), true
	}
	return locale.T("OnlineOpponentWins"), locale.T("OnlineYouResigned"), true
}

func (gs *gameScene) resign(a *App) {
	n := gs.net
	if n == nil {
		gs.resignToComputer(a)
		return
	}
	if gs.over || n.gone != nil || !gs.resignConfirmed(a) {
		return
	}
	n.sess.Resign()
}

func (gs *gameScene) offerDraw(a *App) {
	n := gs.net
	if n == nil || gs.over || n.gone != nil || n.myOffer || gs.humanToMove() {
		return
	}
	n.myOffer = true
	n.sess.OfferDraw()
	gs.say(locale.T("OnlineYouOfferedDraw"), false)
}

// updateDrawOffer lays out and handles the Accept and Decline buttons in
// the status bar; true when one was pressed.
func (gs *gameScene) updateDrawOffer(a *App) bool {
	n := gs.net
	if n == nil || !n.drawOffered || gs.over {
		return false
	}
	gs.layoutStatusButtons(a, n.drawM.Buttons)
	for i, b := range n.drawM.Buttons {
		if b.Update(a) {
			n.drawOffered = false
			n.sess.AnswerDraw(i == 0)
			if i == 1 {
				gs.say(locale.T("OnlineYouDeclined"), false)
			}
			return true
		}
	}
	return false
}

// layoutStatusButtons puts buttons at the right of the status bar.
func (gs *gameScene) layoutStatusButtons(a *App, bs []*ui.Button) {
	u := a.U()
	st := gs.lay.Status
	fc := a.Face(ui.Medium, ui.SizeBody)
	x := st.X + st.W - 16*u
	for i := len(bs) - 1; i >= 0; i-- {
		w := ui.TextWidth(bs[i].Label, fc) + 36*u
		x -= w
		bs[i].Rect = ui.R(x, st.Y+6*u, w, st.H-12*u)
		x -= 10 * u
	}
}

// goneCard is where the card about a lost connection lies.
func (gs *gameScene) goneCard(a *App) ui.Rect {
	u := a.U()
	w, h := 560*u, 250*u
	f := gs.lay.Frame
	return ui.R(f.X+f.W/2-w/2, f.Y+f.H/2-h/2, w, h)
}

// layoutGone places the buttons of the card that says the partner left.
func (gs *gameScene) layoutGone(a *App) {
	u := a.U()
	r := gs.goneCard(a)
	bs := gs.net.goneM.Buttons
	bs[0].Disabled = gs.game.Over()
	bw := (r.W - 3*20*u) / 2
	for i, b := range bs {
		b.Rect = ui.R(r.X+20*u+float64(i)*(bw+20*u), r.Y+r.H-76*u, bw, 54*u)
	}
}

func (gs *gameScene) updateGone(a *App) error {
	n := gs.net
	gs.layoutGone(a)
	switch n.goneM.Update(a) {
	case 0:
		gs.finishAgainstAI(a)
	case 1:
		a.scenes.GoTo(newMenuScene(a))
	}
	return nil
}

// finishAgainstAI plays the game on from where the connection dropped,
// the computer taking the other player's place.
func (gs *gameScene) finishAgainstAI(a *App) {
	s := gs.setup
	s.Mode = modeHumanVsAI
	ng := newGameScene(a, s, gs.game.Clone())
	ng.autosave(a)
	a.scenes.GoTo(ng)
}

func (gs *gameScene) drawGone(a *App, dst *ebiten.Image) {
	n := gs.net
	th := a.Theme
	u := a.U()
	ui.FillRect(dst, ui.R(0, 0, a.W, a.H), palette.WithAlpha(palette.Black, 0.45))
	r := gs.goneCard(a)
	ui.Panel(a, dst, r)
	title := locale.T("OnlineConnectionLost")
	switch {
	case n.resumed:
		title = locale.T("OnlineYourGame")
	case n.gone.Clean:
		title = locale.T("OnlineOpponentLeft")
	}
	ui.DrawText(dst, title, a.Face(ui.Bold, ui.SizeTitle), r.X+r.W/2, r.Y+52*u, ui.Center, th.Text)
	fs := a.Face(ui.Regular, ui.SizeBody)
	reason := disconnectedText(*n.gone)
	if n.resumed {
		reason = locale.T("OnlineEndedAtClose")
	}
	lines := ui.Wrap(reason, fs, r.W-60*u)
	if !gs.game.Over() {
		lines = append(lines, locale.T("OnlineGameSaved"))
	}
	for i, ln := range lines {
		ui.DrawText(dst, ln, fs, r.X+r.W/2, r.Y+100*u+float64(i)*26*u, ui.Center, th.TextDim)
	}
	n.goneM.Draw(a, dst)
}

// netStatus is the online line of the side panel.
func (gs *gameScene) netStatus() string {
	n := gs.net
	switch {
	case n.gone != nil:
		return locale.T("OnlineDisconnected")
	case n.reconnecting != "":
		return locale.T("OnlineReconnectingShort")
	}
	return locale.F("OnlineGameNumber", "Number", locale.Num(n.number))
}
