// Package app is the desktop game: the scenes (menu, new game, game, pause,
// result, options, rules), the widgets they are built from, the drawing of
// the board and pieces, and the input seam that lets tests play without a
// window. Ebitengine calls Update and Draw on one goroutine; the AI runs in
// goroutines of its own and only talks to Update through channels.
package app

import (
	"cmp"
	"context"
	"fmt"
	"github.com/gobblet-game/gobblet/internal/locale"
	"io"
	"maps"
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// Thinker finds a move; *ai.Engine is one. Tests plug in their own.
type Thinker interface {
	Think(ctx context.Context, g *rules.Game, cfg ai.Config, report func(ai.Info)) (rules.Move, error)
}

// Sounds is what the game asks of the sound player; *sound.Player is one.
type Sounds interface {
	Play(sound.Effect)
	SetVolumes(sound.Volumes)
	PlayMusic()
	StopMusic()
}

// Options configure the game at start.
type Options struct {
	Store     Store        // nil: settings in memory
	ConfigDir string       // where a file store keeps its files ("" = the default folder)
	Debug     io.Writer    // nil: quiet; else a line per move and the frame rates
	Online    *OnlineStart // set: open straight into this online room
	// Server is the online server Invite a friend uses when Options sets
	// none: the page's own in a browser, the one built in on the desktop
	// ("" when there is none).
	Server string
	// Notices are said on a card at the start (a page address that was
	// not an invitation).
	Notices []string
	// Said are notices said in the language the game chose (a function,
	// asked once the language is set).
	Said []func() string
	// Exit, when set, ends the process as soon as the files are saved at
	// quit (the desktop's main: os.Exit), instead of returning from Run
	// after Ebitengine closed the window system: that teardown waits for
	// Mesa's shader-cache writer, a thread of the lowest priority, which a
	// busy machine leaves waiting for seconds. The system closes the
	// window when the process ends.
	Exit func()
	// Language, when set (--language, or the page's ?lang=), is the
	// language of this run whatever Options says ("" follows Options:
	// the player's choice, or Auto).
	Language string
}

// OnlineStart is a room opened on the command line (gobblet --host, --join):
// the game opens on the hosting screen, or connecting.
type OnlineStart struct {
	Session *netplay.Session
	Host    bool
	Variant rules.Variant // the host's choices
	Colour  rules.Player
	// Relay: the room is on an online server (--invite, --join LINK).
	Relay bool
	// Invitation, without a Session: the Join screen opens with it typed
	// and joins once the first frame is shown (a page opened by an
	// invitation link), or, with a Problem, says why it cannot.
	Invitation, Problem string
}

// Scene is one screen of the game.
//
// The screen is drawn only when something may have changed (see
// App.takeFrame): after any input, a scene switch or App.redraw, and while
// Animating says so. Animating reports whether this tick's picture differs
// from the last tick's without any input: a glide, a fade, a spinner, a
// timer that shows something when it runs out. A scene that moves by itself
// and says no here leaves a stale picture on the screen. A scene may also
// say where its picture moves (a damager, damage.go), so that only that part
// is drawn again, and that it asks for every frame it needs (a selfDrawn
// scene), so that input is not followed by frames drawn just in case.
type Scene interface {
	Update(a *App) error
	Draw(a *App, dst *ebiten.Image)
	Animating(a *App) bool
}

// App is the game as Ebitengine runs it, and the state the scenes share.
type App struct {
	In       Frame // this tick's input
	W, H     float64
	Theme    *palette.Theme
	Settings settings.Settings
	Store    Store
	Sound    Sounds
	fonts    *ui.Fonts
	opts     Options
	src      Source
	scenes   sceneManager

	// NewThinker makes a computer player; each AI side and the hint get their own.
	NewThinker func() Thinker
	// Prepare starts loading what a computer player needs before its first
	// move (ai.Prepare: the perfect player's table), as a game starts; nil
	// in tests.
	Prepare func(v rules.Variant, level string)

	notices    []string // on a card over any scene until dismissed (notices.go)
	toastMsg   string   // a short confirmation over any scene ("Saved as …")
	toastT     int
	showValues bool // gobblers: label every legal move with its proven value (V)
	clip       clipboard
	copying    bool // a record is being copied: pollCopy says how it went, with copySay
	copySay    func(string)
	Tick       int // ticks since start; 60 a second
	// steps is how many 60ths of a second the clock moved since the last
	// tick: what every animation advances by, so that a slow machine, whose
	// ticks come late, shows them as long as a fast one (clock.go)
	steps      int
	clock      clock
	quit       bool
	lastLog    time.Time
	draws      int            // frames drawn since the last rates line (the debug log's fps)
	drawnArea  float64        // the screen's share those frames drew, summed (1 a whole frame)
	dirtyBy    string         // what asked for the next whole frame first (the debug log's)
	wholeBy    map[string]int // what asked for the whole frames since the last rates line
	dirty      bool           // the next Draw draws the whole screen: something changed since the last one
	damaged    ui.Rect        // else the next Draw draws this part of it: only what moves there changed (damage.go)
	drew       bool           // the last Draw drew
	focused    bool           // the window has the focus
	scale      float64        // the monitor's device scale, asked again at scaleAt
	scaleAt    int
	outW, outH int // the window's size Layout was last given
	woke       int // the tick of the last input, scene switch or resize
	drawnWoke  int // the last of those that drew the screen whole
	layoutW    int // the size Layout last returned: a new one needs a redraw
	layoutH    int
	winW       int
	winH       int
	sizeSaveAt int
	headless   bool // tests: no window calls

	noticeOK       ui.Button     // dismisses the notices
	noticeCard     *noticeCard   // the notices laid out; nil when they changed (notices.go)
	saveProblem    string        // why the files cannot be saved now; "" when they can
	aiNote         string        // the computer's last word for the player (ai.Info.Note), said once
	slowestUpdate  time.Duration // the debug log's slowest Update and Draw in the last two seconds
	slowestDraw    time.Duration
	firstFrameSeen bool // the start-up time is logged (startup.go)
	// beginWorker starts the page's search worker at the player's first
	// click, tap or key, if its timer has not yet (browser.go)
	beginWorker func()
	rest        rest // the loop waits for events while nothing happens (rest.go)
	pacing      bool // in a browser: the loop runs on demand (pace.go)
	wantNext    bool // and the last tick wants the next one at once
	// fullscreenAsked is the tick the game last asked for full screen on or off
	fullscreenAsked int
	fullscreenTold  bool // how to leave full screen was said
	byTouch         bool // the last input was a touch: no keyboard hints (input.go)
	byPad           bool // the last input was a gamepad: its buttons in the hints (input.go)
	touchSeen       bool // this tick's touch is the first: byTouch from the next (input.go)
	coarse          bool // the device's pointer is a finger (a browser's pointer: coarse), asked at the start

}

// New builds the game and opens the main menu. Without a store it opens
// where the player's things are kept (openStore: the folder on a desktop,
// the browser's storage on the web); if that fails the game runs with
// settings in memory and says so.
func New(opts Options) *App {
	var notices []startNotice
	if opts.Store == nil {
		opts.Store, notices = openStore(opts)
	}
	a := &App{
		opts:       opts,
		Store:      opts.Store,
		Settings:   opts.Store.Settings(),
		Sound:      sound.NewPlayer(),
		fonts:      ui.LoadFonts(),
		src:        &ebitenSource{},
		W:          1280,
		H:          800,
		NewThinker: func() Thinker { return ai.NewEngine() },
		Prepare:    ai.Prepare,
		coarse:     browser.CoarsePointer(),
	}
	a.byTouch = a.coarse // a phone or tablet names no keys until one is pressed
	if inBrowser {
		// A page may go full screen only when the player has just clicked
		// or pressed a key: it starts in its tab (asking now would only put
		// an error in the console), and Options or F11 ask.
		a.Settings.Fullscreen = false
	}
	a.applySettings()
	a.useLanguage()
	a.sayAtStart(notices)
	for _, n := range opts.Notices {
		a.notify(n)
	}
	for _, n := range opts.Said {
		a.notify(n())
	}
	a.scenes.log = a.debugf
	a.scenes.woke = a.wake
	if opts.Online != nil {
		a.scenes.GoTo(startOnline(a, opts.Online))
	} else {
		a.scenes.GoTo(newMenuScene(a))
	}
	return a
}

// Run opens the window and runs the game until the player quits.
func (a *App) Run() error {
	markWindow()
	ebiten.SetWindowTitle("Gobblet")
	setWindowIconLater()
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	monW, monH, scale := monitorSize()
	maxW, maxH := maxWindow(monW, monH, scale)
	ebiten.SetWindowSizeLimits(minWindowW, minWindowH, maxW, maxH)
	w, h := fitWindow(a.Settings.WindowWidth, a.Settings.WindowHeight, monW, monH, scale)
	ebiten.SetWindowSize(w, h)
	a.winW, a.winH = w, h
	ebiten.SetFullscreen(a.Settings.Fullscreen)
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetTPS(60)
	// The picture stays between frames, so a Draw that draws nothing costs
	// nothing: Ebitengine then skips presenting it (see App.takeFrame).
	ebiten.SetScreenClearedEveryFrame(false)
	if inBrowser {
		a.startPacing()
	}
	err := ebiten.RunGame(a)
	a.noteClosed()
	return err
}

// Update runs one tick: read input, global keys, the current scene.
func (a *App) Update() error {
	if a.opts.Debug != nil {
		defer a.timeSpent(&a.slowestUpdate, time.Now())
	}
	a.noteFrameShown()
	a.Tick++
	a.steps = a.clock.tick(a.headless)
	a.In = a.src.Poll()
	a.noteInput()
	if a.beginWorker != nil && a.In.active() && !a.In.pointerOnly() {
		a.beginWorker()
		a.beginWorker = nil
	}
	if a.fonts.Changed() { // the CJK font arrived: text drawn in boxes
		a.wake()
	}
	switch {
	case a.In.pointerOnly() && a.scenes.watchesPointer():
		a.woke = a.Tick // the scene draws what the pointer changes (damage.go)
	case a.In.active():
		a.wake()
	}
	if a.In.CloseRequest || a.quit {
		a.shutdown()
		if a.opts.Exit != nil {
			a.opts.Exit()
		}
		return ebiten.Termination
	}
	if s, ok := changedSettings(a.Store, a.Settings); ok { // another tab's options
		a.Settings = s
		a.applySettings()
		a.wake()
	}
	if a.In.Key(ebiten.KeyF11) || (a.In.Key(ebiten.KeyEnter) && ebiten.IsKeyPressed(ebiten.KeyAlt)) {
		a.Settings.Fullscreen = !a.Settings.Fullscreen
		a.applySettings()
		a.saveSettings()
	}
	// Each question to the window is a round trip to the main thread, as
	// costly as a whole quiet tick: ask twice a second.
	if !a.headless && a.Tick%windowPoll == 0 {
		// Back in front, the window may have been drawn over by others:
		// without a compositor nothing else would repaint it.
		if f := ebiten.IsFocused(); f != a.focused {
			a.focused = f
			a.wake()
		}
		if inBrowser {
			// the browser leaves full screen on Esc without asking us
			a.Settings.Fullscreen = browserFullscreen(a.Settings.Fullscreen, ebiten.IsFullscreen(), a.Tick-a.fullscreenAsked)
		} else {
			a.rememberWindowSize()
		}
	}
	if !a.headless {
		a.logRates()
		if a.drew || a.In.PointerMoved {
			// what a player can click changes only with what is drawn; the
			// pointer's place (which a test waits for) with every move
			a.logLayout()
		}
	}
	a.drew = false
	if a.toastT > 0 {
		a.toastT = max(0, a.toastT-a.steps)
		// drawn while it slides in and fades out, and once it is gone
		if a.toastT >= toastTicks-toastIn-1 || a.toastT <= toastOut {
			a.redraw()
		}
	}
	a.pollSaveProblem()
	a.pollCopy()
	if a.updateNotices() {
		a.In = Frame{X: -1e6, Y: -1e6} // the scene runs on, without input, the pointer far away
	}
	fading := a.scenes.fade > 0
	err := a.scenes.Update(a)
	a.accessible() // the page's copy of the board for a screen reader (a11y.go)
	if fading && a.scenes.fade == 0 {
		a.redraw() // the cross-fade's end: the new scene alone
	}
	moving := a.scenes.Animating(a)
	if moving {
		a.damageMoving()
	}
	if a.settling() {
		a.redraw()
	}
	a.followTouch()
	a.updateRest(moving, a.dirty || a.toastT > 0)
	a.pace()
	return err
}

// windowPoll is how often, in ticks, the game asks the window whether it
// has the focus, its size and its monitor's scale.
const windowPoll = 30

// settleTicks is how long the screen keeps being drawn after an input, a
// scene switch or a resize: long enough for what follows one by itself (a
// tooltip after 30 ticks of hovering, a stack opening after 20, a button's
// hover look), so that no scene has to ask for those. A selfDrawn scene
// (the game) asks for them, and is drawn after an input for the tick of
// the input and the next (what the input did may be laid out a tick later).
const (
	settleTicks     = 40
	selfSettleTicks = 2
)

// wake notes an input, a scene switch or a resize: the screen is drawn for
// the next settleTicks ticks, and pulses that draw the eye start again.
func (a *App) wake() {
	a.woke, a.drawnWoke = a.Tick, a.Tick
	if a.opts.Debug != nil && !a.dirty {
		a.dirtyBy = "an input, a scene switch or a resize"
	}
	a.dirty = true
}

// settling reports whether the screen is still drawn after the last input
// that drew it (a pointer's move over a scene that watches the pointer
// itself does not).
func (a *App) settling() bool { return a.Tick-a.drawnWoke < a.scenes.settle() }

// quiet is the number of ticks since the last input, scene switch or resize.
func (a *App) quiet() int { return a.Tick - a.woke }

// redraw asks for the screen to be drawn at the next frame: something that
// did not come from the player changed what it shows (an AI move, a network
// message, a timer).
func (a *App) redraw() { a.markDirty() }

// markDirty is redraw's work, called by redraw and by the widgets' Redraw
// alike, so that the debug log's "whole for" names the function that
// asked: their caller, three frames up from callerName.
func (a *App) markDirty() {
	if a.opts.Debug != nil && !a.dirty {
		a.dirtyBy = callerName(3)
	}
	a.dirty = true
}

// takeFrame reports whether this frame is drawn, and which part of the
// screen (all of it, or what moved: damage.go), and takes it as drawn.
// Draw is skipped otherwise: an idle game costs next to nothing.
func (a *App) takeFrame() (due bool, part ui.Rect) {
	switch {
	case a.dirty || !a.firstFrameSeen:
		part = ui.R(0, 0, a.W, a.H)
		if a.opts.Debug != nil {
			if a.wholeBy == nil {
				a.wholeBy = map[string]int{}
			}
			why := cmp.Or(a.dirtyBy, "unknown")
			if !a.firstFrameSeen {
				why = "the first frame"
			}
			a.wholeBy[why]++
			a.dirtyBy = ""
		}
	case !a.damaged.Empty() && !a.onScreen(a.damaged).Empty():
		part = a.damaged
	default:
		// nothing changed, or only off the screen (clipTo would take a
		// part that misses the screen for the whole of it)
		a.damaged = ui.Rect{}
		return false, ui.Rect{}
	}
	a.dirty, a.damaged, a.drew = false, ui.Rect{}, true
	return true, part
}

// pulseTicks is how long a pulse that draws the eye (the held piece's ring,
// the hint's arrow) goes on after the last input: then it rests, so that a
// game left alone draws nothing.
const pulseTicks = 180

// pulse is a value in [lo, 1] that beats with the ticks, 1/period radians a
// tick, and settles at 1 once the player has been quiet for pulseTicks.
func (a *App) pulse(lo, period float64) float64 {
	fade := 1 - math.Min(1, float64(a.quiet())/pulseTicks)
	return 1 - (1-lo)*fade*(0.5-0.5*math.Sin(float64(a.Tick)/period))
}

// pulsing reports whether a pulse is still beating (see pulse).
func (a *App) pulsing() bool { return a.quiet() <= pulseTicks }

// Draw draws the current scene (or a cross-fade between two), the banner
// of a failing save, the toast and the notices, when something changed
// since the last frame.
func (a *App) Draw(screen *ebiten.Image) {
	a.scheduleNext()
	due, part := a.takeFrame()
	if !due {
		return
	}
	if a.opts.Debug != nil {
		defer a.timeSpent(&a.slowestDraw, time.Now())
	}
	// Only the part that changed is drawn again: the whole picture, clipped
	// to it (drawing onto a part of an image draws nothing outside it).
	screen = clipTo(screen, part)
	if a.opts.Debug != nil {
		a.drawnArea += drawnShare(screen, a.W, a.H)
	}
	screen.Clear()
	a.scenes.Draw(a, screen)
	a.drawSaveProblem(screen)
	a.drawToast(screen)
	a.drawNotices(screen)
	a.draws++
	a.noteFirstFrame()
}

// A toast shows for toastTicks, sliding in over toastIn and fading out
// over its last toastOut.
const (
	toastTicks = 180
	toastIn    = 12
	toastOut   = 20
)

// toast shows a short confirmation for three seconds, over any scene.
func (a *App) toast(msg string) {
	a.toastMsg, a.toastT = msg, toastTicks
	a.redraw()
	a.debugf("toast %s", msg)
}

func (a *App) drawToast(dst *ebiten.Image) {
	if a.toastT <= 0 || a.toastMsg == "" {
		return
	}
	u := a.U()
	fc := a.Face(ui.Medium, ui.SizeBody)
	w := ui.TextWidth(a.toastMsg, fc) + 48*u
	h := 32 * u
	al := math.Min(1, float64(a.toastT)/toastOut) // fade out over the last third of a second
	in := ui.EaseOut(math.Min(1, float64(toastTicks-a.toastT)/toastIn))
	// above a screen's title (the highest, Options', starts 38 pixels
	// down at 1×), or where the scene says (the game: under its top bar),
	// never over a title or a header
	y := 2 * u
	if s, ok := a.scenes.current.(interface{ toastY(*App) float64 }); ok {
		y = s.toastY(a)
	}
	r := ui.R(a.W/2-w/2, y-(1-in)*20*u, w, h)
	ui.RoundRectSpriteA(dst, r, 12*u, palette.Mix(a.Theme.Panel, a.Theme.Good, 0.18), palette.WithAlpha(a.Theme.Good, 0.8), math.Max(1, 1.5*u), 3*u, a.Theme.Shadow)
	ui.DrawText(dst, a.toastMsg, fc, a.W/2, r.Y+h/2, ui.Center, palette.WithAlpha(a.Theme.Text, al))
}

// Layout works in device pixels so the game stays sharp on high-DPI screens.
func (a *App) Layout(outW, outH int) (int, int) {
	if a.scale <= 0 || outW != a.outW || outH != a.outH || a.Tick >= a.scaleAt {
		_, _, a.scale = monitorSize()
		a.outW, a.outH, a.scaleAt = outW, outH, a.Tick+windowPoll
	}
	s := a.scale
	if s <= 0 {
		s = 1
	}
	w, h := int(math.Ceil(float64(outW)*s)), int(math.Ceil(float64(outH)*s))
	a.resize(w, h)
	return w, h
}

// resize takes the screen's size in device pixels. A new size (a resized
// window, full screen, another monitor's scale) comes with a new, empty
// screen image, so the game draws again.
func (a *App) resize(w, h int) {
	a.W, a.H = float64(w), float64(h)
	if w != a.layoutW || h != a.layoutH {
		a.layoutW, a.layoutH = w, h
		a.wake()
	}
}

// Quit ends the game at the next tick.
func (a *App) Quit() { a.quit = true }

// shutdown ends the game: the window is hidden, the scene left, the
// settings and the game in play saved.
func (a *App) shutdown() {
	quitAsked = time.Now()
	defer a.noteSaved()
	if !a.headless && !inBrowser {
		// the window goes at once, whatever the saving and the process's
		// end take after it
		ebiten.SetWindowVisible(false)
	}
	a.endRest()
	if s, ok := a.scenes.current.(interface{ leave(*App) }); ok {
		s.leave(a)
	}
	a.saveSettings()
	if f, ok := a.Store.(interface{ Flush() }); ok {
		f.Flush()
	}
}

// applySettings makes the settings take effect at once.
func (a *App) applySettings() {
	a.Theme = palette.ByName(a.Settings.Theme)
	a.Sound.SetVolumes(sound.Volumes{Master: a.Settings.MasterVolume, Music: a.Settings.MusicVolume, Effects: a.Settings.EffectsVolume, Mute: a.Settings.Mute})
	if a.Settings.Music && !a.Settings.Mute {
		a.Sound.PlayMusic()
	} else {
		a.Sound.StopMusic()
	}
	if !a.headless && ebiten.IsFullscreen() != a.Settings.Fullscreen {
		ebiten.SetFullscreen(a.Settings.Fullscreen)
		a.fullscreenAsked = a.Tick
	}
	a.sayHowToLeaveFullscreen()
}

// sayHowToLeaveFullscreen says, the first time the game goes full screen
// in a run, how to leave it: a full screen has no window's buttons. (A
// browser says it itself.)
func (a *App) sayHowToLeaveFullscreen() {
	if !a.Settings.Fullscreen || a.fullscreenTold || inBrowser {
		return
	}
	a.fullscreenTold = true
	a.toast(leaveFullscreenWords())
}

// leaveFullscreenWords say how to leave full screen.
func leaveFullscreenWords() string { return locale.T("MenuLeaveFullscreen") }

// fullscreenSettles is how long, in ticks, a browser may take to enter or
// leave full screen once asked: it answers asynchronously.
const fullscreenSettles = 60

// browserFullscreen is the full-screen setting in a browser, which may
// leave full screen by itself (Esc): what the page is in, except in the
// moment after the game asked for a change, while the page still shows the
// old state.
func browserFullscreen(setting, page bool, sinceAsked int) bool {
	if sinceAsked < fullscreenSettles {
		return setting
	}
	return page
}

func (a *App) saveSettings() {
	if err := a.Store.SaveSettings(a.Settings); err != nil {
		a.debugf("save settings: %v", err)
	}
}

// rememberWindowSize keeps the windowed size for the next start.
func (a *App) rememberWindowSize() {
	if ebiten.IsFullscreen() {
		return
	}
	w, h := ebiten.WindowSize()
	if w > 0 && h > 0 && (w != a.winW || h != a.winH) {
		a.winW, a.winH = w, h
		a.Settings.WindowWidth, a.Settings.WindowHeight = keepableWindow(w, h)
		a.sizeSaveAt = a.Tick + 2*windowPoll // once the resizing has stopped for a second
	}
	if a.sizeSaveAt > 0 && a.Tick >= a.sizeSaveAt {
		a.sizeSaveAt = 0
		a.saveSettings()
	}
}

// logRates writes, every two seconds, the ticks and the frames actually
// drawn per second (Ebitengine's own FPS counts frames whose drawing was
// skipped too), and the Go heap that the last collection found live.
func (a *App) logRates() {
	if a.opts.Debug == nil {
		return
	}
	now := time.Now()
	if a.lastLog.IsZero() {
		a.lastLog = now
		return
	}
	if d := now.Sub(a.lastLog); d >= 2*time.Second {
		a.lastLog = now
		a.debugf("tps %.1f fps %.1f slowest update %.1f ms draw %.1f ms; screens drawn %.1f/s%s", ebiten.ActualTPS(), float64(a.draws)/d.Seconds(),
			a.slowestUpdate.Seconds()*1000, a.slowestDraw.Seconds()*1000, a.drawnArea/d.Seconds(), wholeWhy(a.wholeBy))
		a.draws, a.slowestUpdate, a.slowestDraw, a.drawnArea = 0, 0, 0, 0
		clear(a.wholeBy)
		heap := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(heap)
		if heap[0].Value.Kind() == metrics.KindUint64 {
			a.debugf("heap live %.1f MB", float64(heap[0].Value.Uint64())/(1<<20))
		}
	}
}

// timeSpent keeps in *slowest the longest time since start (the debug
// log's slowest Update and Draw of each two seconds: what the game itself
// costs a frame, apart from the graphics driver's work).
func (a *App) timeSpent(slowest *time.Duration, start time.Time) {
	*slowest = max(*slowest, time.Since(start))
}

// callerName is the function (and line) skip frames up the stack, for
// the debug log: app.(*gameScene).Update:412.
func callerName(skip int) string {
	pc, _, line, ok := runtime.Caller(skip)
	if !ok {
		return "?"
	}
	name := runtime.FuncForPC(pc).Name()
	return fmt.Sprintf("%s:%d", name[strings.LastIndexByte(name, '/')+1:], line)
}

// wholeWhy says, for the debug log's rates line, what asked for the whole
// frames drawn and how often, the most first, separated by semicolons:
// "; whole for: app.(*gameScene).Update:412 ×3; an input, a scene switch
// or a resize ×1".
func wholeWhy(by map[string]int) string {
	if len(by) == 0 {
		return ""
	}
	keys := slices.SortedFunc(maps.Keys(by), func(x, y string) int { return cmp.Or(by[y]-by[x], strings.Compare(x, y)) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, by[k])
	}
	return "; whole for: " + strings.Join(parts, "; ")
}

// debugf writes one line to the debug log, if there is one.
func (a *App) debugf(format string, args ...any) {
	if a.opts.Debug == nil {
		return
	}
	fmt.Fprintf(a.opts.Debug, "gobblet: "+format+"\n", args...)
}

// U is the current scale unit.
func (a *App) U() float64 { return unit(a.W, a.H, a.css(), a.fingers()) }

// compact reports whether the window takes the CSS-pixel layout and its
// rearrangements (layout.go's compact says when).
func (a *App) compact() bool { return compact(a.W, a.H, a.css(), a.fingers()) }

// fingers reports whether the player uses a finger: the device's pointer
// is coarse (a phone or tablet's browser), or the last input was a touch.
func (a *App) fingers() bool { return a.byTouch || a.coarse }

// css is the device pixels of one CSS pixel (of one pixel of the window,
// on a desktop): the monitor's scale factor, 1 when unknown.
func (a *App) css() float64 {
	if a.scale > 0 {
		return a.scale
	}
	return 1
}

// Face returns a font face of a size on the 1× scale.
func (a *App) Face(w ui.Weight, size float64) ui.Face { return a.fonts.Face(w, size*a.U()) }

// play makes a sound effect.
func (a *App) play(e sound.Effect) { a.Sound.Play(e) }

// sceneManager switches scenes with a short cross-fade, as in Ebitengine's
// blocks example, except that the new scene takes input at once: a key
// pressed during the fade is never lost.
type sceneManager struct {
	current, prev Scene
	fade          int           // ticks of the switch's fade to go, by the clock
	layer         *ebiten.Image // the scene shown while it fades
	log           func(format string, args ...any)
	woke          func() // a switch is drawn, fade and all
}

// sceneName is the scene's name in the debug log.
func sceneName(s Scene) string {
	switch s.(type) {
	case *menuScene:
		return "menu"
	case *setupScene:
		return "new-game"
	case *gameScene:
		return "game"
	case *optionsScene:
		return "options"
	case *rulesScene:
		return "rules"
	case *lobbyScene:
		return "online"
	case *serverScene:
		return "online-server"
	case *savedScene:
		return "saved-games"
	case *statsScene:
		return "statistics"
	case *learnScene:
		return "learn"
	case *lessonScene:
		return "lesson"
	case *coachScene:
		return "mistakes"
	case *puzzlesScene:
		return "puzzles"
	}
	return fmt.Sprintf("%T", s)
}

// fadeTicks is how long a switch of scenes takes, in 60ths of a second by
// the clock: a fifth of a second, the old scene fading out over the first
// half and the new one in over the second, so two screens' text is never
// seen one over the other.
const fadeTicks = 12

// GoTo switches to a scene.
func (m *sceneManager) GoTo(s Scene) {
	if m.log != nil {
		m.log("scene %s", sceneName(s))
	}
	if m.current != nil {
		m.prev = m.current
		m.fade = fadeTicks
	}
	m.current = s
	if m.woke != nil {
		m.woke()
	}
}

// Animating reports whether the cross-fade or the current scene moves.
func (m *sceneManager) Animating(a *App) bool {
	return m.fade > 0 || m.current.Animating(a)
}

// Damage is the part of the screen that moves this tick, when the current
// scene can tell it (a damager) and no cross-fade runs; else ok is false
// and the whole screen is drawn.
func (m *sceneManager) Damage(a *App) (r ui.Rect, ok bool) {
	if d, is := m.current.(damager); is && m.fade == 0 {
		return d.Damage(a)
	}
	return ui.Rect{}, false
}

// selfDrawn reports whether the current scene asks for every frame it
// needs (a selfDrawn scene) and no cross-fade runs.
func (m *sceneManager) selfDrawn() bool {
	s, ok := m.current.(selfDrawn)
	return ok && s.drawsOnlyWhenAsked() && m.fade == 0
}

// watchesPointer reports whether the current scene draws what a move of the
// pointer changes by itself, so that such a move alone does not draw the
// whole screen.
func (m *sceneManager) watchesPointer() bool { return m.selfDrawn() }

// settle is how many ticks the screen is drawn after each input:
// settleTicks, or selfSettleTicks for a selfDrawn scene.
func (m *sceneManager) settle() int {
	if m.selfDrawn() {
		return selfSettleTicks
	}
	return settleTicks
}

// continuous reports whether the picture moves at every tick (a glide, a
// fade), not only now and then (a spinner's step): in a browser the loop
// then runs every frame, else at its beat (pace.go).
func (m *sceneManager) continuous(a *App) bool {
	if m.fade > 0 {
		return true
	}
	if c, ok := m.current.(interface{ continuous(a *App) bool }); ok {
		return c.continuous(a)
	}
	return m.current.Animating(a)
}

func (m *sceneManager) Update(a *App) error {
	if m.fade > 0 {
		m.fade = max(0, m.fade-a.steps)
		if m.fade == 0 {
			m.prev = nil
		}
	}
	return m.current.Update(a)
}

// Draw draws the current scene, or, while a switch fades, one of the two
// scenes, dimmed towards the background: the old one going, then the new
// one coming.
func (m *sceneManager) Draw(a *App, screen *ebiten.Image) {
	if m.fade == 0 || m.prev == nil {
		m.current.Draw(a, screen)
		return
	}
	b := screen.Bounds()
	if m.layer == nil || m.layer.Bounds() != b {
		if m.layer != nil {
			m.layer.Deallocate()
		}
		m.layer = ui.NewScreenSized(b.Dx(), b.Dy())
	}
	s, al := fadeLook(m.fade)
	scene := m.prev
	if s == fadeIn {
		scene = m.current
	}
	m.layer.Clear()
	scene.Draw(a, m.layer)
	ui.FillRect(screen, ui.R(0, 0, a.W, a.H), a.Theme.Background)
	op := &ebiten.DrawImageOptions{}
	op.ColorScale.ScaleAlpha(float32(al))
	screen.DrawImage(m.layer, op)
}

// fadeSide says which scene a switch shows.
type fadeSide int

const (
	fadeOut fadeSide = iota // the old one, going
	fadeIn                  // the new one, coming
)

// fadeLook is what a switch with left ticks to go shows: the old scene
// over its first half, the new one over its second, each at this opacity
// over the background.
func fadeLook(left int) (fadeSide, float64) {
	p := 1 - float64(left)/fadeTicks // 0 at the start, 1 at the end
	if p < 0.5 {
		return fadeOut, 1 - ui.EaseOut(p*2)
	}
	return fadeIn, ui.EaseOut(p*2 - 1)
}

// useLanguage sets the language the game speaks: the run's (--language),
// else the player's choice in Options, else Auto (the system's).
func (a *App) useLanguage() {
	code := a.Settings.Language
	if a.opts.Language != "" {
		code = a.opts.Language
	}
	locale.Use(code)
}
