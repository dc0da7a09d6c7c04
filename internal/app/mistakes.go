// Learn from your mistakes: after the analysis, the game takes the player
// back to each of their mistakes and blunders (a person's moves: in
// hot-seat both sides') and asks for a better move. A move that keeps the
// value (3×3) or comes within a few points of the best (4×4) is accepted
// (analysis.Judge); after a wrong try, or on Show, the best move is drawn.
// The player may leave at any time.

package app

import (
	"context"
	"runtime"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// coachState is where one mistake's question stands.
type coachState int

const (
	coachAsking  coachState = iota // waiting for the player's move
	coachJudging                   // the move is being judged
	coachGood                      // the move was good enough
	coachShown                     // the best move is shown (after a wrong try, or Show)
)

func (s coachState) String() string {
	return [...]string{"asking", "judging", "good", "shown"}[s]
}

// coachScene asks, mistake by mistake, for a better move. Its board is a
// game scene of its own: the game up to the mistake, every side played by
// hand, whose moves are judged and taken back, never kept nor counted.
type coachScene struct {
	back  *gameScene // the game under review, where Done leads
	gs    *gameScene // the board of the mistake asked about
	plies []int      // the mistakes' plies
	k     int        // the one asked about
	state coachState
	words string // the sentence the top bar says
	tried rules.Move

	gen    uint64
	cancel context.CancelFunc
	judged chan coachAnswer

	show, next, done *ui.Button
}

type coachAnswer struct {
	gen uint64
	ok  bool
	got analysis.Ply
	err error
}

// startLearning opens Learn from your mistakes at the first of them.
func (gs *gameScene) startLearning(a *App) {
	plies := gs.mistakes()
	if len(plies) == 0 {
		gs.say(locale.T("ReviewNoMistakes"), false)
		return
	}
	a.scenes.GoTo(newCoachScene(a, gs, plies))
}

// newCoachScene asks about the mistakes at plies of gs, the first first.
func newCoachScene(a *App, gs *gameScene, plies []int) *coachScene {
	cs := &coachScene{back: gs, plies: plies}
	cs.show = &ui.Button{Label: locale.T("ReviewShow"), Tip: locale.T("ReviewTipShow")}
	cs.next = &ui.Button{Label: locale.T("ReviewNext"), Tip: locale.T("ReviewTipNext")}
	cs.done = &ui.Button{Label: locale.T("PlayDone"), Tip: locale.T("ReviewTipDone")}
	cs.ask(a, 0)
	return cs
}

// ask sets the board at mistake k, the mover to play.
func (cs *coachScene) ask(a *App, k int) {
	cs.stopJudging()
	cs.k, cs.state, cs.tried = k, coachAsking, rules.NoMove
	i := cs.plies[k]
	b := cs.back
	g := rules.NewGame(b.variant)
	for _, m := range b.game.Moves()[:i] {
		if err := g.Play(m); err != nil {
			break // cannot be: the moves were played once
		}
	}
	s := b.setup
	s.Mode = modeTwoPlayers
	for c := range s.Players {
		s.Players[c] = playerChoice{Human: true}
		s.Names[c] = b.setup.name(c)
	}
	gs := newGameScene(a, s, g)
	gs.reviewBack = b          // no autosave of this board
	gs.ending.recorded = true  // a move that wins here is never counted nor kept
	gs.topAll = []*ui.Button{} // its top bar is the question's
	gs.hand.cursor = rules.Square(0)
	cs.gs = gs
	p, _ := b.plyAnalysis(i)
	pos := g.Position()
	mover := b.setup.colourOf(pos.SideToMove())
	cs.words = locale.F("ReviewCoachPlayed", "Who", b.who(mover), "Move", moveSquares(b.variant, p.Move)+p.Mark.Symbol(), "Colour", colourName(mover))
	if b.isYou(mover) {
		cs.words = locale.F("ReviewCoachYouPlayed", "Move", moveSquares(b.variant, p.Move)+p.Mark.Symbol())
	}
	a.redraw()
}

// best is the analysis of the mistake asked about.
func (cs *coachScene) best() analysis.Ply {
	p, _ := cs.back.plyAnalysis(cs.plies[cs.k])
	return p
}

func (cs *coachScene) stopJudging() {
	if cs.cancel != nil {
		cs.cancel()
		cs.cancel = nil
	}
	cs.gen++
}

// judge weighs the move the player tried, in a goroutine.
func (cs *coachScene) judge(a *App, m rules.Move) {
	cs.stopJudging()
	cs.state, cs.tried = coachJudging, m
	cs.words = locale.T("ReviewCoachChecking")
	ctx, cancel := context.WithCancel(context.Background())
	cs.cancel = cancel
	if cs.judged == nil {
		cs.judged = make(chan coachAnswer, 4)
	}
	gen, out := cs.gen, cs.judged
	p := cs.back.game.PositionAt(cs.plies[cs.k])
	best := cs.best()
	judge := judgeMove
	go func() {
		runtime.LockOSThread()
		coop.Background()
		ok, got, err := judge(ctx, p, m, best, analysis.Options{})
		out <- coachAnswer{gen, ok, got, err}
	}()
}

// takeBack takes the tried move off the board.
func (cs *coachScene) takeBack() {
	gs := cs.gs
	if gs.game.Plies() > cs.plies[cs.k] {
		gs.step(false)
	}
	gs.syncSlots()
	gs.over = gs.game.Over()
	gs.glides = nil
	gs.ending = endState{recorded: true, menu: gs.ending.menu}
	gs.hand.hold = nil
}

// pollJudged takes in the judgement of the tried move.
func (cs *coachScene) pollJudged(a *App) {
	if cs.state != coachJudging {
		return
	}
	select {
	case ans := <-cs.judged:
		if ans.gen != cs.gen {
			return
		}
		cs.cancel = nil
		a.redraw()
		switch {
		case ans.err != nil:
			cs.takeBack()
			cs.state = coachAsking
			cs.words = locale.F("ReviewCoachCouldNotCheck", "Error", plain(ans.err).Error())
		case ans.ok:
			cs.state = coachGood
			cs.words = locale.T("ReviewCoachGood")
			if ans.got.Note != "" {
				cs.words += " " + noteWords(ans.got.Note)
			}
			a.play(sound.WinFanfare)
		default:
			cs.takeBack()
			cs.reveal()
			note := noteWords(ans.got.Note)
			if note == "" {
				note = locale.T("ReviewCoachNoChances")
			}
			cs.words = locale.F("ReviewCoachNotQuite", "Note", note, "Best", cs.back.bestWords(cs.best(), cs.gs.pos()))
			a.play(sound.Illegal)
		}
	default:
	}
}

// reveal shows the best move on the board, as the hint's arrow.
func (cs *coachScene) reveal() {
	cs.state = coachShown
	cs.gs.hintMove = cs.best().Best
}

// stateWord is the question's state for the layout log.
func (cs *coachScene) stateWord() string { return cs.state.String() }

// statusButtons are the buttons the status line shows at its right.
func (cs *coachScene) statusButtons() []*ui.Button {
	cs.next.Primary = cs.state == coachGood
	cs.next.Label = locale.T("ReviewNext")
	if cs.k == len(cs.plies)-1 {
		cs.next.Label = locale.T("ReviewFinish")
	}
	if cs.state == coachGood || cs.state == coachShown {
		return []*ui.Button{cs.next, cs.done}
	}
	return []*ui.Button{cs.show, cs.next, cs.done}
}

// layout places the status line's buttons from the right. On a phone
// whose three buttons leave no room for the counter even as "2/5" the
// buttons' labels get narrower margins, so the counter keeps its place.
func (cs *coachScene) layout(a *App) {
	u := a.U()
	st := cs.gs.lay.Status
	fc := a.Face(ui.Medium, ui.SizeBody)
	short := ui.TextWidth(cs.shortWhere(), a.Face(ui.Regular, ui.SizeBody))
	for _, pad := range []float64{28, 20, 14} {
		x := st.X + st.W - 10*u
		bs := cs.statusButtons()
		for i := len(bs) - 1; i >= 0; i-- {
			b := bs[i]
			w := max(ui.TextWidth(b.Label, fc)+pad*u, 64*u)
			x -= w
			b.Rect = ui.R(x, st.Y+(st.H-44*u)/2, w, 44*u)
			x -= 8 * u
		}
		if bs[0].Rect.X-2*cs.margin(a) >= short {
			return
		}
	}
}

// margin is the coach's words' and counter's distance from the window's
// left edge.
func (cs *coachScene) margin(a *App) float64 {
	if cs.gs.lay.Form == wide {
		return 24 * a.U()
	}
	return 16 * a.U()
}

// shortWhere is the counter at its shortest: "2/5", no words.
func (cs *coachScene) shortWhere() string {
	return locale.Num(cs.k+1) + "/" + locale.Num(len(cs.plies))
}

// Update runs the board (a move played there is judged and, unless good,
// taken back) and answers the buttons and Esc.
func (cs *coachScene) Update(a *App) error {
	cs.pollJudged(a)
	gs := cs.gs
	gs.top, gs.topForm = []*ui.Button{}, gs.lay.Form // no Moves, no undo: the bar says the question
	cs.layout(a)
	for _, b := range cs.statusButtons() {
		if b.Update(a) {
			cs.press(a, b)
			return nil
		}
	}
	if a.In.Key(ebiten.KeyEscape) {
		cs.leave(a)
		return nil
	}
	// the board's own keys that would undo, hint or show the values are
	// not the question's
	keys := a.In.Keys
	a.In.Keys = slices.DeleteFunc(slices.Clone(keys), func(k ebiten.Key) bool {
		return k == ebiten.KeyZ || k == ebiten.KeyY || k == ebiten.KeyH || k == ebiten.KeyV || k == ebiten.KeyM
	})
	// nor is a press on its move list, which would review its moves
	pressed := a.In.Pressed
	if _, cells, _ := gs.moveList(a); pressed {
		for _, c := range cells {
			if c.r.Contains(a.In.X, a.In.Y) {
				a.In.Pressed = false
			}
		}
	}
	live := cs.state == coachAsking || cs.state == coachShown
	if live {
		if err := gs.Update(a); err != nil {
			return err
		}
	}
	a.In.Keys, a.In.Pressed = keys, pressed
	if live && gs.game.Plies() > cs.plies[cs.k] {
		m := gs.game.Moves()[cs.plies[cs.k]]
		cs.judge(a, m)
	}
	return nil
}

// press answers a button.
func (cs *coachScene) press(a *App, b *ui.Button) {
	switch b {
	case cs.show:
		cs.takeBack()
		cs.reveal()
		cs.words = cs.back.bestWords(cs.best(), cs.gs.pos())
	case cs.next:
		if cs.k+1 < len(cs.plies) {
			cs.ask(a, cs.k+1)
			return
		}
		a.toast(locale.T("ReviewLastMistake"))
		cs.leave(a)
	case cs.done:
		cs.leave(a)
	}
}

// leave goes back to the review, at the mistake asked about.
func (cs *coachScene) leave(a *App) {
	cs.stopJudging()
	cs.back.review = cs.plies[cs.k] + 1
	a.scenes.GoTo(cs.back)
}

// Animating: the board's (the judgement, when it comes, asks for a frame).
func (cs *coachScene) Animating(a *App) bool {
	return cs.gs.Animating(a)
}

// Draw draws the board, the question over the top bar and the status line
// with its buttons.
func (cs *coachScene) Draw(a *App, dst *ebiten.Image) {
	gs := cs.gs
	gs.Draw(a, dst)
	th := a.Theme
	u := a.U()
	t := gs.lay.Top
	ui.FillRect(dst, t, th.Panel)
	ui.FillRect(dst, ui.R(0, t.Y+t.H-1, t.W, max(1, u)), th.PanelEdge)
	x := 16 * u
	if gs.lay.Form == wide {
		x = 24 * u
	}
	w := t.W - 2*x
	fc := a.Face(ui.Medium, ui.SizeBody)
	lines := ui.Wrap(cs.words, fc, w)
	for _, size := range []float64{ui.SizeSmall, ui.SizeSmall - 2} {
		if len(lines) <= 2 {
			break
		}
		fc = a.Face(ui.Medium, size)
		lines = ui.Wrap(cs.words, fc, w)
	}
	lineH := 22 * u
	y := t.Y + t.H/2 - float64(min(len(lines), 2)-1)*lineH/2
	col := th.Text
	if cs.state == coachGood {
		col = th.Good
		if !th.Light {
			col = palette.Mix(th.Good, palette.White, 0.2)
		}
	}
	for i, ln := range lines {
		if i == 2 {
			break
		}
		if i == 1 && len(lines) > 2 {
			ln = ui.FitText(ln+" "+lines[2], fc, w)
		}
		ui.DrawText(dst, ln, fc, x, y+float64(i)*lineH, ui.Left, col)
	}
	st := gs.lay.Status
	ui.FillRect(dst, st, th.Panel)
	ui.FillRect(dst, ui.R(0, st.Y, st.W, max(1, u)), th.PanelEdge)
	bs := cs.statusButtons()
	room := bs[0].Rect.X - 2*x
	fs := a.Face(ui.Regular, ui.SizeBody)
	where := locale.F("ReviewMistakeNOfM", "N", locale.Num(cs.k+1), "M", locale.Num(len(cs.plies)))
	if ui.TextWidth(where, fs) > room {
		fs = a.Face(ui.Regular, ui.SizeSmall)
	}
	if ui.TextWidth(where, fs) > room {
		where = locale.F("ReviewNOfM", "N", locale.Num(cs.k+1), "M", locale.Num(len(cs.plies)))
	}
	if ui.TextWidth(where, fs) > room { // a phone's row with four buttons: "2/5", no words
		where = cs.shortWhere()
	}
	ui.DrawText(dst, ui.FitText(where, fs, room), fs, x, st.Y+st.H/2, ui.Left, th.TextDim)
	for _, b := range bs {
		b.Draw(a, dst, false)
	}
	for _, b := range bs {
		b.DrawTip(a, dst)
	}
}
