package app

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
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
	rect := func(r Rect) string {
		return fmt.Sprintf("%.0f %.0f %.0f %.0f", r.X, r.Y, r.W, r.H)
	}
	widget := func(label string, r Rect) {
		if r.W > 0 && r.H > 0 {
			fmt.Fprintf(&b, "widget %q %s\n", label, rect(r))
		}
	}
	buttons := func(bs []*button) {
		for _, x := range bs {
			label := x.Label
			if label == "" {
				label = x.Tip
			}
			widget(label, x.Rect)
		}
	}
	choices := func(f *form, area Rect) {
		for i, c := range f.Rows {
			focus := ""
			if i == f.Focus {
				focus = " focused"
			}
			fmt.Fprintf(&b, "choice %q %q%s\n", c.Label, c.Options[min(c.Sel, len(c.Options)-1)], focus)
			for j, s := range c.segs {
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
			buttons([]*button{s.offer.not, s.offer.yes})
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
			buttons([]*button{s.back})
		} else {
			buttons([]*button{s.start, s.back})
		}
	case *optionsScene:
		choices(&s.form, s.area)
		fmt.Fprintf(&b, "help %s\n", s.help())
		buttons([]*button{s.done})
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
		shown := func(bs ...*button) {
			for _, x := range bs {
				if shows(s.area, x.Rect) {
					buttons([]*button{x})
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
		buttons([]*button{s.back})
	case *serverScene:
		state = "online server"
		if shows(s.area, s.field.Rect) {
			widget("server field", s.field.Rect)
		}
		fmt.Fprintf(&b, "field %q\n", s.field.Text)
		if s.problem != "" {
			fmt.Fprintf(&b, "problem %s\n", s.problem)
		}
		for _, x := range []*button{s.pasteB, s.clearB} {
			if shows(s.area, x.Rect) {
				buttons([]*button{x})
			}
		}
		buttons([]*button{s.cancelB, s.saveB})
	case *savedScene:
		f := &form{Rows: []*choice{&s.filter}}
		choices(f, Rect{})
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
			buttons([]*button{s.copyPath})
		}
	case *rulesScene:
		fmt.Fprintf(&b, "page %d of %d\n", s.page+1, len(s.pages))
		buttons([]*button{s.prev, s.done, s.next})
	case *statsScene:
		for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
			t := s.stats.Total(v)
			fmt.Fprintf(&b, "stats %s won %d drawn %d lost %d\n", v, t.Won, t.Drawn, t.Lost)
			if r, ok := s.stats.RatingOf(v); ok {
				fmt.Fprintf(&b, "rating %s %d games %d\n", v, r.Current(), r.Games)
			}
		}
		buttons([]*button{s.back})
	}
	fmt.Fprintf(&b, "theme %s\n", a.Theme.Name)
	fmt.Fprintf(&b, "language %s\n", locale.Current().Code)
	// the smallest text since the scene or the window last changed
	if screen := fmt.Sprintf("%p %v %v", scene, a.W, a.H); screen != textScreen {
		textScreen = screen
		smallestText = 0 // counted again from the next frame
		texts.drawn, texts.seen, texts.shown = nil, nil, nil
	}
	texts.take(a)
	for _, ln := range texts.shown {
		b.WriteString(ln)
	}
	fmt.Fprintf(&b, "scale %g text %.0f\n", a.css(), smallestText)
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
func (gs *gameScene) logLayout(a *App, b *strings.Builder, widget func(string, Rect), buttons func([]*button)) string {
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
			_, graph, bs := gs.analysisCardParts(a, card)
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
func (gs *gameScene) logAnalysis(a *App, b *strings.Builder, widget func(string, Rect)) {
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

// texts notes what became of the words drawn, for the layout log: while
// noting (in --debug mode), the labels drawn in their widget's box, the
// texts cut, and at a full redraw (headless: every draw is) those wider
// than their image. One game runs per process, on one goroutine.
var texts textNotes

type textNotes struct {
	noting, clip bool
	drawn        []string        // since the last frame the log took
	seen         map[string]bool // drawn's lines, once each
	shown        []string        // the last drawn frame's, for the log
}

// take starts noting, and once a frame was drawn, keeps what it drew.
func (t *textNotes) take(a *App) {
	t.noting, t.clip = true, a.headless
	if a.drew {
		t.shown, t.drawn, t.seen = t.drawn, nil, nil
	}
}

// note keeps one line of the layout log about a text.
func noteText(format string, args ...any) {
	ln := fmt.Sprintf(format, args...)
	if texts.seen[ln] {
		return
	}
	if texts.seen == nil {
		texts.seen = map[string]bool{}
	}
	texts.seen[ln] = true
	texts.drawn = append(texts.drawn, ln)
}

// noteLabel notes a widget's label drawn from x, w wide, in its box.
func noteLabel(label string, x, w float64, box Rect) {
	if texts.noting && label != "" {
		noteText("text %q %.0f %.0f in %.0f %.0f\n", label, x, w, box.X, box.W)
	}
}

// noteRowLabel notes a choice row's label: beside its segments, or above
// them in a narrow form.
func noteRowLabel(c *choice, fc text.Face) {
	if !texts.noting || c.Label == "" {
		return
	}
	box := c.Rect
	if !c.stacked && len(c.segs) > 0 {
		box.W = c.segs[0].X - box.X
	}
	noteLabel(c.Label, c.Rect.X, text.AdvanceAt(c.Label, len(c.Label), fc), box)
}

// drawnBy names the function that called drawText or fitText (which
// called the note): where a cut text is drawn, whatever its language.
func drawnBy() string {
	pc, _, _, ok := runtime.Caller(3)
	if !ok {
		return "?"
	}
	name := runtime.FuncForPC(pc).Name()
	return name[strings.LastIndex(name, "/")+1:]
}

// noteCut notes a text that fitText shortens.
func noteCut(s string) {
	if texts.noting {
		noteText("cut %q by %s\n", s, drawnBy())
	}
}

// noteDrawn notes a line drawn at x (aligned by al) that is wider than
// the image it is drawn on: its ends are cut off.
func noteDrawn(dst *ebiten.Image, s string, fc text.Face, x float64, al Align) {
	if !texts.clip || s == "" {
		return
	}
	w := 0.0
	for _, ln := range strings.Split(s, "\n") {
		w = max(w, text.AdvanceAt(ln, len(ln), fc))
	}
	switch al {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	if b := dst.Bounds(); x < float64(b.Min.X)-0.5 || x+w > float64(b.Max.X)+0.5 {
		noteText("clipped %q %.0f %.0f in %d %d by %s\n", s, x, w, b.Min.X, b.Dx(), drawnBy())
	}
}
