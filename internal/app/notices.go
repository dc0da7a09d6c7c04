package app

import (
	"errors"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// Notices are sentences the player must read: files that could not be
// read at start, a game that could not be kept. They stay on a card over
// any scene, one sentence per paragraph, wrapped to the window, until the
// player dismisses them; meanwhile the scene below takes no input. Text
// from file names reaches them through settings.ShortPath or
// untrusted.Text.

// notify adds a sentence to the notices.
func (a *App) notify(msg string) {
	a.notices = append(a.notices, msg)
	a.noticeCard = nil
	a.redraw()
	a.debugf("notice %s", msg)
}

// noticeCard is the card's layout for one frame: the notices that fit,
// already wrapped, and where everything goes.
type noticeCard struct {
	Card, Title  ui.Rect
	Paragraphs   [][]string // the lines of each notice shown
	LineH        float64
	TextX, TextY float64
	TextW        float64
	Shown        int // notices on the card; OK dismisses these
	OK           ui.Rect
	W, H         float64 // the window it was laid out for
}

// cardOfNotices is the notices' card, laid out again only when the notices
// or the window's size changed: wrapping them is the costly part, and the
// card is asked for every tick and every frame while it shows.
func (a *App) cardOfNotices() *noticeCard {
	if c := a.noticeCard; c != nil && c.W == a.W && c.H == a.H {
		return c
	}
	c := a.layoutNotices()
	a.noticeCard = &c
	a.noticeOK.Rect = c.OK
	a.noticeOK.Label, a.noticeOK.Primary = locale.T("OK"), true
	return a.noticeCard
}

// layoutNotices fits as many notices as the window holds (at least one,
// its lines cut if it alone is too tall) on a card in the middle.
func (a *App) layoutNotices() noticeCard {
	u := a.U()
	fc := a.Face(ui.Regular, ui.SizeBody)
	c := noticeCard{W: a.W, H: a.H}
	w := math.Min(820*u, a.W-48*u)
	pad := 28 * u
	c.LineH = ui.SizeBody * 1.45 * u
	c.TextW = w - 2*pad - 22*u // the bullet's indent
	titleH := 44 * u
	buttonH := 52 * u
	gap := 12 * u
	room := a.H - 48*u - (pad + titleH + gap + buttonH + pad)
	used := 0.0
	for _, n := range a.notices {
		lines := wrapWide(n, fc, c.TextW)
		h := float64(len(lines))*c.LineH + gap
		if used+h > room {
			if c.Shown > 0 {
				break
			}
			keep := max(1, int((room-gap)/c.LineH))
			lines = lines[:min(len(lines), keep)]
			h = float64(len(lines))*c.LineH + gap
		}
		c.Paragraphs = append(c.Paragraphs, lines)
		c.Shown++
		used += h
	}
	hgt := pad + titleH + used + buttonH + pad
	c.Card = ui.R(a.W/2-w/2, a.H/2-hgt/2, w, hgt)
	c.Title = ui.R(c.Card.X+pad, c.Card.Y+pad, w-2*pad, titleH)
	c.TextX, c.TextY = c.Card.X+pad, c.Title.Y+titleH
	c.OK = ui.R(c.Card.X+w-pad-160*u, c.Card.Y+hgt-pad-buttonH, 160*u, buttonH)
	return c
}

// updateNotices takes the tick's input while notices are shown and reports
// whether it did: Enter, Space, Esc or OK dismisses the notices on the card.
func (a *App) updateNotices() bool {
	if len(a.notices) == 0 {
		return false
	}
	c := a.cardOfNotices()
	if a.noticeOK.Update(a) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter) || a.In.Key(ebiten.KeySpace) || a.In.Key(ebiten.KeyEscape) {
		a.notices = a.notices[c.Shown:]
		a.noticeCard = nil
		a.debugf("notices dismissed %d, left %d", c.Shown, len(a.notices))
	}
	return true
}

// drawNotices draws the card over a veil, "(more after these)" in its
// title when not all fit.
func (a *App) drawNotices(dst *ebiten.Image) {
	if len(a.notices) == 0 {
		return
	}
	th := a.Theme
	u := a.U()
	c := a.cardOfNotices()
	ui.FillRect(dst, ui.R(0, 0, a.W, a.H), palette.WithAlpha(palette.Black, 0.45))
	ui.Panel(a, dst, c.Card)
	title := locale.T("NoticeTitle")
	if more := len(a.notices) - c.Shown; more > 0 {
		title = locale.T("NoticeTitleMore")
	}
	ui.DrawText(dst, title, a.Face(ui.Bold, ui.SizeHeading), c.Title.X, c.Title.Y+c.Title.H/2, ui.Left, th.Text)
	fc := a.Face(ui.Regular, ui.SizeBody)
	y := c.TextY
	for _, lines := range c.Paragraphs {
		ui.DrawText(dst, "•", fc, c.TextX, y+c.LineH/2, ui.Left, th.Accent)
		for _, l := range lines {
			ui.DrawText(dst, l, fc, c.TextX+22*u, y+c.LineH/2, ui.Left, th.Text)
			y += c.LineH
		}
		y += 12 * u
	}
	a.noticeOK.Draw(a, dst, true)
}

// wrapWide wraps a paragraph to w like wrap, and also breaks a word
// longer than a line (a path) wherever it must.
func wrapWide(s string, fc ui.Face, w float64) []string {
	var out []string
	for _, line := range ui.Wrap(s, fc, w) {
		for ui.TextWidth(line, fc) > w {
			rs := []rune(line)
			n := len(rs) - 1
			for n > 1 && ui.TextWidth(string(rs[:n]), fc) > w {
				n--
			}
			out = append(out, string(rs[:n]))
			line = string(rs[n:])
		}
		out = append(out, line)
	}
	return out
}

// drawSaveProblem draws a lasting banner while the player's files cannot
// be saved ("Your game cannot be saved: the disk is full."); it goes away
// by itself once a save works again.
func (a *App) drawSaveProblem(dst *ebiten.Image) {
	msg := a.saveProblem
	if msg == "" {
		return
	}
	th := a.Theme
	u := a.U()
	fc := a.Face(ui.Medium, ui.SizeSmall)
	lines := wrapWide(msg, fc, math.Min(900*u, a.W-64*u))
	lineH := ui.SizeSmall * 1.4 * u
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, ui.TextWidth(l, fc))
	}
	w += 36 * u
	h := float64(len(lines))*lineH + 14*u
	r := ui.R(a.W/2-w/2, 68*u, w, h)
	if a.toastT > 0 { // below the toast, not under it
		r.Y = 140 * u
	}
	ui.RoundRectSpriteA(dst, r, 10*u, palette.Mix(th.Panel, th.Warn, 0.35), th.Warn, math.Max(1, 1.5*u), 6*u, th.Shadow)
	for i, l := range lines {
		ui.DrawText(dst, l, fc, a.W/2, r.Y+7*u+(float64(i)+0.5)*lineH, ui.Center, th.Text)
	}
}

// pollSaveProblem reads the store's save state once a tick; the banner
// appears or goes when it changes (a redraw is due then).
func (a *App) pollSaveProblem() {
	if p := a.Store.SaveProblem(); p != a.saveProblem {
		a.saveProblem = p
		a.redraw()
		a.debugf("save problem %q", p)
	}
}

// plainError is an error whose text is a player's sentence (settings.Reason
// in the player's language, with a full stop); the technical error stays
// reachable with errors.Is.
type plainError struct{ err error }

func (e plainError) Error() string { return locale.F("NoticeReason", "Reason", reasonWords(e.err)) }

// reasonWords is settings.Reason in the language in use: its kinds from the
// catalog, the system's own words as the system gives them.
func reasonWords(err error) string {
	var st statsError
	if errors.As(err, &st) {
		return locale.F("NoticeReasonStats", "Reason", reasonWords(st.err))
	}
	switch settings.ReasonKind(err) {
	case settings.ReasonStorageFull:
		return locale.T("NoticeReasonStorageFull")
	case settings.ReasonStorageRefused:
		return locale.T("NoticeReasonStorageRefused")
	case settings.ReasonDiskFull:
		return locale.T("NoticeReasonDiskFull")
	case settings.ReasonQuota:
		return locale.T("NoticeReasonQuota")
	case settings.ReasonReadOnly:
		return locale.T("NoticeReasonReadOnly")
	case settings.ReasonOutside:
		return locale.T("NoticeReasonOutside")
	case settings.ReasonProtected:
		return locale.T("NoticeReasonProtected")
	case settings.ReasonPermission:
		return locale.T("NoticeReasonPermission")
	case settings.ReasonTooBig:
		return locale.T("NoticeReasonTooBig")
	case settings.ReasonNotRegular:
		return locale.T("NoticeReasonNotRegular")
	case settings.ReasonFileForFolder:
		return locale.T("NoticeReasonFileForFolder")
	case settings.ReasonFolderForFile:
		return locale.T("NoticeReasonFolderForFile")
	}
	return settings.Reason(err)
}

// statsError is the statistics' failure to be saved with a finished game
// that was kept.
type statsError struct{ err error }

func (e statsError) Error() string { return "the statistics cannot be saved: " + e.err.Error() }
func (e statsError) Unwrap() error { return e.err }
func (e plainError) Unwrap() error { return e.err }

// plain wraps err for the player's eyes; nil stays nil.
func plain(err error) error {
	var p plainError
	if err == nil || errors.As(err, &p) {
		return err
	}
	return plainError{err}
}

// sayAtStart puts the store's notices on the card, worded now, in the
// language the game has just chosen (from the settings they came with).
func (a *App) sayAtStart(notices []startNotice) {
	for _, n := range notices {
		a.notify(n.words())
	}
}

// startNotice is a notice of the store read at start, worded only when
// shown, in the language then in use (the store is read before the
// language is known): a file that could not be read, or one of the
// start's own problems with the reason of err.
type startNotice struct {
	file *settings.Notice
	kind startProblem
	err  error // why, for the kinds that say it
}

// startProblem is a problem of the store's start, not of one file.
type startProblem int

const (
	gameNotContinued startProblem = iota + 1 // the saved game could not be continued
	folderBroken                             // the settings folder cannot be used (err)
	storageRefused                           // the browser refuses to store anything
	storageBroken                            // the browser's storage cannot be used (err)
)

// words is the notice in the language in use.
func (n startNotice) words() string {
	if n.file != nil {
		return fileNoticeWords(n.file)
	}
	switch n.kind {
	case gameNotContinued:
		return locale.T("NoticeGameNotContinued")
	case folderBroken:
		return locale.F("SavedFolderBroken", "Reason", reasonWords(n.err))
	case storageRefused:
		return locale.T("SavedStorageRefused")
	}
	return locale.F("SavedStorageBroken", "Reason", reasonWords(n.err))
}

// String is the notice's words (tests and logs).
func (n startNotice) String() string { return n.words() }

// fileNoticeWords says a notice of the player's files in the language in
// use; a kind the GUI does not know is said in English.
func fileNoticeWords(n *settings.Notice) string {
	switch n.Kind {
	case settings.NoticeUnreadable, settings.NoticeNewer:
		return locale.F("NoticeWithFate", "Notice", unreadableWords(n), "Fate", fateWords(n))
	case settings.NoticeGamesOutside:
		return locale.F("NoticeGamesOutside", "Path", n.Path)
	case settings.NoticeKeptOthers:
		if n.Tabs {
			return locale.P("NoticeKeptOtherTabs", n.N, "Total", locale.Num(n.N+1))
		}
		return locale.P("NoticeKeptOtherWindows", n.N, "Total", locale.Num(n.N+1))
	}
	return n.String()
}

// unreadableWords says that a file could not be read (with the reason, when
// a player can act on it) or was saved by a newer version, and what
// happens instead.
func unreadableWords(n *settings.Notice) string {
	newer, why := n.Kind == settings.NoticeNewer, n.Why() != ""
	reason := ""
	if why {
		reason = reasonWords(n.Err)
	}
	switch n.File {
	case settings.FileSettings:
		switch {
		case newer:
			return locale.T("NoticeSettingsNewer")
		case why:
			return locale.F("NoticeSettingsUnreadableWhy", "Reason", reason)
		}
		return locale.T("NoticeSettingsUnreadable")
	case settings.FileGame:
		switch {
		case newer:
			return locale.T("NoticeGameNewer")
		case why:
			return locale.F("NoticeGameUnreadableWhy", "Reason", reason)
		}
		return locale.T("NoticeGameUnreadable")
	case settings.FileStats:
		switch {
		case newer:
			return locale.T("NoticeStatsNewer")
		case why:
			return locale.F("NoticeStatsUnreadableWhy", "Reason", reason)
		}
		return locale.T("NoticeStatsUnreadable")
	case settings.FilePuzzles:
		switch {
		case newer:
			return locale.T("NoticePuzzlesNewer")
		case why:
			return locale.F("NoticePuzzlesUnreadableWhy", "Reason", reason)
		}
		return locale.T("NoticePuzzlesUnreadable")
	}
	return n.String()
}

// fateWords says what became of a file that could not be read.
func fateWords(n *settings.Notice) string {
	switch n.Fate {
	case settings.FateLeftAt:
		return locale.F("NoticeFateLeftAt", "Path", n.Path)
	case settings.FateKeptAs:
		return locale.F("NoticeFateKeptAs", "Name", n.Name)
	case settings.FateOldKeptAs:
		return locale.F("NoticeFateOldKeptAs", "Name", n.Name)
	case settings.FateShelfLeft:
		return locale.T("NoticeFateShelfLeft")
	}
	return locale.F("NoticeFateShelfKeptAs", "Name", n.Name)
}
