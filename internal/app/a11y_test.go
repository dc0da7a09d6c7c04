package app

import (
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// fakeA11yPage stands for the browser's page (a11y_js.go).
type fakeA11yPage struct {
	view   *a11yView
	labels a11yLabels
	shows  int
	said   []string
	queue  []a11yAction
}

func (p *fakeA11yPage) show(v *a11yView, l a11yLabels) { p.view, p.labels = v, l; p.shows++ }
func (p *fakeA11yPage) announce(s string)              { p.said = append(p.said, s) }
func (p *fakeA11yPage) take() []a11yAction {
	q := p.queue
	p.queue = nil
	return q
}

func (p *fakeA11yPage) square(name string) string {
	for _, c := range p.view.Squares {
		if strings.HasPrefix(c.Label, name+":") || strings.HasPrefix(c.Label, name+" :") {
			return c.Label
		}
	}
	return ""
}

// The accessible copy of a 3×3 game: its words, its moves by the grid's
// buttons and by a typed move, refusals with a sentence, the whole stack
// of a square, and the page told again only when the game changed.
func TestA11yCopyOfTheBoardPlaysAndAnnounces(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	page := &fakeA11yPage{}
	st := &a11yState{page: page, plies: -1}
	step := func(acts ...a11yAction) {
		t.Helper()
		page.queue = append(page.queue, acts...)
		tb.tick()
		st.update(tb.a)
	}
	sq := func(name string) a11yAction {
		s, err := rules.ParseSquare(rules.Gobblers, name)
		if err != nil {
			t.Fatal(err)
		}
		return a11yAction{kind: a11ySquare, sq: s}
	}
	said := func(want string) {
		t.Helper()
		for _, s := range page.said {
			if strings.Contains(s, want) {
				return
			}
		}
		t.Errorf("the page was not told %q; it was told %q", want, page.said)
	}
	step()
	said("A new game of Gobblet Gobblers")
	if page.view == nil || len(page.view.Squares) != 9 || page.square("a1") != "a1: empty" {
		t.Fatalf("the page shows %+v", page.view)
	}
	if got := page.view.Reserves[0].Stacks[0].Label; got != "orange large: 2 pieces" {
		t.Errorf("orange's first stack says %q", got)
	}
	shows := page.shows
	step()
	step()
	if page.shows != shows {
		t.Errorf("the page was told the board again %d times with nothing changed", page.shows-shows)
	}

	step(a11yAction{kind: a11ySlot, colour: 0, slot: 2}) // orange small
	said("Picked up: orange small.")
	if !page.view.Reserves[0].Stacks[2].Held {
		t.Error("the stack held from is not marked")
	}
	step(sq("b2"))
	said("Orange plays a small piece from the reserve to b2.")
	step(a11yAction{kind: a11yText, text: " 3@B2 "})
	said("Blue plays a large piece from the reserve to b2, gobbling orange small.")
	if got := page.square("b2"); got != "b2: blue large over orange small" {
		t.Errorf("b2 says %q", got)
	}
	step(a11yAction{kind: a11yText, text: "zz"})
	said("“zz” is not a move")
	step(a11yAction{kind: a11yText, text: "2@b2"})
	said("A piece can only cover a smaller piece.")
	if got := tb.moves(); got != "1@b2 3@b2" {
		t.Errorf("moves %q after two refused", got)
	}

	// the page in German
	locale.Use("de")
	defer locale.Use("en")
	step()
	if got := page.square("b2"); got != "b2: blau groß über orange klein" {
		t.Errorf("in German b2 says %q", got)
	}
	if page.labels.TypeMove != "Zug eingeben" || page.view.Turn != "Orange ist am Zug." {
		t.Errorf("in German the controls say %+v, the turn %q", page.labels, page.view.Turn)
	}
}
