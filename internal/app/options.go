package app

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"

	"github.com/hajimehoshi/ebiten/v2"
)

var (
	volumeSteps = []float64{0, 0.25, 0.5, 0.75, 1}
	animSteps   = []float64{0, 0.5, 1, 2}
)

// volumeNames name volumeSteps, in the language in use.
func volumeNames() []string {
	names := []string{locale.T("OptionsOff")}
	for _, v := range volumeSteps[1:] {
		names = append(names, locale.F("OptionsPercent", "Percent", locale.Num(int(v*100))))
	}
	return names
}

// animNames name animSteps.
func animNames() []string {
	return []string{locale.T("OptionsOff"), locale.T("OptionsSlow"), locale.T("OptionsNormal"), locale.T("OptionsFast")}
}

// onOff names a switch's two ends.
func onOff() []string { return []string{locale.T("OptionsOff"), locale.T("OptionsOn")} }

// optionsScene changes the settings; every change applies at once.
type optionsScene struct {
	back     Scene
	lang     int // the Language row's choice: 0 Auto, i+1 locale.Languages[i]
	form     ui.Form
	rows     map[string]*ui.Choice
	done     *ui.Button
	backdrop boardPicture
	// a small window's rows scroll in area (empty when they all show)
	area   ui.Rect
	scroll ui.Scroller
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
	o := &optionsScene{back: back, rows: map[string]*ui.Choice{}}
	s := &a.Settings
	add := func(key, label string, opts []string, sel int, help string) {
		c := &ui.Choice{Label: label, Options: opts, Sel: sel, Help: help}
		o.rows[key] = c
		o.form.Rows = append(o.form.Rows, c)
	}
	add("master", locale.T("OptionsVolume"), volumeNames(), nearest(volumeSteps, s.MasterVolume), locale.T("OptionsVolumeHelp"))
	add("music", locale.T("OptionsMusicVolume"), volumeNames(), nearest(volumeSteps, s.MusicVolume), locale.T("OptionsMusicVolumeHelp"))
	add("effects", locale.T("OptionsEffectsVolume"), volumeNames(), nearest(volumeSteps, s.EffectsVolume), locale.T("OptionsEffectsVolumeHelp"))
	add("mute", locale.T("OptionsMute"), onOff(), boolSel(s.Mute), locale.T("OptionsMuteHelp"))
	add("touch", locale.T("OptionsTouchMove"), onOff(), boolSel(s.TouchMove), locale.T("OptionsTouchMoveHelp"))
	add("legal", locale.T("OptionsLegalMoves"), onOff(), boolSel(s.ShowLegalMoves), locale.T("OptionsLegalMovesHelp"))
	add("covered", locale.T("OptionsCovered"), []string{locale.T("OptionsOffMemory"), locale.T("OptionsOn")}, boolSel(s.ShowCovered), locale.T("OptionsCoveredHelp"))
	add("values", locale.T("OptionsMoveValues"), onOff(), boolSel(a.showValues), locale.T("OptionsMoveValuesHelp"))
	add("details", locale.T("OptionsEngineDetails"), onOff(), boolSel(s.EngineDetails), locale.T("OptionsEngineDetailsHelp"))
	add("anim", locale.T("OptionsAnimations"), animNames(), nearest(animSteps, s.AnimationSpeed), locale.T("OptionsAnimationsHelp"))
	add("demos", locale.T("OptionsKeepDemos"), onOff(), boolSel(s.KeepDemos), locale.T("OptionsKeepDemosHelp"))
	theme := 0
	for i, t := range palette.Themes {
		if t.Name == s.Theme {
			theme = i
		}
	}
	add("theme", locale.T("OptionsColours"), themeNames(), theme, locale.T("OptionsColoursHelp"))
	full := locale.T("OptionsFullScreenHelp")
	if inBrowser {
		full = locale.T("OptionsFullScreenHelpBrowser")
	}
	o.lang = languageIndex(s.Language)
	if a.opts.Language != "" {
		o.lang = languageIndex(a.opts.Language)
	}
	add("language", locale.T("OptionsLanguage"), []string{languageShown(o.lang)}, 0, locale.T("OptionsLanguageHelp"))
	add("full", locale.T("OptionsFullScreen"), onOff(), boolSel(s.Fullscreen), full)
	add("server", locale.T("OptionsServer"), []string{serverShown(a)}, 0, locale.T("OptionsServerHelp"))
	o.muteSound(a)
	o.done = &ui.Button{Label: locale.T("OptionsDone"), Primary: true, Tip: "Esc"}
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
	s.Theme = palette.Themes[r["theme"].Sel].Name
	s.Fullscreen = r["full"].Sel == 1
	a.applySettings()
	a.saveSettings()
}

func (o *optionsScene) layout(a *App) {
	u := a.U()
	w := 820 * u
	x := a.W/2 - w/2
	y := 130 * u
	o.area = ui.Rect{}
	if a.compact() {
		// a phone: rows a finger high, scrolling between the title and Done
		w = math.Min(820*u, a.W-40*u)
		x = a.W/2 - w/2
		y = 96 * u
		rowH, gap := 46*u, 8*u
		if ui.StackRows(a, w) {
			rowH = (ui.StackedLabelH + 46) * u
		}
		o.done.Rect = ui.R(a.W/2-120*u, a.H-66*u, 240*u, 54*u)
		area := ui.R(0, y-20*u, a.W, o.done.Rect.Y-12*u-(y-20*u))
		if h := float64(len(o.form.Rows))*(rowH+gap) + helpH*u + 30*u; h > area.H {
			o.area = area
			o.scroll.Max = h - area.H
			y -= o.scroll.Y
		} else {
			o.scroll.Y = 0
		}
		for i, r := range o.form.Rows {
			r.Layout(a, ui.R(x, y, w, rowH))
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
		r.Layout(a, ui.R(x, y, w, rowH))
		y += step
		if i == o.form.Focus {
			y += helpH * u // the focused row's line of help
		}
	}
	o.done.Rect = ui.R(a.W/2-130*u, a.H-84*u, 260*u, 54*u)
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
		r.Layout(a, ui.R(x, y, w, 44*u))
		y += 51 * u
		if i == o.form.Focus {
			y += helpH * u
		}
	}
	o.done.Rect = ui.R(a.W/2-130*u, a.H-84*u, 260*u, 54*u)
}

// rowsBox is the rectangle that holds every row.
func (o *optionsScene) rowsBox() ui.Rect {
	b := o.form.Rows[0].Rect
	for _, r := range o.form.Rows[1:] {
		b = b.Union(r.Rect)
	}
	return b
}

func (o *optionsScene) Update(a *App) error {
	o.layout(a)
	o.form.Scroll = nil
	if !o.area.Empty() {
		o.form.Scroll = &o.scroll
		first, last := o.form.Rows[0].Rect, o.form.Rows[len(o.form.Rows)-1].Rect
		o.scroll.Update(a, o.area, last.Y+last.H-first.Y+helpH*a.U()+30*a.U())
		o.layout(a)
	}
	// F11 may have changed full screen behind our back; a sound device
	// may have failed
	o.muteSound(a)
	o.rows["full"].Sel = boolSel(a.Settings.Fullscreen)
	o.rows["values"].Sel = boolSel(a.showValues)
	if o.form.Update(a) {
		o.apply(a)
	}
	if o.editServer(a) {
		return nil
	}
	if o.changeLanguage(a) {
		return nil
	}
	if o.done.Update(a) || a.In.Key(ebiten.KeyEscape) || a.In.Key(ebiten.KeyEnter) {
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
	ui.DrawText(dst, locale.T("OptionsTitle"), a.Face(ui.Bold, ui.SizeTitle), a.W/2, ty, ui.Center, th.Text)
	if why, ok := soundUnavailable(a); ok {
		col := palette.Mix(th.Warn, palette.White, 0.3)
		if th.Light {
			col = th.Warn
		}
		ui.DrawText(dst, locale.F("OptionsSoundUnavailable", "Why", why), a.Face(ui.Medium, ui.SizeSmall+1), a.W/2, 98*u, ui.Center, col)
	}
	box := o.rowsBox()
	form := dst
	if !o.area.Empty() { // the rows scroll in their area
		form = clipTo(dst, o.area)
	}
	ui.Panel(a, form, ui.R(box.X-36*u, box.Y-22*u, box.W+72*u, box.H+helpH*u+44*u))
	o.form.Draw(a, form)
	o.drawHelp(a, form)
	o.done.Draw(a, dst, false)
}

// helpH is the height of the focused row's line of help, at 1×.
const helpH = 26

// drawHelp says under the focused row what it does, or, for a sound row
// with no sound device, that it does nothing now.
func (o *optionsScene) drawHelp(a *App, dst *ebiten.Image) {
	c := o.form.Rows[o.form.Focus]
	u := a.U()
	help := o.help()
	fs := a.Face(ui.Regular, ui.SizeSmall)
	x := c.Rect.X
	help = ui.FitText(help, fs, c.Rect.X+c.Rect.W-x)
	ui.DrawText(dst, help, fs, x, c.Rect.Y+c.Rect.H+helpH*u/2+3*u, ui.Left, a.Theme.TextDim)
}

// help is the focused row's line of help.
func (o *optionsScene) help() string {
	c := o.form.Rows[o.form.Focus]
	if c.Dim {
		return locale.T("OptionsNoSoundDeviceHelp")
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
		why = locale.T("OptionsNoSoundDevice")
	}
	return why, true
}

// languageIndex is the Language row's choice for a settings code: 0 for
// Auto ("" or a code the game does not speak), i+1 for locale.Languages[i].
func languageIndex(code string) int {
	if code == "" {
		return 0
	}
	for i, l := range locale.Languages {
		if l.Code == code {
			return i + 1
		}
	}
	return 0
}

// languageCode is the settings code of a Language row's choice.
func languageCode(i int) string {
	if i <= 0 || i > len(locale.Languages) {
		return ""
	}
	return locale.Languages[i-1].Code
}

// languageShown is how the Language row shows a choice: a language in its
// own words, Auto with the language it stands for now ("Auto (Deutsch)").
func languageShown(i int) string {
	if i > 0 && i <= len(locale.Languages) {
		return locale.Languages[i-1].Name
	}
	return locale.F("OptionsLanguageAuto", "Language", locale.Match(locale.System()...).Name)
}

// changeLanguage answers the Language row: a click on its button or Enter
// shows the next language, Left and Right the previous or the next (the
// list is too long for a button each). The choice is saved and spoken at
// once, over a --language given for the run, and the screen is built
// again in its words, the focus and the scroll where they were.
func (o *optionsScene) changeLanguage(a *App) bool {
	r := o.rows["language"]
	focused := o.form.Focus < len(o.form.Rows) && o.form.Rows[o.form.Focus] == r
	d := 0
	switch {
	case len(r.Segs) > 0 && r.Segs[0].Contains(a.In.X, a.In.Y) && o.tapped(a, r.Segs[0]):
		d = 1
	case focused && (a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter) || a.In.Key(ebiten.KeyRight)):
		d = 1
	case focused && a.In.Key(ebiten.KeyLeft):
		d = -1
	}
	if d == 0 {
		return false
	}
	a.play(sound.MenuClick)
	n := len(locale.Languages) + 1
	o.setLanguage(a, (o.lang+d+n)%n)
	return true
}

// tapped reports whether the pointer chose the button s this frame: a
// press, or in a form that scrolls a tap's release on it.
func (o *optionsScene) tapped(a *App, s ui.Rect) bool {
	if o.form.Scroll != nil {
		return o.form.Scroll.Tap && s.Contains(o.form.Scroll.PressX, o.form.Scroll.PressY)
	}
	return a.In.Pressed
}

// setLanguage saves and speaks the Language row's choice i, and puts in
// this screen's place the same screen in that language.
func (o *optionsScene) setLanguage(a *App, i int) {
	a.Settings.Language = languageCode(i)
	a.opts.Language = "" // the player's choice wins over the run's
	a.useLanguage()
	a.saveSettings()
	n := newOptionsScene(a, o.back)
	n.form.Focus = o.form.Focus
	n.scroll = o.scroll
	if m, ok := o.back.(*menuScene); ok && m != nil {
		n.back = newMenuScene(a) // the menu's buttons in the new words
	}
	if a.scenes.current == Scene(o) {
		a.scenes.current = n
	}
	a.redraw()
}
