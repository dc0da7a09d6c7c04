package app

import (
	"fmt"
	"io"

	"strings"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The layout log: in --debug mode the game writes, whenever what a player
// could click changes, a block of lines naming every button, option,
// square and reserve slot with its rectangle in window pixels. The
// end-to-end tests (e2e/) find where to click from it instead of guessing
// from a picture, so a moved button never makes them click thin air:
//
//	gobblet: layout begin game play
//	gobblet: widget "Pause (Esc)" 1220 10 44 44
//	gobblet: square a1 400 600 150 150
//	gobblet: slot x 0 size 3 count 2 100 200 120 120
//	gobblet: position gobblers:.,.,./.,.,./.,.,.:x
//	gobblet: scale 2 text 26
//	gobblet: layout end
//
// Below the widgets, what became of the words drawn (so that a test sees
// in every language that no text leaves its box or is cut):
//
//	gobblet: text "New game" 540 200 in 500 280
//	gobblet: cut "Your turn: drag a piece" by app.(*gameScene).drawStatus
//	gobblet: clipped "Gespeicherte Partien" -12 664 in 0 640 by app.(*savedScene).Draw
//
// "text" is a widget's label (a button's, a choice row's): where it
// starts and how wide it is, then its box's left edge and width; "cut" a
// text shortened with "…" to fit; "clipped" a text wider than the image
// it is drawn on (the window, a scrolled card; noted headless, where every
// draw is a full one). "by" names the function that drew it.
//
// "language" is the language the game speaks (its code: de, pt-BR).
// "scale" is the device pixels of a CSS pixel (a window pixel on a
// desktop), "text" the smallest text drawn on the screen, in pixels: the
// tests check that every widget is a finger wide and all text readable.
// A block is written only when it differs from the last one.

// lastLayout is the block last written, and the screen it counted the
// smallest text of; one game runs per process.
var (
	lastLayout string
	textScreen string
)

// logLayout writes the layout block of the current scene if it changed.
func (a *App) logLayout() {
	if a.opts.Debug == nil || a.scenes.current == nil {
		return
	}
	var b strings.Builder
	scene := a.scenes.current
	state := ""
	rect := func(r ui.Rect) string {
		return fmt.Sprintf("%.0f %.0f %.0f %.0f", r.X, r.Y, r.W, r.H)
	}
	widget := func(label string, r ui.Rect) {
		if r.W > 0 && r.H > 0 {
			fmt.Fprintf(&b, "widget %q %s\n", label, rect(r))
		}
	}
	buttons := func(bs []*ui.Button) {
		for _, x := range bs {
			label := x.Label
			if label == "" {
				label = x.Tip
			}
			widget(label, x.Rect)
		}
	}
	choices := func(f *ui.Form, area ui.Rect) {
		for i, c := range f.Rows {
			focus := ""
			if i == f.Focus {
				focus = " focused"
			}
			fmt.Fprintf(&b, "choice %q %q%s\n", c.Label, c.Options[min(c.Sel, len(c.Options)-1)], focus)
			for j, s := range c.Segs {
				// a scrolled form's rows out of its area cannot be pressed
				if area.Empty() || s.Y >= area.Y && s.Y+s.H <= area.Y+area.H {
					widget(c.Label+"/"+c.Options[j], s)
				}
			}
		}
	}
	switch s := scene.(type) {
	case *menuScene:
		buttons(s.list.Buttons)
		if s.offer != nil {
			fmt.Fprintf(&b, "offer %s\n", offerWords())
			buttons([]*ui.Button{s.offer.not, s.offer.yes})
		}
		if f := s.list.Focus; f >= 0 && f < len(s.list.Buttons) {
			fmt.Fprintf(&b, "focus %q\n", s.list.Buttons[f].Label)
		}
	case *learnScene:
		state = s.logLayout(&b, buttons)
	case *puzzlesScene:
		state = s.logLayout(a, &b, buttons)
	case *setupScene:
		choices(&s.form, s.area)
		if h := s.suggestion(); h != "" {
			fmt.Fprintf(&b, "suggestion %s\n", h)
		}
		if s.start.Disabled {
			fmt.Fprintf(&b, "problem %s\n", onlineInBrowser())
			buttons([]*ui.Button{s.back})
		} else {
			buttons([]*ui.Button{s.start, s.back})
		}
	case *optionsScene:
		choices(&s.form, s.area)
		fmt.Fprintf(&b, "help %s\n", s.help())
		buttons([]*ui.Button{s.done})
	case *gameScene:
		state = s.logLayout(a, &b, widget, buttons)
	case *lessonScene:
		state = s.logLayout(a, &b, widget, buttons)
	case *coachScene:
		s.gs.logLayout(a, &b, widget, buttons)
		fmt.Fprintf(&b, "mistake %d of %d ply %d state %s\nquestion %s\n", s.k+1, len(s.plies), s.plies[s.k]+1, s.stateWord(), s.words)
		buttons(s.statusButtons())
		state = s.stateWord()
	case *lobbyScene:
		// a phone's scrolling card: only what shows whole can be pressed
		shown := func(bs ...*ui.Button) {
			for _, x := range bs {
				if shows(s.area, x.Rect) {
					buttons([]*ui.Button{x})
				}
			}
		}
		state = "join"
		if s.host && s.relay {
			state = "invite"
			if s.serverB.Rect.W > 0 {
				shown(s.serverB)
			}
			if s.code != "" && s.problem == "" {
				fmt.Fprintf(&b, "invite-code %s\ninvite-link %s\n", s.code, s.link)
				shown(s.linkB, s.copyB)
			}
		} else if s.host {
			state = "host"
			if s.code != "" {
				fmt.Fprintf(&b, "room-code %s\nsecret %s\n", s.code, s.secret)
				shown(s.copyB)
			}
		} else if !s.joining {
			if shows(s.area, s.field.Rect) {
				widget("code field", s.field.Rect)
			}
			fmt.Fprintf(&b, "field %q\n", s.field.Text)
			shown(s.pasteB, s.joinB)
		} else {
			state = "connecting"
		}
		if s.problem != "" {
			fmt.Fprintf(&b, "problem %s\n", s.problem)
		}
		if s.reconnecting != "" {
			fmt.Fprintf(&b, "reconnecting %s\n", s.reconnecting)
		}
		buttons([]*ui.Button{s.back})
	case *serverScene:
		state = "online server"
		if shows(s.area, s.field.Rect) {
			widget("server field", s.field.Rect)
		}
		fmt.Fprintf(&b, "field %q\n", s.field.Text)
		if s.problem != "" {
			fmt.Fprintf(&b, "problem %s\n", s.problem)
		}
		for _, x := range []*ui.Button{s.pasteB, s.clearB} {
			if shows(s.area, x.Rect) {
				buttons([]*ui.Button{x})
			}
		}
		buttons([]*ui.Button{s.cancelB, s.saveB})
	case *savedScene:
		f := &ui.Form{Rows: []*ui.Choice{&s.filter}}
		choices(f, ui.Rect{})
		for i, r := range s.rows {
			g := s.games[s.first+i]
			state := "ok"
			if g.Record == nil {
				state = "unreadable"
			}
			fmt.Fprintf(&b, "saved %q %s\n", g.Name, state)
			widget("saved/"+g.Name, r)
		}
		if len(s.games) == 0 {
			fmt.Fprintf(&b, "empty %s\n", s.emptyWords())
		}
		if n := s.noteWords(); n != "" {
			fmt.Fprintf(&b, "note %s\n", n)
		}
		buttons(s.buttons())
		if s.showsCopyPath() {
			buttons([]*ui.Button{s.copyPath})
		}
	case *rulesScene:
		fmt.Fprintf(&b, "page %d of %d\n", s.page+1, len(s.pages))
		buttons([]*ui.Button{s.prev, s.done, s.next})
	case *statsScene:
		for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
			t := s.stats.Total(v)
			fmt.Fprintf(&b, "stats %s won %d drawn %d lost %d\n", v, t.Won, t.Drawn, t.Lost)
			if r, ok := s.stats.RatingOf(v); ok {
				fmt.Fprintf(&b, "rating %s %d games %d\n", v, r.Current(), r.Games)
			}
		}
		buttons([]*ui.Button{s.back})
	}
	fmt.Fprintf(&b, "theme %s\n", a.Theme.Name)
	fmt.Fprintf(&b, "language %s\n", locale.Current().Code)
	// the smallest text since the scene or the window last changed
	if screen := fmt.Sprintf("%p %v %v", scene, a.W, a.H); screen != textScreen {
		textScreen = screen
		ui.SmallestText = 0 // counted again from the next frame
		ui.Texts.Drawn, ui.Texts.Seen, ui.Texts.Shown = nil, nil, nil
		// which is drawn whole: the frame that showed the new screen
		// was drawn before this saw it, and a still screen (a game
		// waiting for its player, resized) would draw no other
		a.redraw()
	}
	ui.Texts.Take(a.headless, a.drew)
	for _, ln := range ui.Texts.Shown {
		b.WriteString(ln)
	}
	fmt.Fprintf(&b, "scale %g text %.0f\n", a.css(), ui.SmallestText)
	// where the game last saw the pointer: a test presses only once the
	// game has seen it over the widget, however slowly the game runs
	fmt.Fprintf(&b, "pointer %.0f %.0f\n", a.In.X, a.In.Y)
	text := fmt.Sprintf("layout begin %s %s\n%slayout end", sceneName(scene), state, b.String())
	if text == lastLayout {
		return
	}
	lastLayout = text
	// one write for the whole block: in a browser each write that ends a
	// line is a console message, and with developer tools attached (as the
	// browser tests are) each costs milliseconds of the page's only thread
	io.WriteString(a.opts.Debug, "gobblet: "+strings.ReplaceAll(text, "\n", "\ngobblet: ")+"\n")
}

// logBoard writes the board's squares and reserve slots, which colour
// plays x and o, and the position.
func (gs *gameScene) logBoard(b *strings.Builder) {
	l := &gs.lay
	for i := range gs.variant.Squares() {
		sq := rules.Square(i)
		r := l.SquareRect(gs.variant, sq)
		fmt.Fprintf(b, "square %s %.0f %.0f %.0f %.0f\n", sq.Name(gs.variant), r.X, r.Y, r.W, r.H)
	}
	for c := 0; c < 2; c++ {
		for i := 0; i < l.Slots; i++ {
			size, n := gs.slotPiece(c, i)
			r := l.SlotRect(c, i)
			fmt.Fprintf(b, "slot %s %d size %d count %d %.0f %.0f %.0f %.0f\n", gs.setup.playerOf(c), i, size, n, r.X, r.Y, r.W, r.H)
		}
	}
	fmt.Fprintf(b, "player x %s\nplayer o %s\n", colourNames[gs.setup.colourOf(rules.X)], colourNames[gs.setup.colourOf(rules.O)])
	p := gs.pos()
	fmt.Fprintf(b, "position %s\n", p.String())
}

// logLayout writes the game screen's squares, reserve slots, buttons and
// overlay, and returns the screen's state: play, paused, over or review.
func (gs *gameScene) logLayout(a *App, b *strings.Builder, widget func(string, ui.Rect), buttons func([]*ui.Button)) string {
	l := &gs.lay
	if l.N == 0 {
		return "starting"
	}
	gs.logBoard(b)
	line, _ := gs.statusLine(a)
	title, words := gs.statusCardWords()
	fmt.Fprintf(b, "status %s\ncard %s | %s\n", line, title, strings.ReplaceAll(words, "\n", " "))
	buttons(gs.top)
	if gs.hand.hold != nil {
		from := "reserve"
		if gs.hand.hold.from != rules.NoSquare {
			from = gs.hand.hold.from.Name(gs.variant)
		}
		fmt.Fprintf(b, "held %s size %d\n", from, gs.hand.hold.size)
	}
	if n := gs.net; n != nil {
		fmt.Fprintf(b, "online game %d you %s\n", n.number, colourNames[gs.setup.humanColour()])
		if n.reconnecting != "" && n.gone == nil {
			fmt.Fprintf(b, "reconnecting %s\n", n.reconnecting)
		}
		switch {
		case n.gone != nil && !gs.over && !gs.pause.open:
			fmt.Fprintf(b, "disconnected %s\n", n.gone.Reason)
			buttons(n.goneM.Buttons)
			return "disconnected"
		case n.drawOffered && !gs.over:
			buttons(n.drawM.Buttons)
		}
	}
	gs.logAnalysis(a, b, widget)
	switch {
	case gs.pause.open:
		buttons(gs.pause.menu.Buttons)
		return "paused"
	case gs.review >= 0:
		buttons(gs.reviewMenu.Buttons)
		if _, card, _ := gs.panelParts(a); !card.Empty() {
			_, _, graph, bs := gs.analysisCardParts(a, card)
			buttons(bs)
			if gs.analysed() != nil {
				widget("graph", graph)
			}
		}
		return "review"
	case gs.over:
		if gs.ending.ticks < resultDelay+20 {
			return "ending" // the result card is still sliding in
		}
		title, reason := gs.resultTitle()
		fmt.Fprintf(b, "result-card %s %s\n", title, reason)
		widget("card", gs.resultCard(a))
		buttons(gs.ending.menu.Buttons)
		return "over"
	}
	return "play"
}

// logAnalysis writes the game's analysis (running with its progress,
// failed, or done with every move's mark and the accuracies), the move
// list's rows shown with their marks, and, in a review, the mark of the
// move shown and where its best move goes:
//
//	gobblet: analysis done marks - - ?? - best accuracy 100 62
//	gobblet: move 3 2@b2 ??
//	gobblet: widget "move 3" 1000 180 100 44
//	gobblet: reviewed 3 blunder best 3@c1
func (gs *gameScene) logAnalysis(a *App, b *strings.Builder, widget func(string, ui.Rect)) {
	switch g := gs.analysed(); {
	case gs.an.running:
		fmt.Fprintf(b, "analysis running %d of %d\n", gs.an.done, gs.an.total)
	case g != nil:
		marks := make([]string, len(g.Plies))
		for i, p := range g.Plies {
			marks[i] = p.Mark.String()
		}
		fmt.Fprintf(b, "analysis done marks %s accuracy %.0f %.0f\n", strings.Join(marks, " "), g.Accuracy[rules.X], g.Accuracy[rules.O])
	case gs.an.problem != "":
		fmt.Fprintf(b, "analysis failed %s\n", gs.an.problem)
	}
	_, cells, _ := gs.moveList(a)
	moves := gs.game.Moves()
	for _, c := range cells {
		mark := "-"
		if p, ok := gs.plyAnalysis(c.ply); ok && p.Mark.Symbol() != "" {
			mark = p.Mark.Symbol()
		}
		fmt.Fprintf(b, "move %d %s %s\n", c.ply+1, moves[c.ply].Notation(gs.variant), mark)
		widget(fmt.Sprintf("move %d", c.ply+1), c.r)
	}
	if p, ok := gs.reviewedMark(); ok {
		fmt.Fprintf(b, "reviewed %d %s best %s\n", gs.review, p.Mark, p.Best.Notation(gs.variant))
	}
}
