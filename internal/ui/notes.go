package ui

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Texts notes what became of the words drawn, for the game's layout log
// (internal/app's debuglayout.go): while noting (in --debug mode), the
// labels drawn in their widget's box, the texts cut, and at a full redraw
// (headless: every draw is) those wider than their image. One game runs
// per process, on one goroutine.
var Texts TextNotes

// TextNotes are the layout log's notes on texts.
type TextNotes struct {
	Noting, Clip bool
	Drawn        []string        // since the last frame the log took
	Seen         map[string]bool // drawn's lines, once each
	Shown        []string        // the last drawn frame's, for the log
}

// Take starts noting (clipped texts too when clip: every draw is a full
// one), and once a frame was drawn (drew), keeps what it drew in Shown.
func (t *TextNotes) Take(clip, drew bool) {
	t.Noting, t.Clip = true, clip
	if drew {
		t.Shown, t.Drawn, t.Seen = t.Drawn, nil, nil
	}
}

// noteText keeps one line of the layout log about a text.
func noteText(format string, args ...any) {
	ln := fmt.Sprintf(format, args...)
	if Texts.Seen[ln] {
		return
	}
	if Texts.Seen == nil {
		Texts.Seen = map[string]bool{}
	}
	Texts.Seen[ln] = true
	Texts.Drawn = append(Texts.Drawn, ln)
}

// NoteLabel notes a widget's label drawn from x, w wide, in its box.
func NoteLabel(label string, x, w float64, box Rect) {
	if Texts.Noting && label != "" {
		noteText("text %q %.0f %.0f in %.0f %.0f\n", label, x, w, box.X, box.W)
	}
}

// noteRowLabel notes a choice row's label: beside its segments, or above
// them in a narrow form.
func noteRowLabel(c *Choice, fc text.Face) {
	if !Texts.Noting || c.Label == "" {
		return
	}
	box := c.Rect
	if !c.Stacked && len(c.Segs) > 0 {
		box.W = c.Segs[0].X - box.X
	}
	NoteLabel(c.Label, c.Rect.X, text.AdvanceAt(c.Label, len(c.Label), fc), box)
}

// drawnBy names the function that called DrawText or FitText (which
// called the note): where a cut text is drawn, whatever its language.
func drawnBy() string {
	pc, _, _, ok := runtime.Caller(3)
	if !ok {
		return "?"
	}
	name := runtime.FuncForPC(pc).Name()
	return name[strings.LastIndex(name, "/")+1:]
}

// noteCut notes a text that FitText shortens.
func noteCut(s string) {
	if Texts.Noting {
		noteText("cut %q by %s\n", s, drawnBy())
	}
}

// noteDrawn notes a line drawn at x (aligned by al) that is wider than
// the image it is drawn on: its ends are cut off.
func noteDrawn(dst *ebiten.Image, s string, fc text.Face, x float64, al Align) {
	if !Texts.Clip || s == "" {
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
