// Learn to play: the interactive first lesson (issue 23). Each step of
// internal/lesson is a prepared position played in a game scene in lesson
// mode (gameScene.lesson): the board, the reserves and the hand (drag,
// tap-tap, keyboard) are the game's, the step's instruction and the
// answers to the player's moves are on a card beside or under the board.
// The step reached is kept in the settings (LessonStep), so the lesson can
// be left at any time and resumed there.

package app

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/lesson"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// lessonScene runs the lesson: one step at a time, its board a game scene.
type lessonScene struct {
	back  Scene
	steps []lesson.Step
	i     int        // the step shown; len(steps): the lesson is finished
	gs    *gameScene // the step's board
	// passed: the step's move was made; Next leads on
	passed bool
	// answer is the lesson's answer to the last move (the step's praise,
	// or its friendly answer to a legal move not asked for); illegal moves
	// are answered by the game itself (gs.msg)
	answer string
	card   ui.Rect // the instruction's card
	leave  *ui.Button
	next   *ui.Button
	again  *ui.Button // the end: start again
	play   *ui.Button // the end: play a game
	board  ui.Layer   // the board painted for the lesson's layout
	// the card's height in a portrait window, for the width and scale of
	// heightKey
	heightKey string
	height    float64
	lang      string // the language of the steps and buttons
}

// newLessonScene opens the lesson where the player left it (from the start
// once finished); back is where leaving it returns. Opening it answers the
// menu's first-start offer.
func newLessonScene(a *App, back Scene) Scene {
	l := &lessonScene{back: back, steps: lesson.Steps()}
	l.leave, l.next, l.again, l.play = &ui.Button{}, &ui.Button{Primary: true}, &ui.Button{}, &ui.Button{Primary: true}
	l.words()
	i := a.Settings.LessonStep
	if i < 0 || i >= len(l.steps) {
		i = 0
	}
	if !a.Settings.LessonOffered {
		a.Settings.LessonOffered = true
		a.saveSettings()
	}
	l.start(a, i)
	return l
}

// words gives the steps and the buttons their words in the language in
// use (again when the language changed).
func (l *lessonScene) words() {
	lang := locale.Current().Code
	if lang == l.lang && l.steps != nil {
		return
	}
	l.lang = lang
	l.steps = lesson.Steps()
	l.leave.Label, l.leave.Tip = locale.T("LessonLeave"), locale.T("LessonLeaveTip")
	l.next.Label, l.next.Tip = locale.T("LessonNext"), locale.T("LessonNextTip")
	l.again.Label = locale.T("LessonStartAgain")
	l.play.Label = locale.T("LessonPlayGame")
}

// start shows step i (or the end, past the last).
func (l *lessonScene) start(a *App, i int) {
	l.i, l.passed, l.answer = i, false, ""
	if i >= len(l.steps) && l.gs != nil { // the end: the last board stays
		l.passed = true
		a.redraw()
		return
	}
	st := l.steps[min(i, len(l.steps)-1)]
	p, err := st.Start()
	if err != nil { // the steps are tested: never
		p = rules.Start(rules.Gobblers)
	}
	s := setup{Variant: p.Variant(), Mode: modeTwoPlayers, Players: [2]playerChoice{{Human: true}, {Human: true}}, Names: [2]string{locale.T("LessonNameYou"), locale.T("LessonNameBlue")}}
	l.gs = newGameScene(a, s, rules.NewGameFrom(p))
	l.gs.lesson = l
	l.gs.topAll = nil
	l.gs.top = nil
	if i >= len(l.steps) {
		l.passed = true
	}
	a.redraw()
}

// finished reports whether the lesson's last step is done and its end shown.
func (l *lessonScene) finished() bool { return l.i >= len(l.steps) }

// step is the step shown.
func (l *lessonScene) step() lesson.Step { return l.steps[min(l.i, len(l.steps)-1)] }

// waits reports whether the board takes no move: the step is done (or this
// is no lesson).
func (l *lessonScene) waits() bool { return l != nil && l.passed }

// allows answers a legal move the player made on the step's board: the one
// asked for is played (true); another is not, with a friendly word.
func (l *lessonScene) allows(a *App, m rules.Move, x0, y0 float64) bool {
	gs := l.gs
	v, say := l.step().Judge(gs.pos(), m)
	if v == lesson.Done {
		l.answer = say
		return true
	}
	if h := gs.hand.hold; h != nil && !math.IsNaN(x0) {
		gs.slideBack(x0, y0)
	}
	gs.hand.hold = nil
	gs.hand.flash, gs.hand.flashT = m.To, 30
	gs.msgT = 0
	l.answer = say
	a.play(sound.Illegal)
	a.redraw()
	return false
}

// played follows the step's move, played: the step is done, and kept.
func (l *lessonScene) played(a *App) {
	l.passed = true
	a.play(sound.WinFanfare)
	if a.Settings.LessonStep != l.i+1 {
		a.Settings.LessonStep = l.i + 1
		a.saveSettings()
	}
	a.redraw()
}

// --- layout --------------------------------------------------------------------

// layout lays the lesson out: the game's board and reserves beside the
// card (a landscape window: the card takes the side panel's place, or a
// column at the right) or above it (a portrait window).
func (l *lessonScene) layout(a *App) boardLayout {
	l.words()
	u := a.U()
	v := l.gs.variant
	m := 12 * u
	near := 0
	// the board may use the status line's height: the card says it all
	lay := layoutBoard(a.W, a.H+statusH*u, u, v, near)
	switch {
	case lay.Form == wide:
		l.card = ui.R(lay.Panel.X, lay.Panel.Y, lay.Panel.W, a.H-m-lay.Panel.Y)
		lay.Panel = ui.Rect{}
	case a.W >= a.H:
		cw := math.Min(340*u, a.W*0.42)
		lay = layoutBoard(a.W-cw, a.H+statusH*u, u, v, near)
		lay.Panel, lay.Sheet = ui.Rect{}, ui.Rect{}
		l.card = ui.R(a.W-cw, lay.Top.H+m, cw-m, a.H-lay.Top.H-2*m)
	default:
		w := a.W - 2*m
		ch := l.cardHeight(a, w)
		lay = layoutBoard(a.W, a.H-ch-m+statusH*u, u, v, near)
		lay.Panel, lay.Sheet = ui.Rect{}, ui.Rect{}
		l.card = ui.R(m, a.H-ch-m, w, ch)
	}
	lay.W, lay.H = a.W, a.H
	lay.Top.W = a.W
	lay.Status = l.card
	l.layoutButtons(a, lay.Top)
	return lay
}

// cardFaces are the card's faces: a compact window's text is smaller.
func (l *lessonScene) cardFaces(a *App) (title, body ui.Face) {
	if a.compact() {
		return a.Face(ui.Bold, ui.SizeBody-2), a.Face(ui.Regular, ui.SizeSmall)
	}
	return a.Face(ui.Bold, ui.SizeHeading-2), a.Face(ui.Regular, ui.SizeBody)
}

// cardHeight is the height a card of width w needs for the longest of the
// steps' texts (so that the board keeps its size through the lesson).
func (l *lessonScene) cardHeight(a *App, w float64) float64 {
	u := a.U()
	ft, fb := l.cardFaces(a)
	tw := w - 2*cardPad*u
	need := 0.0
	key := fmt.Sprintf("%v %v %v %s", w, u, fb.Size, l.lang)
	if key == l.heightKey {
		return l.height
	}
	for _, s := range l.steps {
		asked := l.textHeight(ft, fb, tw, s.Title, s.Say, s.Other)
		done := l.textHeight(ft, fb, tw, s.Title, s.Praise) + 52*u
		need = math.Max(need, math.Max(asked, done))
	}
	end := l.textHeight(ft, fb, tw, locale.T("LessonWellDone"), locale.T("LessonEndWords")) + 52*u
	if l.endStacked(a, tw) {
		end += 54 * u
	}
	l.heightKey, l.height = key, math.Max(need, end)+2*cardPad*u
	return l.height
}

// textHeight is the height of the card's title and its texts.
func (l *lessonScene) textHeight(ft, fb ui.Face, w float64, title string, texts ...string) float64 {
	h := float64(len(ui.Wrap(title, ft, w)))*ui.LineHeight(ft) + ui.LineHeight(ft)*0.4
	for _, t := range texts {
		if t != "" {
			h += float64(len(ui.Wrap(t, fb, w)))*ui.LineHeight(fb) + ui.LineHeight(fb)*0.5
		}
	}
	return h
}

// cardPad is the card's inner margin, in units.
const cardPad = 14

// layoutButtons places Leave in the top bar and the card's buttons at its
// foot.
func (l *lessonScene) layoutButtons(a *App, top ui.Rect) {
	u := a.U()
	s := 44 * u
	fc := a.Face(ui.Medium, math.Min(ui.SizeBody, s/u*0.42))
	w := ui.TextWidth(l.leave.Label, fc) + 32*u
	l.leave.Rect = ui.R(a.W-w-12*u, top.Y+(top.H-s)/2, w, s)
	c := l.card.Inset(cardPad * u)
	foot := ui.R(c.X, c.Y+c.H-s, c.W, s)
	l.next.Rect, l.again.Rect, l.play.Rect = ui.Rect{}, ui.Rect{}, ui.Rect{}
	switch {
	case l.finished() && l.endStacked(a, foot.W):
		// a language's longer words: Play a game under Start again
		l.again.Rect = ui.R(foot.X, foot.Y-s-10*u, foot.W, s)
		l.play.Rect = foot
	case l.finished():
		half := (foot.W - 10*u) / 2
		l.again.Rect = ui.R(foot.X, foot.Y, half, s)
		l.play.Rect = ui.R(foot.X+half+10*u, foot.Y, half, s)
	case l.passed:
		l.next.Rect = foot
	}
}

// endStacked reports whether the end's two buttons, Start again and Play a
// game, are one above the other in a card of inner width w: when their
// words do not fit side by side.
func (l *lessonScene) endStacked(a *App, w float64) bool {
	u := a.U()
	fc := a.Face(ui.Medium, math.Min(ui.SizeBody, 44*0.42))
	half := (w - 10*u) / 2
	return ui.TextWidth(l.again.Label, fc)+28*u > half || ui.TextWidth(l.play.Label, fc)+28*u > half
}

// --- update --------------------------------------------------------------------

func (l *lessonScene) Update(a *App) error {
	gs := l.gs
	gs.lay = l.layout(a)
	in := &a.In
	if l.leave.Update(a) || in.Key(ebiten.KeyEscape) && gs.hand.hold == nil {
		a.scenes.GoTo(l.back)
		return nil
	}
	switch {
	case l.finished():
		if l.again.Update(a) {
			l.start(a, 0)
			return nil
		}
		if l.play.Update(a) || in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter) {
			a.scenes.GoTo(newSetupScene(a))
			return nil
		}
	case l.passed:
		if l.next.Update(a) || in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter) || in.Key(ebiten.KeySpace) {
			l.start(a, l.i+1)
			return nil
		}
	}
	msg := gs.msgT
	err := gs.Update(a)
	if gs.msgT > msg { // the game answered (an illegal move): its words show
		l.answer = ""
	}
	return err
}

// Animating: the step's board moves (glides, a flash, a pulse).
func (l *lessonScene) Animating(a *App) bool { return l.gs.Animating(a) }

// --- drawing -------------------------------------------------------------------

// boardImage is the board painted for the lesson's layout.
func (l *lessonScene) boardImage(a *App) *ebiten.Image {
	lay := &l.gs.lay
	key := fmt.Sprintf("%v %v %v %s %v %v", a.W, a.H, a.U(), a.Theme.Name, lay.Frame, l.gs.variant)
	return l.board.Get(key, int(a.W), int(a.H), func(img *ebiten.Image) {
		paintBoard(a, img, lay, l.gs.variant)
	})
}

func (l *lessonScene) Draw(a *App, dst *ebiten.Image) {
	gs := l.gs
	gs.lay = l.layout(a)
	gs.Draw(a, dst)
	l.drawMarks(a, dst)
	l.drawTop(a, dst)
	l.drawCard(a, dst)
	l.leave.DrawTip(a, dst)
}

// drawMarks rings the step's highlighted squares while its move waits.
func (l *lessonScene) drawMarks(a *App, dst *ebiten.Image) {
	if l.passed {
		return
	}
	gs := l.gs
	u := a.U()
	marks := l.step().MarkSet(gs.variant)
	for sq := rules.Square(0); int(sq) < gs.variant.Squares(); sq++ {
		if marks&(1<<sq) != 0 {
			ui.TintRoundRectEdge(dst, gs.lay.SquareRect(gs.variant, sq).Inset(4*u), 8*u, 4*u, palette.WithAlpha(a.Theme.Good, 0.9))
		}
	}
}

// drawTop draws the top bar: the lesson's title and step, and Leave.
func (l *lessonScene) drawTop(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	t := l.gs.lay.Top
	ui.FillRect(dst, t, th.Panel)
	ui.FillRect(dst, ui.R(0, t.Y+t.H-1, t.W, math.Max(1, u)), th.PanelEdge)
	ft := a.Face(ui.Bold, ui.SizeHeading)
	fc := a.Face(ui.Medium, ui.SizeBody)
	room := l.leave.Rect.X - 28*u
	title := locale.T("LessonLearnToPlay")
	where := locale.F("LessonStepOf", "Step", locale.Num(l.i+1), "Total", locale.Num(len(l.steps)))
	if l.finished() {
		where = locale.T("LessonDone")
	}
	x := 16 * u
	if ui.TextWidth(title, ft) <= room {
		ui.DrawText(dst, title, ft, x, t.H/2, ui.Left, th.Text)
		x += ui.TextWidth(title, ft) + 12*u
	}
	if x+ui.TextWidth(where, fc) <= room+12*u {
		ui.DrawText(dst, where, fc, x, t.H/2+1*u, ui.Left, th.TextDim)
	}
	l.leave.Draw(a, dst, false)
}

// cardWords are the card's title, its words and its answer to the last
// move (with whether that answer warns).
func (l *lessonScene) cardWords() (title, say, answer string, warn bool) {
	gs := l.gs
	if l.finished() {
		return locale.T("LessonWellDone"), locale.T("LessonEndWords"), "", false
	}
	s := l.step()
	title = s.Title
	switch {
	case l.passed:
		return title, l.answer, "", false
	case gs.msgT > 0:
		w := gs.msg
		if len(w) > len("⚠ ") && w[:len("⚠ ")] == "⚠ " {
			w = w[len("⚠ "):]
		}
		return title, s.Say, w, true
	}
	return title, s.Say, l.answer, false
}

// drawCard draws the card: the step's title and instruction, then the
// answer to the last move; once the step is done, the praise and Next.
func (l *lessonScene) drawCard(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	ui.Panel(a, dst, l.card)
	c := l.card.Inset(cardPad * u)
	ft, fb := l.cardFaces(a)
	title, say, answer, warn := l.cardWords()
	y := c.Y
	tc := th.Text
	if l.passed {
		tc = th.Good
		if th.Light {
			tc = palette.Shade(th.Good, 0.7)
		}
	}
	for _, ln := range ui.Wrap(title, ft, c.W) {
		y += ui.LineHeight(ft)
		ui.DrawText(dst, ln, ft, c.X, y-ui.LineHeight(ft)/2, ui.Left, tc)
	}
	y += ui.LineHeight(ft) * 0.3
	for _, ln := range ui.Wrap(say, fb, c.W) {
		y += ui.LineHeight(fb)
		ui.DrawText(dst, ln, fb, c.X, y-ui.LineHeight(fb)/2, ui.Left, th.Text)
	}
	if answer != "" {
		y += ui.LineHeight(fb) * 0.5
		col := th.Accent
		if warn {
			col = palette.Mix(th.Warn, palette.White, 0.25)
			if th.Light {
				col = th.Warn
			}
		}
		for _, ln := range ui.Wrap(answer, fb, c.W) {
			y += ui.LineHeight(fb)
			ui.DrawText(dst, ln, fb, c.X, y-ui.LineHeight(fb)/2, ui.Left, col)
		}
	}
	if a.keysShown() && !a.compact() && !l.finished() {
		// the keys, at the card's foot above its button
		fs := a.Face(ui.Regular, ui.SizeSmall)
		keys := ui.Wrap(locale.F("LessonKeys", "Keys", sizeKeys(l.gs.variant)), fs, c.W)
		ky := c.Y + c.H - 44*u - 12*u - float64(len(keys))*ui.LineHeight(fs)
		if ky > y+ui.LineHeight(fb) {
			for i, ln := range keys {
				ui.DrawText(dst, ln, fs, c.X, ky+(float64(i)+0.5)*ui.LineHeight(fs), ui.Left, th.TextDim)
			}
		}
	}
	for _, b := range []*ui.Button{l.next, l.again, l.play} {
		if !b.Rect.Empty() {
			b.Draw(a, dst, false)
		}
	}
}

// logLayout writes the lesson's layout for the end-to-end tests: the
// board's (squares, slots, position), then the step, its words and its
// buttons. The state is the step's: ask, done or end.
func (l *lessonScene) logLayout(a *App, b *strings.Builder, widget func(string, ui.Rect), buttons func([]*ui.Button)) string {
	l.gs.logLayout(a, b, widget, buttons)
	title, say, answer, _ := l.cardWords()
	fmt.Fprintf(b, "lesson step %d of %d %s\nlesson-say %s\nlesson-answer %s\n", l.i+1, len(l.steps), title, say, answer)
	widget("lesson card", l.card)
	buttons([]*ui.Button{l.leave})
	for _, x := range []*ui.Button{l.next, l.again, l.play} {
		if !x.Rect.Empty() {
			buttons([]*ui.Button{x})
		}
	}
	switch {
	case l.finished():
		return "end"
	case l.passed:
		return "done"
	}
	return "ask"
}

// offerWords is the sentence of the menu's first-start offer of the lesson
// (menu.go).
func offerWords() string { return locale.T("LessonOffer") }

// newLessonOffer is the menu's card offering the lesson: Learn to play, or
// Not now.
func newLessonOffer() *lessonOffer {
	return &lessonOffer{yes: &ui.Button{Label: locale.T("LessonLearnToPlay"), Primary: true}, not: &ui.Button{Label: locale.T("LessonOfferNotNow")}}
}
