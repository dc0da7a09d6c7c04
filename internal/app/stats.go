package app

import (
	"github.com/gobblet-game/gobblet/internal/locale"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// statsScene shows the games won, drawn, lost and left unfinished against
// each AI level, per variant, as kept across runs; Reset clears them, and
// Undo brings them back until the screen is left.
type statsScene struct {
	stats    record.Stats
	before   *record.Stats // the statistics a reset cleared, for Undo
	note     string        // what Reset or Undo did, in place of the subtitle
	back     *ui.Button
	reset    *ui.Button
	backdrop boardPicture
	// a small window's cards scroll in area (empty when they all show)
	area   ui.Rect
	scroll ui.Scroller
}

func newStatsScene(a *App) *statsScene {
	return &statsScene{
		stats:    a.Store.Stats(),
		back:     &ui.Button{Label: locale.T("Back"), Primary: true, Tip: "Esc"},
		reset:    &ui.Button{Label: locale.T("MenuStatsReset"), Tip: locale.T("MenuStatsResetTip")},
		backdrop: boardPicture{Pos: mustPos("gobblers:x3,.,./.,o3,./.,.,x1:o")},
	}
}

// statsKeeper is a store whose statistics can be replaced: cleared,
// brought back, or a game left unfinished added.
type statsKeeper interface {
	SetStats(record.Stats) error
}

// SetStats replaces the statistics and writes them.
func (fs *FileStore) SetStats(st record.Stats) error { return fs.setStats(fs.files.SaveStats, st) }

// SetStats replaces the statistics and keeps them in the browser.
func (s *ShelfStore) SetStats(st record.Stats) error { return s.setStats(s.shelf.SaveStats, st) }

func (c *storeCore) setStats(save func(record.Stats) error, st record.Stats) error {
	c.mu.Lock()
	c.stats = st
	c.mu.Unlock()
	return plain(save(st))
}

// SetStats replaces the statistics.
func (m *MemoryStore) SetStats(st record.Stats) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stats = st
	return nil
}

// countLeft counts a game against the computer left unfinished for another
// game in the statistics (a loss it is not, but a game all the same).
func (a *App) countLeft(rec *record.Record) {
	k, ok := a.Store.(statsKeeper)
	if !ok {
		return
	}
	st := a.Store.Stats()
	st.Tallies = append([]record.Tally(nil), st.Tallies...) // the store's slice is shared
	if st.AddLeft(rec) {
		if err := k.SetStats(st); err != nil {
			a.debugf("count the game left: %v", err)
		}
	}
}

func (st *statsScene) cards(a *App) [2]ui.Rect {
	u := a.U()
	if a.compact() {
		// a phone: the cards one under the other (side by side on its
		// side), scrolling between the title and the buttons
		h := 450 * u
		if _, rated := st.stats.RatingOf(rules.Classic); rated {
			h += chartFoot * u // the rating's chart at the card's foot
		}
		if a.H > a.W {
			w := math.Min(520*u, a.W-20*u)
			x, y := a.W/2-w/2, st.area.Y+10*u-st.scroll.Y
			return [2]ui.Rect{ui.R(x, y, w, h), ui.R(x, y+h+12*u, w, h)}
		}
		w := math.Min(520*u, (a.W-30*u)/2)
		y := st.area.Y + 10*u - st.scroll.Y
		return [2]ui.Rect{ui.R(a.W/2-w-5*u, y, w, h), ui.R(a.W/2+5*u, y, w, h)}
	}
	w := math.Min(520*u, (a.W-120*u)/2)
	h := math.Min(a.H-280*u, 470*u)
	return [2]ui.Rect{ui.R(a.W/2-w-15*u, 140*u, w, h), ui.R(a.W/2+15*u, 140*u, w, h)}
}

func (st *statsScene) layout(a *App) {
	u := a.U()
	y := 140*u + math.Min(a.H-280*u, 470*u) + 40*u
	st.reset.Rect = ui.R(a.W/2-275*u, y, 260*u, 56*u)
	st.back.Rect = ui.R(a.W/2+15*u, y, 260*u, 56*u)
	st.area = ui.Rect{}
	if a.compact() {
		w := math.Min(260*u, (a.W-36*u)/2)
		y = a.H - 66*u
		st.reset.Rect = ui.R(a.W/2-w-8*u, y, w, 54*u)
		st.back.Rect = ui.R(a.W/2+8*u, y, w, 54*u)
		st.area = ui.R(0, 96*u, a.W, y-12*u-96*u)
		c := st.cards(a)
		st.scroll.Max = math.Max(0, c[1].Y+c[1].H+st.scroll.Y+10*u-st.area.Y-st.area.H)
	}
	st.back.Label = locale.T("Back")
	st.reset.Label, st.reset.Tip = locale.T("MenuStatsReset"), locale.T("MenuStatsResetTip")
	if st.before != nil {
		st.reset.Label, st.reset.Tip = locale.T("MenuStatsUndoReset"), locale.T("MenuStatsUndoResetTip")
	}
	_, can := a.Store.(statsKeeper)
	st.reset.Disabled = !can || st.before == nil && st.stats.Total(rules.Classic).Games()+st.stats.Total(rules.Gobblers).Games() == 0
}

func (st *statsScene) Update(a *App) error {
	st.layout(a)
	if !st.area.Empty() {
		c := st.cards(a)
		st.scroll.Update(a, st.area, c[1].Y+c[1].H+st.scroll.Y+10*a.U()-st.area.Y)
	}
	switch {
	case st.back.Update(a) || a.In.Key(ebiten.KeyEscape) || a.In.Key(ebiten.KeyEnter):
		a.scenes.GoTo(newMenuScene(a))
	case st.reset.Update(a) || st.before != nil && a.In.Ctrl && a.In.Key(ebiten.KeyZ):
		st.resetOrUndo(a)
	}
	return nil
}

// resetOrUndo clears the statistics, or brings back those a reset cleared.
func (st *statsScene) resetOrUndo(a *App) {
	k, ok := a.Store.(statsKeeper)
	if !ok {
		return
	}
	next, before, words := record.Stats{}, &st.stats, locale.T("MenuStatsWereReset")
	if st.before != nil {
		next, before, words = *st.before, nil, locale.T("MenuStatsAreBack")
	}
	if err := k.SetStats(next); err != nil {
		a.debugf("statistics: %v", err)
		st.note = locale.F("MenuStatsNotSaved", "Reason", reasonWords(err))
		return
	}
	if before != nil {
		kept := *before // st.stats is replaced below
		before = &kept
	}
	st.stats, st.before = next, before
	a.play(sound.MenuClick)
	st.note = words
}

// Animating: this screen changes only when the player does something.
func (st *statsScene) Animating(a *App) bool { return false }

func (st *statsScene) Draw(a *App, dst *ebiten.Image) {
	drawBackdrop(a, dst, &st.backdrop)
	th := a.Theme
	u := a.U()
	st.layout(a)
	sub := locale.T("MenuStatsSubtitle")
	if st.note != "" {
		sub = st.note
	}
	cards := dst
	if !st.area.Empty() {
		ui.DrawText(dst, locale.T("MenuStatistics"), a.Face(ui.Bold, ui.SizeTitle), a.W/2, 30*u, ui.Center, th.Text)
		fs := a.Face(ui.Regular, ui.SizeSmall)
		for i, ln := range ui.Wrap(sub, fs, a.W-20*u) {
			if i < 2 {
				ui.DrawText(dst, ln, fs, a.W/2, 62*u+float64(i)*18*u, ui.Center, th.TextDim)
			}
		}
		cards = clipTo(dst, st.area)
	} else {
		ui.DrawText(dst, locale.T("MenuStatistics"), a.Face(ui.Bold, ui.SizeTitle), a.W/2, 72*u, ui.Center, th.Text)
		ui.DrawText(dst, sub, a.Face(ui.Regular, ui.SizeBody), a.W/2, 112*u, ui.Center, th.TextDim)
	}
	for i, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
		st.drawCard(a, cards, st.cards(a)[i], v)
	}
	st.reset.Draw(a, dst, false)
	st.back.Draw(a, dst, false)
	st.reset.DrawTip(a, dst)
}

// drawCard draws one variant's card: games won, drawn and lost against each
// AI level, and the totals.
func (st *statsScene) drawCard(a *App, dst *ebiten.Image, r ui.Rect, v rules.Variant) {
	th := a.Theme
	u := a.U()
	ui.Panel(a, dst, r)
	ui.DrawText(dst, variantWords(v), a.Face(ui.Bold, ui.SizeHeading), r.X+28*u, r.Y+34*u, ui.Left, th.Text)
	st.drawRating(a, dst, r, v)
	total := st.stats.Total(v)
	fh := a.Face(ui.Medium, ui.SizeSmall)
	fb := a.Face(ui.Regular, ui.SizeBody)
	fm := a.Face(ui.Bold, ui.SizeBody)
	cols := []float64{r.X + 28*u, r.X + r.W*0.42, r.X + r.W*0.55, r.X + r.W*0.67, r.X + r.W*0.79, r.X + r.W - 28*u}
	heads := []string{locale.T("MenuStatsLevel"), locale.T("MenuStatsWon"), locale.T("MenuStatsDrawn"), locale.T("MenuStatsLost"), locale.T("MenuStatsLeft"), locale.T("MenuStatsGames")}
	y := r.Y + 90*u
	for i, h := range heads {
		al := ui.Right
		if i == 0 {
			al = ui.Left
		}
		ui.DrawText(dst, h, fh, cols[i], y, al, th.TextDim)
	}
	ui.FillRect(dst, ui.R(r.X+20*u, y+18*u, r.W-40*u, math.Max(1, u)), th.PanelEdge)
	y += 50 * u
	row := func(name string, t record.Tally, face ui.Face) {
		vals := []int{t.Won, t.Drawn, t.Lost, t.Left, t.Games()}
		ui.DrawText(dst, name, face, cols[0], y, ui.Left, th.Text)
		for i, n := range vals {
			col := th.Text
			if n == 0 {
				col = palette.WithAlpha(th.TextDim, 0.6)
			}
			ui.DrawText(dst, locale.Num(n), face, cols[i+1], y, ui.Right, col)
		}
		y += 40 * u
	}
	for _, l := range ai.Levels(v) {
		row(levelName(l), st.stats.Tally(v, l), fb)
	}
	ui.FillRect(dst, ui.R(r.X+20*u, y-22*u, r.W-40*u, math.Max(1, u)), th.PanelEdge)
	y += 6 * u
	row(locale.T("MenuStatsAllLevels"), total, fm)
	if total.Games() > 0 {
		share := float64(total.Won) / float64(total.Games())
		y += 10 * u
		bar := ui.R(cols[0], y, r.W-56*u, 12*u)
		ui.TintRoundRect(dst, bar, bar.H/2, palette.WithAlpha(th.TextDim, 0.25))
		if share > 0 {
			ui.TintRoundRect(dst, ui.R(bar.X, bar.Y, math.Max(bar.H, bar.W*share), bar.H), bar.H/2, th.Good)
		}
		ui.DrawText(dst, locale.F("MenuStatsPercentWon", "Percent", locale.Num(int(math.Round(share*100)))), a.Face(ui.Regular, ui.SizeSmall), bar.X+bar.W, bar.Y+34*u, ui.Right, th.TextDim)
	} else {
		ui.DrawText(dst, locale.T("MenuStatsNoGames"), a.Face(ui.Regular, ui.SizeSmall), cols[0], y+16*u, ui.Left, th.TextDim)
	}
}

// ratingWords say the player's rating in a variant under the card's title.
func ratingWords(stats *record.Stats, v rules.Variant) string {
	if !record.Rated(v, "medium") {
		return locale.T("MenuStatsNotRated")
	}
	r, ok := stats.RatingOf(v)
	if !ok {
		return locale.T("MenuStatsRatingSoon")
	}
	return locale.P("MenuStatsRating", r.Games, "Rating", r.Current())
}

// drawRating draws, under the card's title, the player's rating and at
// the right a small chart of its history, the levels' ratings within its
// range as faint lines.
func (st *statsScene) drawRating(a *App, dst *ebiten.Image, r ui.Rect, v rules.Variant) {
	th := a.Theme
	u := a.U()
	fs := a.Face(ui.Regular, ui.SizeSmall)
	ui.DrawText(dst, ratingWords(&st.stats, v), fs, r.X+28*u, r.Y+62*u, ui.Left, th.TextDim)
	rt, ok := st.stats.RatingOf(v)
	if !ok {
		return
	}
	tw := math.Max(ui.TextWidth(variantWords(v), a.Face(ui.Bold, ui.SizeHeading)), ui.TextWidth(ratingWords(&st.stats, v), fs))
	w := math.Min(180*u, r.W-56*u-tw-16*u)
	if w < 60*u { // no room beside the words (a phone): at the card's foot
		if a.compact() {
			ratingChart(a, dst, ui.R(r.X+28*u, r.Y+r.H-chartFoot*u, r.W-56*u, chartFoot*u-22*u), v, rt.History)
		}
		return
	}
	ratingChart(a, dst, ui.R(r.X+r.W-28*u-w, r.Y+16*u, w, 54*u), v, rt.History)
}

// chartFoot is the height a phone's card grows by for the rating's chart.
const chartFoot = 76

// ratingChart draws a rating's history as a line in c, scaled to its
// range (at least 100 points), the last rating a dot.
func ratingChart(a *App, dst *ebiten.Image, c ui.Rect, v rules.Variant, h []int) {
	th := a.Theme
	u := a.U()
	ui.TintRoundRect(dst, c, 6*u, palette.WithAlpha(th.TextDim, 0.12))
	if len(h) == 0 {
		return
	}
	lo, hi := h[0], h[0]
	for _, x := range h {
		lo, hi = min(lo, x), max(hi, x)
	}
	if hi-lo < 100 {
		mid := (hi + lo) / 2
		lo, hi = mid-50, mid+50
	}
	in := c.Inset(6 * u)
	y := func(x int) float64 { return in.Y + in.H - in.H*float64(x-lo)/float64(hi-lo) }
	for _, l := range ai.Levels(v) {
		if lr, ok := record.LevelRating(v, l); ok && lr >= lo && lr <= hi {
			ui.FillRect(dst, ui.R(in.X, y(lr), in.W, math.Max(1, u)), palette.WithAlpha(th.TextDim, 0.35))
		}
	}
	x := func(i int) float64 {
		if len(h) == 1 {
			return in.X + in.W
		}
		return in.X + in.W*float64(i)/float64(len(h)-1)
	}
	for i := 1; i < len(h); i++ {
		ui.Line(dst, x(i-1), y(h[i-1]), x(i), y(h[i]), 2*u, th.Accent)
	}
	ui.FillCircle(dst, x(len(h)-1), y(h[len(h)-1]), 3.5*u, th.Accent)
}
