package app

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// savedScene lists the saved games, newest first, filtered (the player's
// own games, the computer's demos, or all); choosing one opens it for
// review. The focused game can be deleted (and the deletion undone),
// renamed, its record copied, and exported to a file (export.go). A file that cannot be read is listed greyed out with the
// reason, never hidden.
type savedScene struct {
	all         []settings.SavedFile // every saved game
	games       []settings.SavedFile // those the filter shows
	problem     string
	filter      ui.Choice
	rows        []ui.Rect // the visible rows, from first
	first       int       // the first row shown
	focus       int
	hover       int
	list        ui.Rect
	back        *ui.Button
	del         *ui.Button // Delete, or Undo right after a deletion
	rename      *ui.Button
	naming      *string // the name being typed for the focused game; nil when not renaming
	copyRec     *ui.Button
	export      *ui.Button
	copyPath    *ui.Button // copies where the last export went, shown beside the note that says it
	exported    string     // the path of the last export (desktop)
	exportNote  string     // the note that said it: Copy path shows while it shows
	pathClip    clipboard  // the path's copy, apart from the record's
	copyingPath bool
	deleted     *record.Record // the game deleted last, until undone or another action
	note        string         // what the last action did, under the list (a toast would cover the filter)
	backdrop    boardPicture
}

// The filter's choices.
const (
	showMine = iota
	showDemos
	showAll
)

func newSavedScene(a *App) *savedScene {
	ss := &savedScene{hover: -1}
	ss.back = &ui.Button{Primary: true, Tip: "Esc"}
	ss.del = &ui.Button{}
	ss.rename = &ui.Button{}
	ss.copyRec = &ui.Button{}
	ss.export = &ui.Button{}
	ss.copyPath = &ui.Button{}
	ss.label()
	ss.backdrop = boardPicture{Pos: mustPos("classic:.,.,x2,./.,o3,.,./x4,.,o1x3,./.,.,.,o4:x")}
	ss.reload(a)
	return ss
}

// label names the filter and the buttons in the player's language (again
// at each layout: the language may change).
func (ss *savedScene) label() {
	ss.filter.Label = locale.T("SavedShow")
	ss.filter.Options = []string{locale.T("SavedMine"), locale.T("SavedDemos"), locale.T("SavedAll")}
	ss.back.Label = locale.T("Back")
	ss.del.Label, ss.del.Tip = locale.T("SavedDelete"), locale.T("SavedDeleteTip")
	if ss.deleted != nil {
		ss.del.Label, ss.del.Tip = locale.T("SavedUndoDelete"), locale.T("SavedUndoDeleteTip")
	}
	ss.rename.Label, ss.rename.Tip = locale.T("SavedRename"), locale.T("SavedRenameTip")
	if ss.naming != nil {
		ss.rename.Label = locale.T("SavedKeepName")
	}
	ss.copyRec.Label, ss.copyRec.Tip = locale.T("SavedCopyRecord"), locale.T("SavedCopyRecordTip")
	ss.export.Label, ss.export.Tip = locale.T("SavedExport"), locale.T("SavedExportTip")
	if inBrowser {
		ss.export.Tip = locale.T("SavedDownloadTip")
	}
	ss.copyPath.Label, ss.copyPath.Tip = locale.T("SavedCopyPath"), locale.T("SavedCopyPathTip")
}

// reload reads the list again and applies the filter.
func (ss *savedScene) reload(a *App) {
	games, err := a.Store.Records()
	ss.problem = ""
	if err != nil {
		ss.problem = locale.F("SavedListFailed", "Error", err.Error())
		a.debugf("saved games: %v", err)
	}
	ss.all = games
	ss.applyFilter()
}

// isDemo reports whether a game was played by the computer on both sides;
// an unreadable file (nil) is nobody's demo.
func isDemo(rec *record.Record) bool {
	return rec != nil && rec.Players[rules.X].Kind == record.AI && rec.Players[rules.O].Kind == record.AI
}

// applyFilter keeps the games the filter shows.
func (ss *savedScene) applyFilter() {
	ss.games = ss.games[:0:0]
	for _, g := range ss.all {
		if ss.filter.Sel == showAll || isDemo(g.Record) == (ss.filter.Sel == showDemos) {
			ss.games = append(ss.games, g)
		}
	}
	ss.focus = max(0, min(ss.focus, len(ss.games)-1))
}

// counts are how many games the mine and demos filters hold.
func (ss *savedScene) counts() (mine, demos int) {
	for _, g := range ss.all {
		if isDemo(g.Record) {
			demos++
		} else {
			mine++
		}
	}
	return mine, demos
}

const savedRowH = 66

func (ss *savedScene) layout(a *App) {
	ss.label()
	u := a.U()
	w := math.Min(980*u, a.W-80*u)
	ss.filter.Layout(a, ui.R(a.W/2-w/2+12*u, 110*u, w-24*u, 44*u))
	ss.list = ui.R(a.W/2-w/2, 166*u, w, a.H-166*u-140*u)
	small := a.compact()
	if small {
		// a phone: the filter and the list as wide as the window, the
		// buttons two to a row under them
		w = a.W - 20*u
		fh := 44 * u
		if ui.StackRows(a, w-24*u) {
			fh = (ui.StackedLabelH + 44) * u
		}
		ss.filter.Layout(a, ui.R(a.W/2-w/2+12*u, 56*u, w-24*u, fh))
		top := 56*u + fh + 10*u
		ss.list = ui.R(a.W/2-w/2, top, w, a.H-top-float64((len(ss.buttons())+1)/2)*(50+8)*u-28*u)
		if ss.showsCopyPath() { // Copy path under the note
			ss.list.H -= 50 * u
		}
	}
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
		ss.rows = append(ss.rows, ui.R(ss.list.X+12*u, ss.list.Y+12*u+float64(i)*savedRowH*u, ss.list.W-24*u, savedRowH*u-6*u))
	}
	row := ss.buttons()
	nb, gap := float64(len(row)), 20*u
	bw := math.Min(220*u, (w-(nb-1)*gap)/nb)
	y := a.H - 96*u
	for i, b := range row {
		b.Rect = ui.R(a.W/2-(nb*bw+(nb-1)*gap)/2+float64(i)*(bw+gap), y, bw, 54*u)
		if small { // two to a row
			bw, gap := (w-8*u)/2, 8*u
			r, rows := float64(i/2), float64((len(row)+1)/2)
			x := a.W/2 - bw - gap/2 + float64(i%2)*(bw+gap)
			if i == len(row)-1 && i%2 == 0 { // the last one alone: centred
				x = a.W/2 - bw/2
			}
			b.Rect = ui.R(x, a.H-rows*(50+8)*u+r*(50+8)*u, bw, 50*u)
		}
	}
	ss.layoutCopyPath(a)
	focused := ss.focused()
	ss.del.Disabled = ss.deleted == nil && (focused == nil || !a.canRemoveRecords())
	ss.copyRec.Disabled = focused == nil || focused.Record == nil
	ss.export.Disabled = ss.copyRec.Disabled
	ss.rename.Disabled = ss.copyRec.Disabled || !a.canRemoveRecords()
}

// buttons are the buttons under the list, left to right.
func (ss *savedScene) buttons() []*ui.Button {
	return []*ui.Button{ss.del, ss.rename, ss.copyRec, ss.export, ss.back}
}

// showsCopyPath reports whether the note says where the last export went,
// with Copy path beside it.
func (ss *savedScene) showsCopyPath() bool {
	return ss.exported != "" && ss.note == ss.exportNote
}

// layoutCopyPath puts Copy path at the end of the note's line, the two
// centred together.
func (ss *savedScene) layoutCopyPath(a *App) {
	u := a.U()
	if !ss.showsCopyPath() {
		ss.copyPath.Rect = ui.Rect{}
		return
	}
	small := a.Face(ui.Regular, ui.SizeSmall)
	h := 30.0        // the label's size follows the height (button.paint)
	if a.compact() { // a phone: a finger's height, under the note
		h = 44
		bw := ui.TextWidth(ss.copyPath.Label, a.Face(ui.Medium, h*0.42)) + 28*u
		ss.copyPath.Rect = ui.R(a.W/2-bw/2, ss.list.Y+ss.list.H+30*u, bw, h*u)
		return
	}
	bw, gap := ui.TextWidth(ss.copyPath.Label, a.Face(ui.Medium, h*0.42))+28*u, 14*u
	tw := math.Min(ui.TextWidth(ss.note, small), ss.list.W-bw-gap)
	x := a.W/2 - (tw+gap+bw)/2 + tw + gap
	ss.copyPath.Rect = ui.R(x, ss.list.Y+ss.list.H+4*u, bw, h*u)
}

// focused is the focused game, or nil when the list shows none.
func (ss *savedScene) focused() *settings.SavedFile {
	if ss.focus < 0 || ss.focus >= len(ss.games) {
		return nil
	}
	return &ss.games[ss.focus]
}

// Update answers the list's keys (↑ ↓, Page Up/Down, the wheel, Enter, ←
// → or Tab for the filter, Del, Ctrl+Z, Ctrl+C) and clicks: Back or Esc
// returns to the menu, a row opens its game for review.
func (ss *savedScene) Update(a *App) error {
	ss.layout(a)
	in := &a.In
	ss.pollPath(a)
	if ss.naming != nil {
		ss.updateNaming(a)
		return nil
	}
	if ss.back.Update(a) || in.Key(ebiten.KeyEscape) {
		a.scenes.GoTo(newMenuScene(a))
		return nil
	}
	if ss.rename.Update(a) || in.Key(ebiten.KeyF2) {
		if g := ss.focused(); g != nil && !ss.rename.Disabled {
			name := recordTitle(g.Record)
			ss.naming = &name
			ss.note = locale.T("SavedNaming")
		}
		return nil
	}
	if ss.filter.Update(a) {
		ss.focus, ss.first = 0, 0
		ss.applyFilter()
		return nil
	}
	switch {
	case in.Key(ebiten.KeyLeft) || in.Key(ebiten.KeyTab) && in.Shift:
		ss.stepFilter(a, -1)
		return nil
	case in.Key(ebiten.KeyRight) || in.Key(ebiten.KeyTab):
		ss.stepFilter(a, 1)
		return nil
	case ss.del.Update(a) || in.Key(ebiten.KeyDelete) || in.Ctrl && in.Key(ebiten.KeyZ):
		if ss.deleted != nil && (!in.Key(ebiten.KeyDelete) || in.Ctrl) {
			ss.undoDelete(a)
		} else if !in.Ctrl {
			ss.deleteFocused(a)
		}
		return nil
	case ss.showsCopyPath() && (ss.copyPath.Update(a) || in.Ctrl && in.Shift && in.Key(ebiten.KeyC)):
		ss.copyExportPath(a)
		return nil
	case ss.copyRec.Update(a) || in.Ctrl && !in.Shift && in.Key(ebiten.KeyC):
		ss.copyFocused(a)
		return nil
	case ss.export.Update(a) || in.Ctrl && in.Key(ebiten.KeyE):
		ss.exportFocused(a)
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

// stepFilter shows the next or the previous filter's games.
func (ss *savedScene) stepFilter(a *App, d int) {
	if ss.filter.Step(a, d) {
		ss.focus, ss.first = 0, 0
		ss.applyFilter()
	}
}

// maxTitleRunes is the longest name a player gives a saved game.
const maxTitleRunes = 40

// titleTag is the record's tag that holds the name a player gave it.
const titleTag = "Title"

// recordTitle is the name a player gave a saved game, "" when none.
func recordTitle(rec *record.Record) string {
	if rec == nil {
		return ""
	}
	for _, t := range rec.Tags {
		if t.Name == titleTag {
			return t.Value
		}
	}
	return ""
}

// updateNaming takes the typed name of the focused game: characters,
// Backspace, Enter (or Keep name) keeps it, Esc leaves the old one.
func (ss *savedScene) updateNaming(a *App) {
	in := &a.In
	name := ss.naming
	switch {
	case in.Key(ebiten.KeyEscape) || ss.back.Update(a):
		ss.naming, ss.note = nil, ""
		return
	case in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter) || ss.rename.Update(a):
		ss.renameFocused(a, strings.TrimSpace(*name))
		return
	case in.Key(ebiten.KeyBackspace) && *name != "":
		_, n := utf8.DecodeLastRuneInString(*name)
		*name = (*name)[:len(*name)-n]
	}
	if in.Ctrl {
		return
	}
	for _, r := range in.Chars {
		if unicode.IsPrint(r) && utf8.RuneCountInString(*name) < maxTitleRunes {
			*name += string(r)
		}
	}
}

// renameFocused keeps the focused game under a new name (none: "") and
// deletes its old copy.
func (ss *savedScene) renameFocused(a *App, title string) {
	g := ss.focused()
	rm, ok := a.Store.(recordRemover)
	ss.naming = nil
	if g == nil || g.Record == nil || !ok {
		return
	}
	rec := *g.Record
	rec.Tags = nil
	for _, t := range g.Record.Tags {
		if t.Name != titleTag {
			rec.Tags = append(rec.Tags, t)
		}
	}
	if title != "" {
		rec.Tags = append(rec.Tags, record.Tag{Name: titleTag, Value: title})
	}
	if _, err := a.Store.SaveRecord(&rec); err != nil {
		a.debugf("rename: %v", err)
		a.play(sound.Illegal)
		ss.note = locale.F("SavedRenameFailed", "Error", plain(err).Error())
		return
	}
	if err := rm.RemoveRecord(g.Path); err != nil {
		a.debugf("rename: %v", err)
	}
	a.play(sound.MenuClick)
	ss.note = locale.T("SavedRenamed")
	ss.reload(a)
	for i, h := range ss.games {
		if h.Record != nil && recordTitle(h.Record) == title && h.Record.Date.Equal(rec.Date) {
			ss.focus = i
		}
	}
}

// recordRemover is a store that can delete a saved game.
type recordRemover interface {
	RemoveRecord(path string) error
}

// canRemoveRecords reports whether the store can delete saved games.
func (a *App) canRemoveRecords() bool {
	_, ok := a.Store.(recordRemover)
	return ok
}

// deleteFocused deletes the focused game; Undo brings it back until the
// next deletion or the list is left. An unreadable file is deleted for
// good (there is nothing to bring back), so it asks for Del twice.
func (ss *savedScene) deleteFocused(a *App) {
	g := ss.focused()
	rm, ok := a.Store.(recordRemover)
	if g == nil || !ok {
		return
	}
	if err := rm.RemoveRecord(g.Path); err != nil {
		a.debugf("delete game: %v", err)
		a.play(sound.Illegal)
		ss.note = locale.F("SavedDeleteFailed", "Error", plain(err).Error())
		return
	}
	a.play(sound.MenuClick)
	ss.deleted = g.Record
	if g.Record != nil {
		ss.note = locale.T("SavedDeleted")
	} else {
		ss.note = locale.T("SavedDeletedUnreadable")
	}
	ss.reload(a)
}

// undoDelete keeps the game deleted last again.
func (ss *savedScene) undoDelete(a *App) {
	rec := ss.deleted
	ss.deleted = nil
	if rec == nil {
		return
	}
	if _, err := a.Store.SaveRecord(rec); err != nil {
		a.debugf("undo delete: %v", err)
		a.play(sound.Illegal)
		ss.note = locale.F("SavedUndoFailed", "Error", plain(err).Error())
		return
	}
	a.play(sound.MenuClick)
	ss.note = locale.T("SavedUndone")
	ss.reload(a)
}

// copyFocused puts the focused game's record on the clipboard.
func (ss *savedScene) copyFocused(a *App) {
	g := ss.focused()
	if g == nil || g.Record == nil {
		return
	}
	ss.note = locale.T("SavedCopying")
	a.copyRecord(g.Record, func(words string) { ss.note = words })
}

// exportFocused writes the focused game to a file (a download in a
// browser) and says where; a failure says why, and the game stays in Saved
// games.
func (ss *savedScene) exportFocused(a *App) {
	g := ss.focused()
	if g == nil || g.Record == nil {
		return
	}
	where, err := exportRecord(g.Record)
	if err != nil {
		a.debugf("export: %v", err)
		a.play(sound.Illegal)
		ss.note = exportFailedWords(err)
		return
	}
	a.debugf("exported %s", where)
	a.play(sound.MenuClick)
	if inBrowser {
		ss.note = locale.F("SavedDownloaded", "File", untrusted.Text(where))
		return
	}
	ss.exported = where
	ss.note = locale.F("SavedExported", "Path", settings.ShortPath(where))
	ss.exportNote = ss.note
}

// exportFailedWords says why an export failed, and what is left to do.
func exportFailedWords(err error) string {
	if inBrowser {
		return locale.T("SavedDownloadRefused")
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path != "" {
		return locale.F("SavedExportFailedAt", "Reason", reasonWords(err), "Path", settings.ShortPath(pe.Path))
	}
	return locale.F("SavedExportFailed", "Reason", reasonWords(err))
}

// copyExportPath puts the path of the last exported file on the clipboard.
func (ss *savedScene) copyExportPath(a *App) {
	a.play(sound.MenuClick)
	ss.pathClip.copy(ss.exported)
	ss.copyingPath = true
}

// pollPath says how the copy of an exported file's path went, once the
// clipboard answered.
func (ss *savedScene) pollPath(a *App) {
	if !ss.copyingPath {
		return
	}
	select {
	case ok := <-ss.pathClip.copied:
		ss.copyingPath = false
		if ok {
			ss.note = locale.F("SavedPathCopied", "Path", settings.ShortPath(ss.exported))
		} else {
			ss.note = locale.F("SavedPathNoClipboard", "Path", settings.ShortPath(ss.exported))
		}
		a.redraw()
	default:
	}
}

// copyRecord puts a game's record (the text of its .gobblet file) on the
// clipboard; say (nil: a toast) says once it is there, or that there is no
// clipboard.
func (a *App) copyRecord(rec *record.Record, say func(string)) {
	data, err := record.Marshal(rec)
	if err != nil {
		a.debugf("copy record: %v", err)
		a.play(sound.Illegal)
		return
	}
	a.play(sound.MenuClick)
	a.clip.copy(string(data))
	a.copying = true
	a.copySay = say
	if say == nil {
		a.copySay = a.toast
	}
}

// pollCopy says how a copy of a record went, once the clipboard answered
// (the lobby reads its room code's answer itself).
func (a *App) pollCopy() {
	if !a.copying {
		return
	}
	select {
	case ok := <-a.clip.copied:
		a.copying = false
		if ok {
			a.copySay(locale.T("SavedRecordCopied"))
		} else if inBrowser {
			a.copySay(locale.T("SavedPageNoClipboard"))
		} else {
			a.copySay(locale.T("SavedNoClipboard"))
		}
		a.redraw()
	default:
	}
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
	rs := newReviewScene(a, sg.Record, g, ss)
	rs.an.path = sg.Path // where the analysis is kept once done
	a.scenes.GoTo(rs)
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
			s.Names[c] = locale.T("SavedYou")
		}
	}
	gs := newGameScene(a, s, g)
	// the people's moves are those Learn from your mistakes asks about; an
	// analysis kept in the file shows at once
	for _, pl := range []rules.Player{rules.X, rules.O} {
		gs.an.humans[s.colourOf(pl)] = rec.Players[pl].Kind == record.Human
	}
	gs.an.rec = rec
	if an, ok := analysisOf(rec); ok && gs.matches(an) {
		gs.an.game = an
	}
	if res := rec.Result; res.Reason == rules.Resignation { // no position shows it
		gs.resigned, gs.over, gs.ending.ticks, gs.ending.recorded = &res, true, 1000, true
	}
	gs.review = 0 // a finished game from its start, to be played through
	if !g.Over() {
		gs.review = g.Plies() // an unfinished one where it was left, to be played on
	}
	gs.reviewBack = back
	gs.top = nil
	gs.reviewMenu.Buttons[2].Label = locale.T("Back")
	gs.reviewMenu.Buttons[2].Tip = locale.T("SavedReviewBackTip")
	if !gs.over {
		if _, _, err := restore(rec); err == nil {
			gs.playOnGame = rec
			b := &ui.Button{Label: playOnLabel(), Primary: true, Tip: locale.T("SavedPlayOnTip")}
			gs.reviewMenu.Buttons = append(gs.reviewMenu.Buttons[:2], b, gs.reviewMenu.Buttons[2])
		}
	}
	return gs
}

// playOnLabel names the review's button that plays a saved unfinished
// game on (the review finds it by its name).
func playOnLabel() string { return locale.T("SavedPlayOn") }

// playOn leaves the review of a saved unfinished game for the game itself,
// from its last move, with the same players (the computer at the same
// level). The game Continue would bring back is kept first.
func (gs *gameScene) playOn(a *App) {
	rec := *gs.playOnGame
	rec.Redo = nil
	s, g, err := restore(&rec)
	if err != nil {
		a.play(sound.Illegal)
		a.toast(locale.F("SavedCannotPlayOn", "Error", err.Error()))
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
		return locale.F("SavedLevelAI", "Level", levelName(p.Level))
	case record.Network:
		return locale.T("SavedOnline")
	}
	if p.Name != "" && p.Name != colour {
		return untrusted.Text(clipName(p.Name))
	}
	// a side named by its name in records (colourNames), in the
	// player's language
	for c, n := range colourNames {
		if colour == n {
			return colourName(c)
		}
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
	players, result, _ = gameWords(rec)
	return players, result
}

// gameWords are gameLine's, and whether the player of this computer won.
func gameWords(rec *record.Record) (players, result string, youWon bool) {
	first := 0
	if rec.Players[rules.X].Name == colourNames[1] {
		first = 1
	}
	x := playerWords(rec.Players[rules.X], colourNames[first])
	o := playerWords(rec.Players[rules.O], colourNames[1-first])
	// a person against the computer or over the network is the player
	// of this computer: "You"
	var you [2]bool
	if k := [2]string{rec.Players[rules.X].Kind, rec.Players[rules.O].Kind}; k[0] != k[1] {
		if k[0] == record.Human {
			x, you[0] = locale.T("SavedYou"), true
		}
		if k[1] == record.Human {
			o, you[1] = locale.T("SavedYou"), true
		}
	}
	res := rec.Result
	switch res.Status {
	case rules.Win:
		w, wi := x, 0
		if res.Winner == rules.O {
			w, wi = o, 1
		}
		result = locale.F("SavedWon", "Name", w)
		if you[wi] {
			result, youWon = locale.T("SavedYouWon"), true
		}
	case rules.Draw:
		result = locale.T("SavedDraw")
		if res.Reason == rules.MoveLimit {
			result = locale.T("SavedDrawMoveLimit")
		}
	default:
		result = locale.T("SavedUnfinished")
	}
	return locale.F("SavedVersus", "X", x, "O", o), result, youWon
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
	small := a.compact()
	ty := 64 * u
	if small {
		ty = 28 * u
	}
	title, ft := locale.T("SavedTitle"), a.Face(ui.Bold, ui.SizeTitle)
	if ui.TextWidth(title, ft) > a.W-24*u { // a long title in a narrow window
		ft = a.Face(ui.Bold, ui.SizeHeading)
	}
	ui.DrawText(dst, ui.FitText(title, ft, a.W-24*u), ft, a.W/2, ty, ui.Center, th.Text)
	ss.filter.Draw(a, dst, true)
	ui.Panel(a, dst, ss.list)
	fb := a.Face(ui.Medium, ui.SizeBody)
	fs := a.Face(ui.Regular, ui.SizeSmall)
	if len(ss.games) == 0 {
		msg := ss.emptyWords()
		if ss.problem != "" {
			msg = ss.problem
		}
		for i, ln := range ui.Wrap(msg, fb, ss.list.W-80*u) {
			ui.DrawText(dst, ln, fb, a.W/2, ss.list.Y+ss.list.H/2+float64(i)*28*u, ui.Center, th.TextDim)
		}
	}
	for i, r := range ss.rows {
		k := ss.first + i
		g := ss.games[k]
		if k == ss.focus {
			ui.TintRoundRect(dst, r, 10*u, palette.WithAlpha(th.Accent, 0.2))
			ui.FillRect(dst, ui.R(r.X, r.Y+10*u, 4*u, r.H-20*u), th.Accent)
		} else if k%2 == 1 {
			ui.TintRoundRect(dst, r, 10*u, palette.WithAlpha(th.Text, 0.04))
		}
		cy := r.Y + r.H/2
		if g.Record == nil {
			dim := palette.WithAlpha(th.TextDim, 0.6)
			ui.DrawText(dst, untrusted.Text(g.Name), fb, r.X+24*u, cy-12*u, ui.Left, dim) // a file name from outside
			why := locale.T("SavedUnreadable")
			if g.Err != nil {
				why = locale.F("SavedUnreadableWhy", "Error", untrusted.Message(strings.TrimPrefix(g.Err.Error(), g.Path+": ")))
				if settings.ReasonKind(g.Err) != "" { // too big, not a file: in the player's language
					why = locale.F("SavedUnreadableWhy", "Error", reasonWords(g.Err))
				}
			}
			for ui.TextWidth(why, fs) > r.W-48*u && len(why) > 10 {
				why = why[:len(why)-5] + "…"
			}
			ui.DrawText(dst, why, fs, r.X+24*u, cy+14*u, ui.Left, dim)
			continue
		}
		rec := g.Record
		date := locale.T("SavedDateUnknown")
		if !rec.Date.IsZero() {
			// the layout is the language's (time.Format's), in the catalog
			date = rec.Date.Format(locale.T("SavedDateLayout"))
		}
		first, second := date, variantWords(rec.Variant)
		if t := recordTitle(rec); t != "" {
			first, second = untrusted.Text(clipName(t)), date+"  ·  "+second
		}
		if k == ss.focus && ss.naming != nil {
			ss.drawNaming(a, dst, ui.R(r.X+14*u, cy-28*u, r.W*0.34-20*u, 30*u))
		}
		players, result, youWon := gameWords(rec)
		if k != ss.focus || ss.naming == nil {
			room := r.W*0.34 - 36*u
			if small { // the result shares the first line
				room = r.W - 60*u - ui.TextWidth(result, fb)
			}
			ui.DrawText(dst, ui.FitText(first, fb, room), fb, r.X+24*u, cy-12*u, ui.Left, th.Text)
		}
		if small { // narrow: the players and moves on the second line
			second = locale.P("SavedPlayersMoves", len(rec.Moves), "Players", players)
			players = ""
		}
		f2 := fs
		if ui.TextWidth(second, f2) > r.W-48*u { // a phone's row: a size smaller before any cut
			f2 = a.Face(ui.Regular, ui.SizeSmall-2)
		}
		ui.DrawText(dst, ui.FitText(second, f2, r.W-48*u), f2, r.X+24*u, cy+14*u, ui.Left, th.TextDim)
		ui.DrawText(dst, players, fb, r.X+r.W*0.34, cy-12*u, ui.Left, th.Text)
		if !small {
			ui.DrawText(dst, locale.P("Moves", len(rec.Moves)), fs, r.X+r.W*0.34, cy+14*u, ui.Left, th.TextDim)
		}
		col := th.TextDim
		switch {
		case youWon:
			col = palette.Mix(th.Good, th.Text, 0.3) // readable on a focused row in every theme
		case rec.Result.Status == rules.Win:
			col = th.Text
		}
		ry := cy
		if small {
			ry = cy - 12*u
		}
		ui.DrawText(dst, result, fb, r.X+r.W-24*u, ry, ui.Right, col)
	}
	if len(ss.games) > len(ss.rows) && len(ss.rows) > 0 {
		// a thin scroll bar
		track := ui.R(ss.list.X+ss.list.W-8*u, ss.list.Y+14*u, 3*u, ss.list.H-28*u)
		ui.FillRect(dst, track, palette.WithAlpha(th.TextDim, 0.2))
		h := track.H * float64(len(ss.rows)) / float64(len(ss.games))
		y := track.Y + (track.H-h)*float64(ss.first)/float64(len(ss.games)-len(ss.rows))
		ui.FillRect(dst, ui.R(track.X, y, track.W, h), th.Accent)
	}
	ny := ss.list.Y + ss.list.H + 18*u
	if ss.showsCopyPath() && !a.compact() {
		note := ss.noteWords()
		for r := []rune(note); ui.TextWidth(note, fs) > ss.copyPath.Rect.X-14*u-ss.list.X && len(r) > 10; {
			r = r[:len(r)-2]
			note = string(r) + "…"
		}
		ui.DrawText(dst, note, fs, ss.copyPath.Rect.X-14*u, ny, ui.Right, th.TextDim)
		ss.copyPath.Draw(a, dst, false)
	} else {
		ui.DrawText(dst, ui.FitText(ss.noteWords(), fs, a.W-16*u), fs, a.W/2, ny, ui.Center, th.TextDim)
		if ss.showsCopyPath() {
			ss.copyPath.Draw(a, dst, false)
		}
	}
	row := ss.buttons()
	for _, b := range row {
		b.Draw(a, dst, false)
	}
	if ss.showsCopyPath() {
		row = append(row, ss.copyPath)
	}
	for _, b := range row {
		b.DrawTip(a, dst)
	}
	if a.keysShown() && !small {
		ui.DrawText(dst, locale.T("SavedKeys"), a.Face(ui.Regular, ui.SizeSmall), a.W/2, a.H-22*u, ui.Center, th.TextDim)
	}
}

// drawNaming draws the name being typed, in a box with a caret.
func (ss *savedScene) drawNaming(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	u := a.U()
	ui.RoundRectSprite(dst, r, 8*u, palette.Mix(th.Background, th.Panel, 0.4), th.Accent, math.Max(1.5, 2*u), 0)
	fb := a.Face(ui.Medium, ui.SizeBody)
	shown := untrusted.Text(*ss.naming)
	for ui.TextWidth(shown, fb) > r.W-24*u && shown != "" {
		_, n := utf8.DecodeRuneInString(shown)
		shown = shown[n:]
	}
	ui.DrawText(dst, shown, fb, r.X+10*u, r.Y+r.H/2, ui.Left, th.Text)
	x := r.X + 10*u + ui.TextWidth(shown, fb) + 2*u
	ui.FillRect(dst, ui.R(x, r.Y+5*u, math.Max(1.5, 2*u), r.H-10*u), th.Accent)
}

// noteWords is the line under the list: what the last action did, else,
// on a desktop, where the focused game's file is (to send it, or open it
// elsewhere).
func (ss *savedScene) noteWords() string {
	if ss.note != "" {
		return ss.note
	}
	if g := ss.focused(); g != nil && !inBrowser && g.Path != "" && filepath.IsAbs(g.Path) {
		return locale.F("SavedFile", "Path", untrusted.Text(settings.ShortPath(g.Path)))
	}
	return ""
}

// emptyWords says why the list shows no game, and where the others are.
func (ss *savedScene) emptyWords() string {
	mine, demos := ss.counts()
	switch {
	case ss.filter.Sel == showMine && demos > 0:
		return locale.P("SavedNoneMine", demos)
	case ss.filter.Sel == showDemos && mine > 0:
		return locale.T("SavedNoDemosKeep")
	case ss.filter.Sel == showDemos:
		return locale.T("SavedNoDemos")
	}
	return locale.T("SavedNone")
}

// RemoveRecord deletes a saved game from the games folder.
func (fs *FileStore) RemoveRecord(path string) error { return plain(fs.files.RemoveRecord(path)) }

// RemoveRecord deletes a saved game from the browser's storage.
func (s *ShelfStore) RemoveRecord(key string) error { return plain(s.shelf.RemoveRecord(key)) }

// RemoveRecord forgets a saved game.
func (m *MemoryStore) RemoveRecord(path string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, g := range m.kept {
		if g.Path == path {
			m.kept = append(m.kept[:i], m.kept[i+1:]...)
			return nil
		}
	}
	return fmt.Errorf("delete game %s: not found", path)
}

// The result card's third button, by its ID: Save when the finished game
// could not be kept, Keep for a computer demo not kept, and once the game
// is kept, Copy record (the autosave and the end of the game keep it
// already). Its label is the ID's word in the language in use.
const (
	resultSaveID = "result-save"
	resultKeepID = "result-keep"
	resultCopyID = "result-copy"
)

// isResultSave reports whether b is the result card's third button.
func isResultSave(b *ui.Button) bool {
	return b.ID == resultSaveID || b.ID == resultKeepID || b.ID == resultCopyID
}

// resultSaveLabel is the label of the result card's third button of id.
func resultSaveLabel(id string) string {
	switch id {
	case resultKeepID:
		return locale.T("ResultKeep")
	case resultCopyID:
		return locale.T("ResultCopyRecord")
	}
	return locale.T("ResultSave")
}

// keptWords say that a game is kept.
func keptWords() string { return locale.T("SavedKept") }

// keepResult keeps a finished game among the saved games and counts it in
// the statistics, except a computer demo when the player has not asked to
// keep them (Options): kept is "" then, and err nil. It names the result
// card's third button after what is left to do.
func (gs *gameScene) keepResult(a *App, rec *record.Record) (kept string, err error) {
	if gs.setup.Mode == modeAIvsAI && !a.Settings.KeepDemos {
		gs.setResultSave(resultKeepID, locale.T("SavedKeepTip"))
		return "", nil
	}
	kept, err = a.Store.RecordResult(rec)
	if kept != "" {
		gs.setResultSave(resultCopyID, locale.T("SavedCopyTip"))
	}
	return kept, err
}

// setResultSave makes the result card's third button the one of id.
func (gs *gameScene) setResultSave(id, tip string) {
	for _, b := range gs.ending.menu.Buttons {
		if isResultSave(b) {
			b.ID, b.Label, b.Tip = id, resultSaveLabel(id), tip
		}
	}
}

// resultSave answers the result card's third button: keep the game (Save,
// Keep), or copy its record once kept.
func (gs *gameScene) resultSave(a *App) {
	if gs.ending.kept != "" {
		rec := gs.setup.gameRecord(gs.game)
		rec.Redo = nil
		a.copyRecord(rec, nil)
		return
	}
	gs.saveRecord(a)
	if gs.ending.kept != "" {
		gs.setResultSave(resultCopyID, locale.T("SavedCopyTip"))
	}
}
