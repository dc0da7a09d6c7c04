package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

var algorithms = []string{"", "minimax", "alphabeta", "iterative"}

// setupScene is New game: the variant, the mode, who plays each colour, who
// moves first.
type setupScene struct {
	s        setup
	variant  ui.Choice
	mode     ui.Choice
	role     ui.Choice // online: host or join
	colour   ui.Choice // your colour (vs AI)
	first    ui.Choice // who moves first
	level    [2]ui.Choice
	algo     [2]ui.Choice
	form     ui.Form
	start    *ui.Button
	back     *ui.Button
	backdrop boardPicture
	// a small window's rows scroll in area (empty when they all show)
	area   ui.Rect
	scroll ui.Scroller
	// rating is the player's 4×4 rating, if they have one (record.Stats)
	rating *record.Rating
}

// lastSetup remembers the choices for the next visit within a run.
var lastSetup = defaultSetup()

// Online roles, the Online row's choices.
const (
	roleInvite = iota // Invite a friend: a room on the online server
	roleJoin          // Join a game: a link, an invitation code, or a room on this network
	roleLAN           // On this network: host a room others reach directly (desktop only)
)

// lastRole remembers, within a run, the Online row's choice (roleInvite…).
var lastRole int

// lastColour remembers, within a run, your colour against the AI and online.
var lastColour int

// newGameChoices are the New game screen's choices as the settings keep
// them across runs.
func newGameChoices() *settings.NewGame {
	ng := &settings.NewGame{Variant: lastSetup.Variant.String(), Mode: modeNames[lastSetup.Mode], Colour: lastColour, First: lastSetup.First, Join: lastRole == roleJoin}
	for c := 0; c < 2; c++ {
		ng.Levels[c], ng.Algorithms[c] = lastSetup.Players[c].Level, lastSetup.Players[c].Algorithm
	}
	return ng
}

// loadNewGameChoices takes the choices the settings kept (a check of the
// settings file has made sure they are short words; unknown ones fall back
// to the defaults).
func loadNewGameChoices(ng *settings.NewGame) {
	s := defaultSetup()
	if v, err := rules.ParseVariant(ng.Variant); err == nil {
		s.Variant = v
	}
	for m, name := range modeNames {
		if name == ng.Mode {
			s.Mode = m
		}
	}
	s.First = ng.First & 1
	for c := 0; c < 2; c++ {
		s.Players[c] = playerChoice{Level: ng.Levels[c], Algorithm: ng.Algorithms[c]}
	}
	switch s.Mode {
	case modeHumanVsAI, modeOnline:
		s.Players[ng.Colour&1].Human = true
	case modeTwoPlayers:
		s.Players[0].Human, s.Players[1].Human = true, true
	}
	if ng.Join {
		lastRole = roleJoin
	} else if lastRole == roleJoin {
		lastRole = roleInvite // the settings keep Join or not; within a run On this network stays
	}
	lastSetup, lastColour = s, ng.Colour&1
}

func newSetupScene(a *App) *setupScene {
	if a.Settings.NewGame != nil {
		loadNewGameChoices(a.Settings.NewGame)
	}
	sc := &setupScene{s: lastSetup}
	sc.variant = ui.Choice{Label: locale.T("MenuGame"), Options: []string{"Gobblet 4×4", "Gobblers 3×3"}}
	sc.mode = ui.Choice{Label: locale.T("MenuPlayers"), Options: []string{locale.T("MenuYouVsAI"), locale.T("MenuTwoPlayers"), locale.T("MenuAIvsAI"), locale.T("MenuOnline")}}
	sc.role = ui.Choice{Label: locale.T("MenuOnline"), Options: []string{locale.T("MenuInviteFriend"), locale.T("MenuJoinGame"), locale.T("MenuThisNetwork")}, Sel: lastRole}
	if inBrowser { // a page cannot listen for a player on this network
		sc.role.Off = []bool{false, false, true}
		if sc.role.Sel == roleLAN {
			sc.role.Sel = roleInvite
		}
	}
	sc.colour = ui.Choice{Label: locale.T("MenuYourColour"), Options: []string{colourName(0), colourName(1)}}
	sc.first = ui.Choice{Label: locale.T("MenuMovesFirst"), Options: []string{colourName(0), colourName(1)}}
	if sc.s.Variant == rules.Gobblers {
		sc.variant.Sel = 1
	}
	sc.mode.Sel = sc.s.Mode
	sc.colour.Sel = lastColour
	sc.first.Sel = sc.s.First
	for c := 0; c < 2; c++ {
		sc.algo[c] = ui.Choice{Label: algoLabel(c), Options: []string{locale.T("MenuAlgoDefault"), "Minimax", "Alpha-beta", locale.T("MenuAlgoIterative")}}
		for i, al := range algorithms {
			if al == sc.s.Players[c].Algorithm {
				sc.algo[c].Sel = i
			}
		}
	}
	sc.fillLevels()
	sc.start = &ui.Button{Label: locale.T("MenuStart"), Primary: true, Tip: "Enter"}
	sc.back = &ui.Button{Label: locale.T("Back"), Tip: "Esc"}
	sc.backdrop = boardPicture{Pos: mustPos("gobblers:x3,.,o1/.,x2o3,./o2,.,x1:x")}
	st := a.Store.Stats()
	if r, ok := st.RatingOf(rules.Classic); ok {
		sc.rating = &r
	}
	sc.rebuild()
	return sc
}

// suggestion is the line under the computer's level: the level that gives
// the player an even game by their rating (4×4 against the computer, once
// rated); "" otherwise.
func (sc *setupScene) suggestion() string {
	if sc.rating == nil || sc.mode.Sel != modeHumanVsAI || sc.variantValue() != rules.Classic {
		return ""
	}
	level, ok := record.SuggestLevel(rules.Classic, sc.rating.Rating)
	if !ok {
		return ""
	}
	return locale.F("MenuSuggested", "Level", levelName(level), "Rating", sc.rating.Current()) // a rating, written as English does (1700)
}

// suggestionH is the room the suggestion takes under the rows, in units.
const suggestionH = 26

func (sc *setupScene) variantValue() rules.Variant {
	if sc.variant.Sel == 1 {
		return rules.Gobblers
	}
	return rules.Classic
}

// fillLevels lists the variant's levels, keeping the chosen ones if offered.
func (sc *setupScene) fillLevels() {
	levels := ai.Levels(sc.variantValue())
	for c := 0; c < 2; c++ {
		sc.level[c].Label = levelLabel(c)
		sc.level[c].Options = sc.level[c].Options[:0]
		sc.level[c].Sel = min(1, len(levels)-1)
		for i, l := range levels {
			sc.level[c].Options = append(sc.level[c].Options, levelName(l))
			if l == sc.s.Players[c].Level {
				sc.level[c].Sel = i
			}
		}
	}
}

// rebuild shows the rows the mode needs. Players comes first and, online,
// the role second: the rows a click can add or remove all follow them, so
// the row just clicked never moves from under the pointer.
func (sc *setupScene) rebuild() {
	rows := []*ui.Choice{&sc.mode}
	sc.colour.Options = []string{colourName(0), colourName(1)}
	sc.start.Label = locale.T("MenuStart")
	sc.start.Disabled = false
	switch {
	case sc.mode.Sel == modeOnline:
		// online, orange always moves first (rematches swap the colours)
		sc.colour.Options = []string{locale.T("MenuOrangeMovesFirst"), locale.T("MenuBlueMovesSecond")}
		rows = append(rows, &sc.role)
		if sc.role.Sel != roleJoin {
			rows = append(rows, &sc.variant, &sc.colour)
			sc.start.Label = locale.T("MenuHost")
			if sc.role.Sel == roleInvite {
				sc.start.Label = locale.T("MenuInvite")
			}
		} else {
			// the host chooses the game; the joiner plays it
			sc.start.Label = locale.T("MenuJoin")
		}
	case sc.mode.Sel == modeHumanVsAI:
		// the search algorithm is for comparing the computers in AI vs AI:
		// against a person the level says all
		comp := 1 - sc.colour.Sel
		sc.level[comp].Label = locale.T("MenuComputerLevel")
		rows = append(rows, &sc.variant, &sc.colour, &sc.first, &sc.level[comp])
	case sc.mode.Sel == modeTwoPlayers:
		rows = append(rows, &sc.variant, &sc.first)
	case sc.mode.Sel == modeAIvsAI:
		for c := 0; c < 2; c++ {
			sc.level[c].Label = levelLabel(c)
			sc.algo[c].Label = algoLabel(c)
		}
		rows = append(rows, &sc.variant, &sc.level[0], &sc.algo[0], &sc.level[1], &sc.algo[1], &sc.first)
	}
	sc.form.Rows = rows
}

// collect reads the rows into a setup.
func (sc *setupScene) collect() setup {
	s := setup{Variant: sc.variantValue(), Mode: sc.mode.Sel, First: sc.first.Sel}
	levels := ai.Levels(s.Variant)
	for c := 0; c < 2; c++ {
		s.Players[c] = playerChoice{Level: levels[min(sc.level[c].Sel, len(levels)-1)], Algorithm: algorithms[sc.algo[c].Sel]}
	}
	switch s.Mode {
	case modeHumanVsAI, modeOnline:
		s.Players[sc.colour.Sel].Human = true
	case modeTwoPlayers:
		s.Players[0].Human, s.Players[1].Human = true, true
	}
	return s
}

// played is the setup a game starts with: the algorithms chosen for AI vs
// AI (kept for the next visit) play only there.
func (s setup) played() setup {
	if s.Mode != modeAIvsAI {
		for c := range s.Players {
			s.Players[c].Algorithm = ""
		}
	}
	return s
}

// remember keeps every choice for the next visit, shown or not: the lobby's
// Cancel and the menu come back to New game as the player left it.
func (sc *setupScene) remember(a *App) {
	lastSetup = sc.collect()
	lastRole = sc.role.Sel
	lastColour = sc.colour.Sel
	a.Settings.NewGame = newGameChoices() // and for the next run (Join, or else Invite)
	a.saveSettings()
}

func (sc *setupScene) layout(a *App) {
	u := a.U()
	w := 820 * u
	x := a.W/2 - w/2
	y := 150 * u
	rowH, gap := 50*u, 14*u
	by := a.H - 110*u
	bw, bh := 230*u, 58*u
	sc.area = ui.Rect{}
	heights := make([]float64, len(sc.form.Rows))
	for i := range heights {
		heights[i] = rowH
	}
	if a.compact() {
		// a phone: the rows scroll between the title and the buttons
		w = math.Min(820*u, a.W-40*u)
		x = a.W/2 - w/2
		y = 96 * u
		by, bh = a.H-66*u, 54*u
		bw = math.Min(230*u, (a.W-40*u)/2)
		rowH, gap = 48*u, 8*u
		if ui.StackRows(a, w) {
			rowH, gap = (ui.StackedLabelH+46)*u, 10*u
		}
		area := ui.R(0, y-20*u, a.W, by-12*u-(y-20*u))
		h := 20 * u
		for i, r := range sc.form.Rows {
			// a row may take two lines where the rows scroll
			heights[i] = r.RowHeight(a, w, rowH)
			h += heights[i] + gap
		}
		if sc.suggestion() != "" {
			h += suggestionH * u
		}
		if h > area.H {
			sc.area = area
			sc.scroll.Max = h - area.H
			y -= sc.scroll.Y
		} else {
			sc.scroll.Y = 0
		}
	}
	for i, r := range sc.form.Rows {
		r.Layout(a, ui.R(x, y, w, heights[i]))
		y += heights[i] + gap
	}
	sc.back.Rect = ui.R(a.W/2-bw-20*u, by, bw, bh)
	sc.start.Rect = ui.R(a.W/2+20*u, by, bw, bh)
	if !sc.area.Empty() || a.compact() {
		sc.back.Rect.X, sc.start.Rect.X = a.W/2-bw-8*u, a.W/2+8*u
	}
}

func (sc *setupScene) Update(a *App) error {
	sc.layout(a)
	sc.form.Scroll = nil
	if !sc.area.Empty() {
		sc.form.Scroll = &sc.scroll
		last := sc.form.Rows[len(sc.form.Rows)-1].Rect
		first := sc.form.Rows[0].Rect
		focus := sc.form.Focus
		sc.scroll.Update(a, sc.area, last.Y+last.H-first.Y+20*a.U())
		if a.In.Key(ebiten.KeyUp) || a.In.Key(ebiten.KeyDown) {
			defer func() {
				if sc.form.Focus != focus {
					r := sc.form.Rows[sc.form.Focus].Rect
					r.Y += sc.scroll.Y
					sc.scroll.Show(sc.area, r)
				}
			}()
		}
		sc.layout(a)
	}
	oldV, oldMode, oldColour, oldRole := sc.variant.Sel, sc.mode.Sel, sc.colour.Sel, sc.role.Sel
	if sc.form.Update(a) {
		if sc.variant.Sel != oldV {
			sc.s = sc.collect()
			sc.fillLevels()
		}
		if sc.variant.Sel != oldV || sc.mode.Sel != oldMode || sc.colour.Sel != oldColour || sc.role.Sel != oldRole {
			sc.rebuild()
			sc.layout(a)
		}
	}
	switch {
	case !sc.start.Disabled && (sc.start.Update(a) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter)):
		sc.remember(a)
		if !makeRoom(a, false) {
			return nil
		}
		if lastSetup.Mode == modeOnline {
			colour := rules.X
			if sc.colour.Sel == 1 {
				colour = rules.O
			}
			switch sc.role.Sel {
			case roleJoin:
				a.scenes.GoTo(newJoinScene(a, nil))
			case roleInvite:
				a.scenes.GoTo(newInviteScene(a, lastSetup.Variant, colour))
			default:
				a.scenes.GoTo(newHostScene(a, lastSetup.Variant, colour, ""))
			}
			return nil
		}
		a.scenes.GoTo(newGameScene(a, lastSetup.played(), nil))
	case sc.back.Update(a) || a.In.Key(ebiten.KeyEscape):
		sc.remember(a)
		a.scenes.GoTo(newMenuScene(a))
	}
	return nil
}

// Animating: this screen changes only when the player does something.
func (sc *setupScene) Animating(a *App) bool { return false }

func (sc *setupScene) Draw(a *App, dst *ebiten.Image) {
	if !warmUp(a.Theme) {
		boardLayer(a, sc.variantValue()) // paint the board before it is needed
	}
	sc.layout(a)
	drawBackdrop(a, dst, &sc.backdrop)
	th := a.Theme
	u := a.U()
	ty := 80 * u
	if a.compact() {
		ty = 36 * u
	}
	ui.DrawText(dst, locale.T("MenuNewGame"), a.Face(ui.Bold, ui.SizeTitle), a.W/2, ty, ui.Center, th.Text)
	n := len(sc.form.Rows)
	last := sc.form.Rows[n-1].Rect
	card := ui.R(sc.form.Rows[0].Rect.X-36*u, sc.form.Rows[0].Rect.Y-26*u, sc.form.Rows[0].Rect.W+72*u, last.Y+last.H-sc.form.Rows[0].Rect.Y+52*u)
	hint := sc.suggestion()
	if hint != "" {
		card.H += suggestionH * u
	}
	form := dst
	if !sc.area.Empty() { // the rows scroll in their area
		form = clipTo(dst, sc.area)
	}
	ui.Panel(a, form, card)
	sc.form.Draw(a, form)
	if hint != "" {
		fs := a.Face(ui.Regular, ui.SizeSmall)
		ui.DrawText(form, ui.FitText(hint, fs, last.W), fs, last.X+last.W, last.Y+last.H+suggestionH*u*0.75, ui.Right, th.TextDim)
	}
	if sc.start.Disabled { // only Online in a browser disables it
		fc := a.Face(ui.Regular, ui.SizeBody)
		lh := ui.LineHeight(fc) * 1.3
		for i, ln := range ui.Wrap(onlineInBrowser(), fc, card.W-48*u) {
			ui.DrawText(dst, ln, fc, a.W/2, card.Y+card.H+30*u+float64(i)*lh, ui.Center, th.Text)
		}
	}
	sc.back.Draw(a, dst, false)
	sc.start.Draw(a, dst, false)
	if a.keysShown() && !a.compact() {
		ui.DrawText(dst, sc.keysHint(), a.Face(ui.Regular, ui.SizeSmall), a.W/2, a.H-28*u, ui.Center, th.TextDim)
	}
}

// keysHint is the footer that names the keys: Enter starts only when there
// is a Start.
func (sc *setupScene) keysHint() string {
	if sc.start.Disabled {
		return locale.T("MenuSetupKeysBack")
	}
	return locale.T("MenuSetupKeysStart")
}

// levelLabel is a colour's level row's label ("Orange level").
func levelLabel(c int) string {
	if c == 0 {
		return locale.T("MenuOrangeLevel")
	}
	return locale.T("MenuBlueLevel")
}

// algoLabel is a colour's algorithm row's label ("Orange algorithm").
func algoLabel(c int) string {
	if c == 0 {
		return locale.T("MenuOrangeAlgorithm")
	}
	return locale.T("MenuBlueAlgorithm")
}
