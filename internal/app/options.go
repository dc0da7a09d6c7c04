package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

var (
	volumeSteps = []float64{0, 0.25, 0.5, 0.75, 1}
	volumeNames = []string{"Off", "25%", "50%", "75%", "100%"}
	animSteps   = []float64{0, 0.5, 1, 2}
	animNames   = []string{"Off", "Slow", "Normal", "Fast"}
	delaySteps  = []int{200, 600, 1000, 2000}
	delayNames  = []string{"0.2 s", "0.6 s", "1 s", "2 s"}
	onOff       = []string{"Off", "On"}
)

// optionsScene changes the settings; every change applies at once.
type optionsScene struct {
	back     Scene
	form     form
	rows     map[string]*choice
	done     *button
	backdrop boardPicture
}

func nearest(xs []float64, v float64) int {
	best := 0
	for i, x := range xs {
		if abs(x-v) < abs(xs[best]-v) {
			best = i
		}
	}
	return best
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func boolSel(b bool) int {
	if b {
		return 1
	}
	return 0
}

func newOptionsScene(a *App, back Scene) *optionsScene {
	o := &optionsScene{back: back, rows: map[string]*choice{}}
	s := &a.Settings
	add := func(key, label string, opts []string, sel int) {
		c := &choice{Label: label, Options: opts, Sel: sel}
		o.rows[key] = c
		o.form.Rows = append(o.form.Rows, c)
	}
	add("master", "Volume", volumeNames, nearest(volumeSteps, s.MasterVolume))
	add("music", "Music volume", volumeNames, nearest(volumeSteps, s.MusicVolume))
	add("effects", "Effects volume", volumeNames, nearest(volumeSteps, s.EffectsVolume))
	add("mute", "Mute all sound", onOff, boolSel(s.Mute))
	add("touch", "Touch-move", onOff, boolSel(s.TouchMove))
	add("legal", "Show legal moves", onOff, boolSel(s.ShowLegalMoves))
	add("covered", "Show covered pieces", []string{"Off (memory)", "On"}, boolSel(s.ShowCovered))
	add("values", "Move values (3×3, V)", onOff, boolSel(a.showValues))
	add("details", "Engine details", onOff, boolSel(s.EngineDetails))
	add("anim", "Animations", animNames, nearest(animSteps, s.AnimationSpeed))
	delays := make([]float64, len(delaySteps))
	for i, d := range delaySteps {
		delays[i] = float64(d)
	}
	add("delay", "AI vs AI pace", delayNames, nearest(delays, float64(s.AIDelayMillis)))
	theme := 0
	for i, t := range themes {
		if t.Name == s.Theme {
			theme = i
		}
	}
	add("theme", "Colours", themeNames, theme)
	add("full", "Full screen", onOff, boolSel(s.Fullscreen))
	o.done = &button{Label: "Done", Primary: true, Tip: "Esc"}
	o.backdrop = boardPicture{Pos: mustPos("classic:.,x1,.,./o4,.,.,x3/.,o2x4,.,./.,.,o1,.:x")}
	return o
}

// apply copies the rows into the settings and applies them.
func (o *optionsScene) apply(a *App) {
	s := &a.Settings
	r := o.rows
	s.MasterVolume = volumeSteps[r["master"].Sel]
	s.MusicVolume = volumeSteps[r["music"].Sel]
	s.Music = r["music"].Sel > 0
	s.EffectsVolume = volumeSteps[r["effects"].Sel]
	s.Mute = r["mute"].Sel == 1
	s.TouchMove = r["touch"].Sel == 1
	s.ShowLegalMoves = r["legal"].Sel == 1
	s.ShowCovered = r["covered"].Sel == 1
	a.showValues = r["values"].Sel == 1
	s.EngineDetails = r["details"].Sel == 1
	s.AnimationSpeed = animSteps[r["anim"].Sel]
	s.AIDelayMillis = delaySteps[r["delay"].Sel]
	s.Theme = themes[r["theme"].Sel].Name
	s.Fullscreen = r["full"].Sel == 1
	a.applySettings()
	a.saveSettings()
}

func (o *optionsScene) layout(a *App) {
	u := a.U()
	w := 820 * u
	x := a.W/2 - w/2
	y := 136 * u
	step := math.Min(45*u, (a.H-116*u-y)/float64(len(o.form.Rows))) // the rows and their card end above Done
	rowH := step - 7*u
	for i, r := range o.form.Rows {
		r.layout(a, Rect{x, y + float64(i)*step, w, rowH})
	}
	o.done.Rect = Rect{a.W/2 - 130*u, a.H - 84*u, 260 * u, 54 * u}
}

func (o *optionsScene) Update(a *App) error {
	o.layout(a)
	// F11 may have changed full screen behind our back
	o.rows["full"].Sel = boolSel(a.Settings.Fullscreen)
	o.rows["values"].Sel = boolSel(a.showValues)
	if o.form.update(a) {
		o.apply(a)
	}
	if o.done.update(a) || a.In.Key(ebiten.KeyEscape) || a.In.Key(ebiten.KeyEnter) {
		a.scenes.GoTo(o.back)
	}
	return nil
}

// Animating: this screen changes only when the player does something.
func (o *optionsScene) Animating(a *App) bool { return false }

func (o *optionsScene) Draw(a *App, dst *ebiten.Image) {
	o.layout(a)
	drawBackdrop(a, dst, &o.backdrop)
	th := a.Theme
	u := a.U()
	drawText(dst, "Options", a.Face(Bold, sizeTitle), a.W/2, 56*u, Center, th.Text)
	if why, ok := soundUnavailable(a); ok {
		col := mix(th.Warn, white, 0.3)
		if th.Light {
			col = th.Warn
		}
		drawText(dst, "Sound unavailable: "+why, a.Face(Medium, sizeSmall+1), a.W/2, 98*u, Center, col)
	}
	first, last := o.form.Rows[0].Rect, o.form.Rows[len(o.form.Rows)-1].Rect
	panel(a, dst, Rect{first.X - 36*u, first.Y - 22*u, first.W + 72*u, last.Y + last.H - first.Y + 44*u})
	o.form.draw(a, dst)
	o.done.draw(a, dst, false)
}

// soundUnavailable says why no sound is heard, when the player knows
// (asked at every frame: a device can fail during the game).
func soundUnavailable(a *App) (string, bool) {
	p, ok := a.Sound.(interface {
		Available() bool
		Reason() string
	})
	if !ok || p.Available() {
		return "", false
	}
	why := p.Reason()
	if len(why) > 1 && why[0] >= 'A' && why[0] <= 'Z' && why[1] >= 'a' && why[1] <= 'z' {
		why = string(why[0]-'A'+'a') + why[1:] // it follows "Sound unavailable:"
	}
	if why == "" {
		why = "no sound device could be opened."
	}
	return why, true
}
