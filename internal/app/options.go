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
	onOff       = []string{"Off", "On"}
)

// optionsScene changes the settings; every change applies at once.
type optionsScene struct {
	back     Scene
	form     form
	rows     map[string]*choice
	done     *button
	backdrop boardPicture
	// a small window's rows scroll in area (empty when they all show)
	area   Rect
	scroll scroller
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
	add := func(key, label string, opts []string, sel int, help string) {
		c := &choice{Label: label, Options: opts, Sel: sel, Help: help}
		o.rows[key] = c
		o.form.Rows = append(o.form.Rows, c)
	}
	add("master", "Volume", volumeNames, nearest(volumeSteps, s.MasterVolume), "How loud the game is, music and sounds together.")
	add("music", "Music volume", volumeNames, nearest(volumeSteps, s.MusicVolume), "The quiet music under the game; Off stops it.")
	add("effects", "Effects volume", volumeNames, nearest(volumeSteps, s.EffectsVolume), "The sounds of pieces, buttons and results.")
	add("mute", "Mute all sound", onOff, boolSel(s.Mute), "Silence everything at once; the volumes are kept for later.")
	add("touch", "Touch-move", onOff, boolSel(s.TouchMove), "On: a piece lifted from the board must be moved, as over a real board. Off: click it again to put it back.")
	add("legal", "Show legal moves", onOff, boolSel(s.ShowLegalMoves), "Mark the squares a held piece may go to.")
	add("covered", "Show covered pieces", []string{"Off (memory)", "On"}, boolSel(s.ShowCovered), "On: point at a stack to see the pieces under its top. Off: remember them, as with real pieces.")
	add("values", "Move values (3×3, V)", onOff, boolSel(a.showValues), "3×3 only: mark each square a held piece may go to as a win, draw or loss with perfect play.")
	add("details", "Engine details", onOff, boolSel(s.EngineDetails), "Show how deep the computer searched and its score while it thinks.")
	add("anim", "Animations", animNames, nearest(animSteps, s.AnimationSpeed), "How fast pieces glide; Off puts them down at once.")
	add("demos", "Keep computer demos", onOff, boolSel(s.KeepDemos), "Keep the games the computer plays against itself in Saved games (off: only when you press Keep).")
	theme := 0
	for i, t := range themes {
		if t.Name == s.Theme {
			theme = i
		}
	}
	add("theme", "Colours", themeNames, theme, "The colours of the board and the screens.")
	full := "Fill the whole screen. F11 or Alt+Enter switches at any time."
	if inBrowser {
		full = "Fill the whole screen. Esc or F11 leaves it."
	}
	add("full", "Full screen", onOff, boolSel(s.Fullscreen), full)
	add("server", "Online server", []string{serverShown(a)}, 0, "Where Invite a friend opens its rooms. Click it, or press Enter, to change it.")
	o.muteSound(a)
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
	s.KeepDemos = r["demos"].Sel == 1
	s.Theme = themes[r["theme"].Sel].Name
	s.Fullscreen = r["full"].Sel == 1
	a.applySettings()
	a.saveSettings()
}

func (o *optionsScene) layout(a *App) {
	u := a.U()
	w := 820 * u
	x := a.W/2 - w/2
	y := 130 * u
	o.area = Rect{}
	if a.compact() {
		// a phone: rows a finger high, scrolling between the title and Done
		w = math.Min(820*u, a.W-40*u)
		x = a.W/2 - w/2
		y = 96 * u
		rowH, gap := 46*u, 8*u
		if stackRows(a, w) {
			rowH = (stackedLabelH + 46) * u
		}
		o.done.Rect = Rect{a.W/2 - 120*u, a.H - 66*u, 240 * u, 54 * u}
		area := Rect{0, y - 20*u, a.W, o.done.Rect.Y - 12*u - (y - 20*u)}
		if h := float64(len(o.form.Rows))*(rowH+gap) + helpH*u + 30*u; h > area.H {
			o.area = area
			o.scroll.Max = h - area.H
			y -= o.scroll.Y
		} else {
			o.scroll.Y = 0
		}
		for i, r := range o.form.Rows {
			r.layout(a, Rect{x, y, w, rowH})
			y += rowH + gap
			if i == o.form.Focus {
				y += helpH * u
			}
		}
		return
	}
	n := len(o.form.Rows)
	if room := a.H - 116*u - y - helpH*u; room < float64(n)*51*u && a.W >= 1100*u {
		// rows a finger high do not fit one under the other: two columns
		o.layoutColumns(a, y)
		return
	}
	step := math.Min(43*u, (a.H-116*u-y-helpH*u)/float64(n)) // the rows, the focused row's help and their card end above Done
	rowH := step - 7*u
	for i, r := range o.form.Rows {
		r.layout(a, Rect{x, y, w, rowH})
		y += step
		if i == o.form.Focus {
			y += helpH * u // the focused row's line of help
		}
	}
	o.done.Rect = Rect{a.W/2 - 130*u, a.H - 84*u, 260 * u, 54 * u}
}

// layoutColumns lays the rows out in two columns from y, each row 44
// high, the focused row's help under it in its column.
func (o *optionsScene) layoutColumns(a *App, y float64) {
	u := a.U()
	gap := 60 * u
	w := math.Min(600*u, (a.W-2*80*u-gap)/2)
	n := len(o.form.Rows)
	half := (n + 1) / 2
	for i, r := range o.form.Rows {
		col := i / half
		if i%half == 0 {
			y = 130 * u
		}
		x := a.W/2 - w - gap/2 + float64(col)*(w+gap)
		r.layout(a, Rect{x, y, w, 44 * u})
		y += 51 * u
		if i == o.form.Focus {
			y += helpH * u
		}
	}
	o.done.Rect = Rect{a.W/2 - 130*u, a.H - 84*u, 260 * u, 54 * u}
}

// rowsBox is the rectangle that holds every row.
func (o *optionsScene) rowsBox() Rect {
	b := o.form.Rows[0].Rect
	for _, r := range o.form.Rows[1:] {
		b = b.Union(r.Rect)
	}
	return b
}

func (o *optionsScene) Update(a *App) error {
	o.layout(a)
	o.form.scroll = nil
	if !o.area.Empty() {
		o.form.scroll = &o.scroll
		first, last := o.form.Rows[0].Rect, o.form.Rows[len(o.form.Rows)-1].Rect
		o.scroll.update(a, o.area, last.Y+last.H-first.Y+helpH*a.U()+30*a.U())
		o.layout(a)
	}
	// F11 may have changed full screen behind our back; a sound device
	// may have failed
	o.muteSound(a)
	o.rows["full"].Sel = boolSel(a.Settings.Fullscreen)
	o.rows["values"].Sel = boolSel(a.showValues)
	if o.form.update(a) {
		o.apply(a)
	}
	if o.editServer(a) {
		return nil
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
	ty := 56 * u
	if a.compact() {
		ty = 36 * u
	}
	drawText(dst, "Options", a.Face(Bold, sizeTitle), a.W/2, ty, Center, th.Text)
	if why, ok := soundUnavailable(a); ok {
		col := mix(th.Warn, white, 0.3)
		if th.Light {
			col = th.Warn
		}
		drawText(dst, "Sound unavailable: "+why, a.Face(Medium, sizeSmall+1), a.W/2, 98*u, Center, col)
	}
	box := o.rowsBox()
	form := dst
	if !o.area.Empty() { // the rows scroll in their area
		form = clipTo(dst, o.area)
	}
	panel(a, form, Rect{box.X - 36*u, box.Y - 22*u, box.W + 72*u, box.H + helpH*u + 44*u})
	o.form.draw(a, form)
	o.drawHelp(a, form)
	o.done.draw(a, dst, false)
}

// helpH is the height of the focused row's line of help, at 1×.
const helpH = 26

// drawHelp says under the focused row what it does, or, for a sound row
// with no sound device, that it does nothing now.
func (o *optionsScene) drawHelp(a *App, dst *ebiten.Image) {
	c := o.form.Rows[o.form.Focus]
	u := a.U()
	help := o.help()
	fs := a.Face(Regular, sizeSmall)
	x := c.Rect.X
	help = fitText(help, fs, c.Rect.X+c.Rect.W-x)
	drawText(dst, help, fs, x, c.Rect.Y+c.Rect.H+helpH*u/2+3*u, Left, a.Theme.TextDim)
}

// help is the focused row's line of help.
func (o *optionsScene) help() string {
	c := o.form.Rows[o.form.Focus]
	if c.Dim {
		return "No sound device: this does nothing now (it is kept for when there is one)."
	}
	return c.Help
}

// soundRows are the rows that only matter with a sound device.
var soundRows = []string{"master", "music", "effects", "mute"}

// muteSound dims the sound rows while no sound device plays.
func (o *optionsScene) muteSound(a *App) {
	_, none := soundUnavailable(a)
	for _, k := range soundRows {
		o.rows[k].Dim = none
	}
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
