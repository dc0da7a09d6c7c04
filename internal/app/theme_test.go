package app

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/palette"
)

// linear is an sRGB channel (0..255) in linear light.
func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// luminance is WCAG 2 relative luminance of an opaque colour.
func luminance(c color.RGBA) float64 {
	return 0.2126*linear(c.R) + 0.7152*linear(c.G) + 0.0722*linear(c.B)
}

// contrast is the WCAG 2 contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// over composites a premultiplied colour (withAlpha) on an opaque one, as
// the GPU blends it.
func over(fg, bg color.RGBA) color.RGBA {
	k := 1 - float64(fg.A)/255
	ch := func(f, b uint8) uint8 { return uint8(math.Min(255, math.Round(float64(f)+float64(b)*k))) }
	return color.RGBA{ch(fg.R, bg.R), ch(fg.G, bg.G), ch(fg.B, bg.B), 255}
}

// colourPair is one colour drawn on another.
type colourPair struct {
	what   string
	fg, bg color.RGBA
}

// textPairs lists every text colour of a theme with the background it is
// drawn on, as the scenes draw them (the file and use in the name). The
// primary and toggle fills are the theme's contract for widgets.go and
// choice.go (Primary, PrimaryHi, OnPrimary, Toggle).
func textPairs(th *palette.Theme) []colourPair {
	bar := over(palette.WithAlpha(th.Panel, 0.85), th.Background) // top and status bars
	field := palette.Mix(th.Background, th.Panel, 0.4)            // lobby code field
	listHi := over(palette.WithAlpha(th.Accent, 0.25), th.Panel)  // current move in the list
	rowHi := over(palette.WithAlpha(th.Accent, 0.2), th.Panel)    // focused saved game
	warn := palette.Mix(th.Warn, palette.White, 0.25)
	if th.Light {
		warn = th.Warn
	}
	ps := []colourPair{
		{"title: Text on BackTop", th.Text, th.BackTop},
		{"Text on Background", th.Text, th.Background},
		{"Text on Panel (cards, tooltips)", th.Text, th.Panel},
		{"Text on the bars", th.Text, bar},
		{"button: Text on Button", th.Text, th.Button},
		{"button: Text on ButtonHi (hover, focus)", th.Text, th.ButtonHi},
		{"button: Text on Toggle (on)", th.Text, th.Toggle},
		{"button: OnPrimary on Primary", th.OnPrimary, th.Primary},
		{"button: OnPrimary on PrimaryHi", th.OnPrimary, th.PrimaryHi},
		{"lobby: Text on the code field", th.Text, field},
		{"moves: Text on the current move", th.Text, listHi},
		{"saved: Text on the focused row", th.Text, rowHi},
		{"TextDim on Background", th.TextDim, th.Background},
		{"TextDim on BackTop", th.TextDim, th.BackTop},
		{"TextDim on Panel", th.TextDim, th.Panel},
		{"TextDim on the bars", th.TextDim, bar},
		{"saved: TextDim on the focused row", th.TextDim, rowHi},
		{"button: TextDim on a disabled button", th.TextDim, palette.Mix(th.Button, th.Background, 0.5)},
		{"board: coordinates on the frame", over(palette.WithAlpha(th.TextDim, 0.9), th.Board), th.Board},
		{"menu: hint line", over(palette.WithAlpha(th.TextDim, 0.8), th.Background), th.Background},
		{"status: warning", warn, bar},
		{"saved: Good (You won) on Panel", th.Good, th.Panel},
		{"board: the 3 on the line-of-three badge", palette.Black, th.Good},
	}
	for c := 0; c < 2; c++ {
		name := colourNames[c]
		lit := palette.Mix(th.Panel, th.Player[c], 0.12)
		ps = append(ps,
			colourPair{name + ": player text on Panel", th.PlayerText(c), th.Panel},
			colourPair{name + ": player text on the bars", th.PlayerText(c), bar},
			colourPair{name + ": player text on its lit reserve", th.PlayerText(c), lit},
			colourPair{name + ": Text on its lit reserve", th.Text, lit},
		)
	}
	for _, v := range []struct {
		name string
		c    color.RGBA
	}{{"win", th.Good}, {"loss", th.Warn}, {"draw", th.TextDim}} {
		ps = append(ps, colourPair{"values: " + v.name + " label", palette.Mix(v.c, th.Text, 0.25), over(palette.WithAlpha(th.Background, 0.88), th.SquareA)})
	}
	return ps
}

// minText is the contrast every text of a theme must reach: WCAG AAA (7:1)
// for high contrast, AA (4.5:1) for the others.
func minText(th *palette.Theme) float64 {
	if th.Name == "contrast" {
		return 7
	}
	return 4.5
}

func TestThemeTextContrast(t *testing.T) {
	for i := range palette.Themes {
		th := &palette.Themes[i]
		least := math.Inf(1)
		for _, p := range textPairs(th) {
			r := contrast(p.fg, p.bg)
			least = math.Min(least, r)
			if r < minText(th) {
				t.Errorf("%s: %s: %.2f:1, want at least %.1f:1", th.Name, p.what, r, minText(th))
			}
		}
		t.Logf("%s: lowest text contrast %.2f:1", th.Name, least)
	}
}

// TestHighContrastBoardReads checks what is not text on the high-contrast
// board: square edges stand out from the squares at 4.5:1, markers and
// pieces at least at WCAG's 3:1 for graphics.
func TestHighContrastBoardReads(t *testing.T) {
	th := palette.ByName("contrast")
	type graphic struct {
		colourPair
		min float64
	}
	var ps []graphic
	for _, sq := range []struct {
		name string
		c    color.RGBA
	}{{"SquareA", th.SquareA}, {"SquareB", th.SquareB}} {
		ps = append(ps,
			graphic{colourPair{"square edge (BoardInner) on " + sq.name, th.BoardInner, sq.c}, 4.5},
			graphic{colourPair{"cursor and rings (Accent) on " + sq.name, th.Accent, sq.c}, 4.5},
			graphic{colourPair{"legal dot on " + sq.name, over(palette.WithAlpha(th.Accent, 0.5), sq.c), sq.c}, 3},
			graphic{colourPair{"line-of-three ring (Good) on " + sq.name, over(palette.WithAlpha(th.Good, 0.9), sq.c), sq.c}, 4.5},
			graphic{colourPair{"orange piece on " + sq.name, th.Player[0], sq.c}, 3},
			graphic{colourPair{"blue piece on " + sq.name, th.Player[1], sq.c}, 3},
		)
	}
	ps = append(ps, graphic{colourPair{"board edge (BoardInner) on the frame", th.BoardInner, th.Board}, 4.5})
	for _, p := range ps {
		if r := contrast(p.fg, p.bg); r < p.min {
			t.Errorf("contrast: %s: %.2f:1, want at least %.1f:1", p.what, r, p.min)
		}
	}
}

// cvd simulates full protanopia, deuteranopia and tritanopia (Machado,
// Oliveira and Fernandes 2009, severity 1) in linear RGB.
var cvd = map[string][3][3]float64{
	"protan": {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"deutan": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"tritan": {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

func simulate(m [3][3]float64, c color.RGBA) [3]float64 {
	l := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var out [3]float64
	for i := range out {
		v := m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2]
		v = math.Min(1, math.Max(0, v))
		if v <= 0.0031308 {
			out[i] = v * 12.92
		} else {
			out[i] = 1.055*math.Pow(v, 1/2.4) - 0.055
		}
	}
	return out
}

// TestPlayerColoursStayApart checks that the two players' colours remain far
// apart for the three kinds of colour blindness, in every theme.
func TestPlayerColoursStayApart(t *testing.T) {
	for i := range palette.Themes {
		th := &palette.Themes[i]
		for kind, m := range cvd {
			a, b := simulate(m, th.Player[0]), simulate(m, th.Player[1])
			d := math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
			if d < 0.35 {
				t.Errorf("%s: players look alike to %s (distance %.2f)", th.Name, kind, d)
			}
		}
	}
}

// TestRulePagesFitTheirCard lays out every rules page as Draw does and checks
// that no line is wider than the card's text column and the text ends above
// the card's bottom, at the default and at a small window.
func TestRulePagesFitTheirCard(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {900, 640}, {1024, 768}, {800, 600}, {640, 420}, {1280, 1024}, {1600, 900}, {1920, 1080}} {
		a := newHeadless(&scriptSource{}, size[0], size[1])
		rs := newRulesScene(a, nil)
		for i, pg := range rs.pages {
			rs.page = i
			g := rs.geometry(a)
			for _, ln := range append([]placedText{g.title}, g.lines...) {
				if ln.w > ln.max+0.5 {
					t.Errorf("%v×%v page %d %q: line %q is %.0f wide, room %.0f", size[0], size[1], i+1, pg.Title, ln.text, ln.w, ln.max)
				}
			}
			if g.bottom > g.card.Y+g.card.H-12*a.U()+g.scrollMax {
				t.Errorf("%v×%v page %d %q: text ends at %.0f, card ends at %.0f", size[0], size[1], i+1, pg.Title, g.bottom, g.card.Y+g.card.H)
			}
		}
	}
}

// TestRulesNameTheKeysTheGameReads checks that the rules explain the keys
// the game scene answers to.
func TestRulesNameTheKeysTheGameReads(t *testing.T) {
	caps := map[string]bool{}
	for _, pg := range rulePages() {
		for _, r := range pg.Keys {
			for _, k := range r.Keys {
				caps[k] = true
			}
		}
	}
	// hand.go, play.go, app.go, widgets.go
	for _, k := range []string{"←", "↑", "→", "↓", "Enter", "Space", "1–4", "Esc", "P", "H", "Ctrl+Z", "Ctrl+Y", "V", "S", "+", "Home", "End", "F11"} {
		if !caps[k] {
			t.Errorf("the rules' key table has no %s", k)
		}
	}
}

// TestControlsPictureShowsTheLineOfThreeBadge checks that the controls page
// shows line-of-three squares, which boardPicture marks as the game does:
// a ring and a "3" badge.
func TestControlsPictureShowsTheLineOfThreeBadge(t *testing.T) {
	found := false
	for _, pg := range rulePages() {
		if !strings.Contains(strings.Join(pg.Text, " "), "a 3 for the line-of-three") {
			continue
		}
		found = true
		if pg.Board == nil || pg.Board.Good == 0 {
			t.Errorf("page %q says a 3 marks the line-of-three squares, but its picture marks none", pg.Title)
		}
	}
	if !found {
		t.Error("no page describes the line-of-three marker")
	}
}

// The board's marks (a legal move's dot, the last move's tint) stand out
// from the squares in every theme: the wood's light squares once hid the
// slate's light blue.
func TestBoardMarksReadOnTheSquares(t *testing.T) {
	for i := range palette.Themes {
		th := &palette.Themes[i]
		for _, sq := range []color.RGBA{th.SquareA, th.SquareB} {
			dot := contrast(over(palette.WithAlpha(th.Mark, 0.5), sq), sq)
			last := contrast(over(palette.WithAlpha(th.Mark, 0.16), sq), sq)
			t.Logf("%s: dot %.2f:1, last move %.2f:1", th.Name, dot, last)
			if dot < 1.8 || last < 1.15 {
				t.Errorf("%s: a legal move's dot reads at %.2f:1 (want 1.8), the last move at %.2f:1 (want 1.15)", th.Name, dot, last)
			}
		}
	}
}
