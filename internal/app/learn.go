// The Learn screen: where a player goes to get better. It leads to the
// first lesson (Learn to play), the puzzles, the daily puzzle and the
// rules, each with a line saying what it is; the puzzles' line shows the
// player's puzzle rating, the daily puzzle's whether it is solved today.

package app

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// learnScene lists the ways to learn: Learn to play, Puzzles, Daily
// puzzle, Rules, and Back to the menu.
type learnScene struct {
	back     Scene
	list     ui.MenuList
	backdrop boardPicture
	progress settings.Puzzles
	daily    puzzle.Puzzle // today's
	top      float64       // where the entries may begin (under the title)
	titleY   float64       // the title's middle
}

// learnEntries are the screen's entries, by their English names (the
// layout log and the tests know them so); Back follows them.
var learnEntries = []string{"Learn to play", "Puzzles", "Daily puzzle", "Rules"}

// learnEntryLabel is an entry's name in the language in use.
func learnEntryLabel(entry string) string {
	switch entry {
	case "Learn to play":
		return locale.T("MenuLearnToPlay")
	case "Puzzles":
		return locale.T("MenuPuzzles")
	case "Daily puzzle":
		return locale.T("MenuDailyPuzzle")
	case "Rules":
		return locale.T("MenuRules")
	}
	return locale.T("Back")
}

func newLearnScene(a *App, back Scene) *learnScene {
	l := &learnScene{back: back}
	for i, entry := range append(learnEntries, "Back") {
		l.list.Buttons = append(l.list.Buttons, &ui.Button{Label: learnEntryLabel(entry), Primary: i == 0})
	}
	l.backdrop = boardPicture{Pos: mustPos("gobblers:x3,.,./.,o3,./.,.,x1:o")}
	l.readProgress(a)
	return l
}

// readProgress takes the player's puzzle progress and today's puzzle, as
// the screen opens and when a puzzle screen returns to it.
func (l *learnScene) readProgress(a *App) {
	l.progress = a.puzzleProgress()
	l.daily = puzzle.Daily(time.Now())
}

// describe is the line under an entry.
func (l *learnScene) describe(label string) string {
	switch label {
	case "Learn to play":
		return locale.T("MenuLearnToPlayAbout")
	case "Puzzles":
		r := l.progress.Rating
		if r <= 0 {
			return locale.T("MenuPuzzlesAboutNew")
		}
		return locale.P("MenuPuzzlesAbout", len(l.progress.Solved), "Rating", r)
	case "Daily puzzle":
		switch {
		case dailySolved(l.progress):
			return locale.T("MenuDailySolved")
		case l.daily.ID == "":
			return locale.T("MenuDailyAbout")
		case l.daily.Variant == rules.Gobblers:
			return locale.P("MenuDailyWinIn3", l.daily.WinIn)
		}
		return locale.P("MenuDailyWinIn4", l.daily.WinIn)
	case "Rules":
		return locale.T("MenuRulesAbout")
	}
	return ""
}

// layout places the entries: a column under the title, or on a phone on
// its side two columns of two; Back under them.
func (l *learnScene) layout(a *App) {
	u := a.U()
	n := len(learnEntries)
	bs := l.list.Buttons
	gap := 12 * u
	backH := 52 * u
	if a.compact() {
		gap = 10 * u
		backH = 48 * u
	}
	l.top = math.Max(a.H*0.22, 96*u)
	if a.compact() {
		l.top = 112 * u
	}
	bottom := a.H - 20*u - backH - gap
	if a.compact() && a.W > a.H {
		// two columns of two
		l.top = 70 * u
		l.titleY = 26 * u
		w := math.Min(460*u, (a.W-36*u)/2)
		h := math.Min(86*u, (bottom-l.top-gap)/2)
		x0 := a.W/2 - w - 6*u
		for i := 0; i < n; i++ {
			bs[i].Rect = ui.R(x0+float64(i%2)*(w+12*u), l.top+float64(i/2)*(h+gap), w, h)
		}
		y := l.top + 2*h + 2*gap
		bs[n].Rect = ui.R(a.W/2-110*u, math.Min(y, a.H-backH-8*u), 220*u, backH)
		return
	}
	w := math.Min(540*u, a.W-24*u)
	h := math.Min(84*u, (bottom-l.top-float64(n-1)*gap)/float64(n))
	// a phone's spare room goes partly above the title and the entries
	top := l.top
	l.titleY = l.top * 0.45
	if a.compact() {
		top += math.Max(0, bottom-l.top-float64(n)*h-float64(n-1)*gap) * 0.35
		l.titleY = top - 74*u
	}
	for i := 0; i < n; i++ {
		bs[i].Rect = ui.R(a.W/2-w/2, top+float64(i)*(h+gap), w, h)
	}
	y := top + float64(n)*(h+gap) + 4*u
	bs[n].Rect = ui.R(a.W/2-math.Min(w, 240*u)/2, y, math.Min(w, 240*u), backH)
}

func (l *learnScene) Update(a *App) error {
	l.layout(a)
	i := l.list.Update(a)
	if i < 0 {
		if a.In.Key(ebiten.KeyEscape) {
			a.scenes.GoTo(l.back)
		}
		return nil
	}
	switch l.entry(i) {
	case "Learn to play":
		a.scenes.GoTo(newLessonScene(a, l))
	case "Puzzles":
		a.scenes.GoTo(newPuzzlesScene(a, l, false))
	case "Daily puzzle":
		a.scenes.GoTo(newPuzzlesScene(a, l, true))
	case "Rules":
		a.scenes.GoTo(newRulesScene(a, l))
	case "Back":
		a.scenes.GoTo(l.back)
	}
	return nil
}

// Animating: this screen changes only when the player does something.
func (l *learnScene) Animating(a *App) bool { return false }

func (l *learnScene) Draw(a *App, dst *ebiten.Image) {
	l.layout(a)
	drawBackdrop(a, dst, &l.backdrop)
	u := a.U()
	th := a.Theme
	ft := a.Face(ui.Bold, ui.SizeTitle)
	sub := a.Face(ui.Regular, ui.SizeBody)
	ty := l.titleY
	if a.compact() {
		ft = a.Face(ui.Bold, ui.SizeHeading+3)
		sub = a.Face(ui.Regular, ui.SizeSmall)
	}
	ui.DrawText(dst, locale.T("MenuLearn"), ft, a.W/2, ty, ui.Center, th.Text)
	y := ty + ui.LineHeight(ft)*0.5 + ui.LineHeight(sub)*0.6
	for _, ln := range ui.Wrap(locale.T("MenuLearnSubtitle"), sub, a.W-24*u) {
		ui.DrawText(dst, ln, sub, a.W/2, y, ui.Center, th.TextDim)
		y += ui.LineHeight(sub)
	}
	for i, b := range l.list.Buttons {
		if i == len(learnEntries) {
			b.Paint(a, dst, l.list.Selected(i), l.list.Selected(i))
			continue
		}
		l.drawEntry(a, dst, b, l.list.Selected(i))
	}
}

// drawEntry draws an entry: its name and, under it, what it is; the
// daily puzzle solved today gets a tick.
func (l *learnScene) drawEntry(a *App, dst *ebiten.Image, b *ui.Button, selected bool) {
	th := a.Theme
	u := a.U()
	face := *b
	face.Label = ""
	face.Paint(a, dst, selected, selected)
	txt, dim := th.Text, th.TextDim
	if selected {
		txt, dim = th.OnPrimary, palette.WithAlpha(th.OnPrimary, 0.85)
	}
	r := b.Rect
	pad := 18 * u
	if a.compact() {
		pad = 14 * u
	}
	room := r.W - 2*pad
	entry := l.entryOf(b)
	solved := entry == "Daily puzzle" && dailySolved(l.progress)
	if solved {
		room -= 34 * u
		cx, cy := r.X+r.W-pad-13*u, r.Y+r.H/2
		ui.FillCircle(dst, cx, cy, 13*u, th.Good)
		ui.Line(dst, cx-6*u, cy, cx-1.5*u, cy+5*u, 3*u, palette.Black)
		ui.Line(dst, cx-1.5*u, cy+5*u, cx+6.5*u, cy-5*u, 3*u, palette.Black)
	}
	fl := a.Face(ui.Bold, ui.SizeBody+1)
	fd := a.Face(ui.Regular, ui.SizeSmall)
	ui.DrawText(dst, ui.FitText(b.Label, fl, room), fl, r.X+pad, r.Y+r.H*0.34, ui.Left, txt)
	desc := l.describe(entry)
	lines := ui.Wrap(desc, fd, room)
	if len(lines) > 1 && r.H < 80*u {
		lines = []string{ui.FitText(desc, fd, room)}
	}
	y := r.Y + r.H*0.64
	if len(lines) > 1 {
		y = r.Y + r.H*0.58
	}
	for i, ln := range lines[:min(2, len(lines))] {
		ui.DrawText(dst, ln, fd, r.X+pad, y+float64(i)*ui.LineHeight(fd)*0.9, ui.Left, dim)
	}
}

// entry is the English name of the i-th button ("Back" after the entries).
func (l *learnScene) entry(i int) string {
	if i >= 0 && i < len(learnEntries) {
		return learnEntries[i]
	}
	return "Back"
}

// entryOf is the English name of a button of the screen.
func (l *learnScene) entryOf(b *ui.Button) string {
	for i, x := range l.list.Buttons {
		if x == b {
			return l.entry(i)
		}
	}
	return ""
}

// logLayout writes the entries, what each says, and the daily puzzle's
// state to the layout log.
func (l *learnScene) logLayout(b *strings.Builder, buttons func([]*ui.Button)) string {
	buttons(l.list.Buttons)
	for _, label := range learnEntries {
		fmt.Fprintf(b, "entry %q %s\n", label, l.describe(label))
	}
	if f := l.list.Focus; f >= 0 && f < len(l.list.Buttons) {
		fmt.Fprintf(b, "focus %q\n", l.list.Buttons[f].Label)
	}
	fmt.Fprintf(b, "daily %s solved %v\n", l.daily.ID, dailySolved(l.progress))
	return "menu"
}
