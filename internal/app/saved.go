package app

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// savedScene lists the saved games, newest first; choosing one opens it
// for review. A file that cannot be read is listed greyed out with the
// reason, never hidden.
type savedScene struct {
	games    []settings.SavedFile
	problem  string
	rows     []Rect // the visible rows, from first
	first    int    // the first row shown
	focus    int
	hover    int
	list     Rect
	back     *button
	backdrop boardPicture
}

func newSavedScene(a *App) *savedScene {
	ss := &savedScene{hover: -1}
	games, err := a.Store.Records()
	if err != nil {
		ss.problem = "The saved games cannot be listed: " + err.Error()
		a.debugf("saved games: %v", err)
	}
	ss.games = games
	ss.back = &button{Label: "Back", Primary: true, Tip: "Esc"}
	ss.backdrop = boardPicture{Pos: mustPos("classic:.,.,x2,./.,o3,.,./x4,.,o1x3,./.,.,.,o4:x")}
	return ss
}

const savedRowH = 66

func (ss *savedScene) layout(a *App) {
	u := a.U()
	w := math.Min(980*u, a.W-80*u)
	ss.list = Rect{a.W/2 - w/2, 130 * u, w, a.H - 130*u - 130*u}
	n := max(1, int((ss.list.H-24*u)/(savedRowH*u)))
	if ss.focus < ss.first {
		ss.first = ss.focus
	}
	if ss.focus >= ss.first+n {
		ss.first = ss.focus - n + 1
	}
	ss.first = max(0, min(ss.first, len(ss.games)-n))
	ss.rows = ss.rows[:0]
	for i := 0; i < n && ss.first+i < len(ss.games); i++ {
		ss.rows = append(ss.rows, Rect{ss.list.X + 12*u, ss.list.Y + 12*u + float64(i)*savedRowH*u, ss.list.W - 24*u, savedRowH*u - 6*u})
	}
	ss.back.Rect = Rect{a.W/2 - 130*u, a.H - 100*u, 260 * u, 56 * u}
}

// Update answers the list's keys (↑ ↓, Page Up/Down, the wheel, Enter) and
// clicks: Back or Esc returns to the menu, a row opens its game for review.
func (ss *savedScene) Update(a *App) error {
	ss.layout(a)
	in := &a.In
	if ss.back.update(a) || in.Key(ebiten.KeyEscape) {
		a.scenes.GoTo(newMenuScene(a))
		return nil
	}
	n := len(ss.games)
	if n == 0 {
		return nil
	}
	switch {
	case in.Key(ebiten.KeyDown):
		ss.focus = min(n-1, ss.focus+1)
		a.play(sound.MenuHover)
	case in.Key(ebiten.KeyUp):
		ss.focus = max(0, ss.focus-1)
		a.play(sound.MenuHover)
	case in.Key(ebiten.KeyPageDown):
		ss.focus = min(n-1, ss.focus+len(ss.rows))
	case in.Key(ebiten.KeyPageUp):
		ss.focus = max(0, ss.focus-len(ss.rows))
	case in.Wheel != 0:
		ss.first = max(0, min(n-len(ss.rows), ss.first-int(math.Copysign(1, in.Wheel))))
		ss.focus = max(ss.first, min(ss.focus, ss.first+len(ss.rows)-1))
	case in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter):
		ss.open(a, ss.focus)
		return nil
	}
	old := ss.hover
	ss.hover = -1
	for i, r := range ss.rows {
		if r.Contains(in.X, in.Y) {
			ss.hover = ss.first + i
			if in.PointerMoved {
				ss.focus = ss.hover
				if old != ss.hover && ss.games[ss.hover].Record != nil {
					a.play(sound.MenuHover)
				}
			}
			if in.Pressed {
				ss.open(a, ss.hover)
			}
		}
	}
	return nil
}

// open shows a saved game in review.
func (ss *savedScene) open(a *App, i int) {
	if i < 0 || i >= len(ss.games) {
		return
	}
	sg := ss.games[i]
	if sg.Record == nil {
		a.play(sound.Illegal)
		return
	}
	g, err := sg.Record.Game()
	if err != nil {
		a.play(sound.Illegal)
		ss.games[i].Err, ss.games[i].Record = err, nil
		return
	}
	a.play(sound.MenuClick)
	a.scenes.GoTo(newReviewScene(a, sg.Record, g, ss))
}

// newReviewScene is the game screen showing a record, stepped through with
// the arrows or the buttons; Back returns to the list.
func newReviewScene(a *App, rec *record.Record, g *rules.Game, back Scene) *gameScene {
	s := setup{Variant: rec.Variant, Mode: modeTwoPlayers}
	if rec.Players[rules.X].Name == colourNames[1] {
		s.First = 1
	}
	for _, pl := range []rules.Player{rules.X, rules.O} {
		c := s.colourOf(pl)
		s.Players[c] = playerChoice{Human: true}
		s.Names[c] = playerWords(rec.Players[pl], colourNames[c])
		if rec.Players[pl].Kind == record.Human && rec.Players[pl.Other()].Kind != record.Human {
			s.Names[c] = "You"
		}
	}
	gs := newGameScene(a, s, g)
	gs.review = 0
	gs.reviewBack = back
	gs.top = nil
	gs.reviewMenu.Buttons[2].Label = "Back"
	gs.reviewMenu.Buttons[2].Tip = "Back to the saved games (Esc)"
	if !g.Over() {
		if _, _, err := restore(rec); err == nil {
			gs.playOnGame = rec
			b := &button{Label: playOnLabel, Primary: true, Tip: "Play this game on from its last move (Enter)"}
			gs.reviewMenu.Buttons = append(gs.reviewMenu.Buttons[:2], b, gs.reviewMenu.Buttons[2])
		}
	}
	return gs
}

const playOnLabel = "Play on"

// playOn leaves the review of a saved unfinished game for the game itself,
// from its last move, with the same players (the computer at the same
// level). The game Continue would bring back is kept first.
func (gs *gameScene) playOn(a *App) {
	rec := *gs.playOnGame
	rec.Redo = nil
	s, g, err := restore(&rec)
	if err != nil {
		a.play(sound.Illegal)
		a.toast("This game cannot be played on: " + err.Error())
		return
	}
	humans := 0
	for _, p := range s.Players {
		if p.Human {
			humans++
		}
	}
	s.Mode = [3]int{modeAIvsAI, modeHumanVsAI, modeTwoPlayers}[humans]
	if !makeRoom(a, false) {
		return
	}
	a.play(sound.MenuClick)
	a.scenes.GoTo(newGameScene(a, s, g))
}

// playerWords names a recorded player: "Hard AI", "Online player", "Ann".
func playerWords(p record.Player, colour string) string {
	switch p.Kind {
	case record.AI:
		return levelName(p.Level) + " AI"
	case record.Network:
		return "Online player"
	}
	if p.Name != "" && p.Name != colour {
		return untrusted.Text(clipName(p.Name))
	}
	return colour
}

// maxNameRunes is the most of a recorded name shown: a record's tag may be
// megabytes long, and the name is drawn on every row of the list.
const maxNameRunes = 24

// clipName cuts a name from a record to maxNameRunes characters.
func clipName(s string) string {
	n := 0
	for i := range s {
		if n == maxNameRunes-1 && len(s[i:]) > 0 && utf8.RuneCountInString(s[i:]) > 1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// gameLine says who played whom in a saved game: "Orange vs Hard AI".
func gameLine(rec *record.Record) (players, result string) {
	first := 0
	if rec.Players[rules.X].Name == colourNames[1] {
		first = 1
	}
	x := playerWords(rec.Players[rules.X], colourNames[first])
	o := playerWords(rec.Players[rules.O], colourNames[1-first])
	// a person against the computer or over the network is the player
	// of this computer: "You"
	if k := [2]string{rec.Players[rules.X].Kind, rec.Players[rules.O].Kind}; k[0] != k[1] {
		if k[0] == record.Human {
			x = "You"
		}
		if k[1] == record.Human {
			o = "You"
		}
	}
	res := rec.Result
	switch res.Status {
	case rules.Win:
		w := x
		if res.Winner == rules.O {
			w = o
		}
		result = w + " won"
		if w == "You" {
			result = "You won"
		}
	case rules.Draw:
		result = "Draw"
		if res.Reason == rules.MoveLimit {
			result = "Draw (move limit)"
		}
	default:
		result = "Unfinished"
	}
	return x + " vs " + o, result
}

func variantWords(v rules.Variant) string {
	if v == rules.Gobblers {
		return "Gobblers 3×3"
	}
	return "Gobblet 4×4"
}

// Animating: this screen changes only when the player does something.
func (ss *savedScene) Animating(a *App) bool { return false }

// Draw shows the list: for each game its date and variant, players and
// number of moves, and its result; a file that could not be read shows its
// name and why; a scroll bar when the list is longer than the panel.
func (ss *savedScene) Draw(a *App, dst *ebiten.Image) {
	ss.layout(a)
	drawBackdrop(a, dst, &ss.backdrop)
	th := a.Theme
	u := a.U()
	drawText(dst, "Saved games", a.Face(Bold, sizeTitle), a.W/2, 72*u, Center, th.Text)
	panel(a, dst, ss.list)
	fb := a.Face(Medium, sizeBody)
	fs := a.Face(Regular, sizeSmall)
	if len(ss.games) == 0 {
		msg := "No saved games yet. Finished games are kept here, and Save game in the pause menu keeps one."
		if ss.problem != "" {
			msg = ss.problem
		}
		for i, ln := range wrap(msg, fb, ss.list.W-80*u) {
			drawText(dst, ln, fb, a.W/2, ss.list.Y+ss.list.H/2+float64(i)*28*u, Center, th.TextDim)
		}
	}
	for i, r := range ss.rows {
		k := ss.first + i
		g := ss.games[k]
		if k == ss.focus {
			tintRoundRect(dst, r, 10*u, withAlpha(th.Accent, 0.2))
			fillRect(dst, Rect{r.X, r.Y + 10*u, 4 * u, r.H - 20*u}, th.Accent)
		} else if k%2 == 1 {
			tintRoundRect(dst, r, 10*u, withAlpha(th.Text, 0.04))
		}
		cy := r.Y + r.H/2
		if g.Record == nil {
			dim := withAlpha(th.TextDim, 0.6)
			drawText(dst, untrusted.Text(g.Name), fb, r.X+24*u, cy-12*u, Left, dim) // a file name from outside
			why := "cannot be read"
			if g.Err != nil {
				why = "cannot be read: " + untrusted.Message(strings.TrimPrefix(g.Err.Error(), g.Path+": "))
			}
			for textWidth(why, fs) > r.W-48*u && len(why) > 10 {
				why = why[:len(why)-5] + "…"
			}
			drawText(dst, why, fs, r.X+24*u, cy+14*u, Left, dim)
			continue
		}
		rec := g.Record
		date := "Date unknown"
		if !rec.Date.IsZero() {
			date = rec.Date.Format("2 Jan 2006, 15:04")
		}
		drawText(dst, date, fb, r.X+24*u, cy-12*u, Left, th.Text)
		drawText(dst, variantWords(rec.Variant), fs, r.X+24*u, cy+14*u, Left, th.TextDim)
		players, result := gameLine(rec)
		drawText(dst, players, fb, r.X+r.W*0.34, cy-12*u, Left, th.Text)
		drawText(dst, fmt.Sprintf("%d moves", len(rec.Moves)), fs, r.X+r.W*0.34, cy+14*u, Left, th.TextDim)
		col := th.TextDim
		switch {
		case result == "You won":
			col = mix(th.Good, th.Text, 0.3) // readable on a focused row in every theme
		case rec.Result.Status == rules.Win:
			col = th.Text
		}
		drawText(dst, result, fb, r.X+r.W-24*u, cy, Right, col)
	}
	if len(ss.games) > len(ss.rows) && len(ss.rows) > 0 {
		// a thin scroll bar
		track := Rect{ss.list.X + ss.list.W - 8*u, ss.list.Y + 14*u, 3 * u, ss.list.H - 28*u}
		fillRect(dst, track, withAlpha(th.TextDim, 0.2))
		h := track.H * float64(len(ss.rows)) / float64(len(ss.games))
		y := track.Y + (track.H-h)*float64(ss.first)/float64(len(ss.games)-len(ss.rows))
		fillRect(dst, Rect{track.X, y, track.W, h}, th.Accent)
	}
	ss.back.draw(a, dst, false)
	drawText(dst, "↑ ↓ choose  ·  Enter or click opens the game for review", a.Face(Regular, sizeSmall), a.W/2, a.H-24*u, Center, th.TextDim)
}
