package ui

import (
	"testing"
)

// A row's segments share its room equally where every segment's words
// fit their share; where one does not, each gets its words' width and
// the short ones give room; where even that does not fit one line, the
// row wraps, and given the height it asks for, lays its segments out on
// two lines, each segment's words whole.
func TestChoiceSharesItsRoomByNeedThenWraps(t *testing.T) {
	h := &host{}
	levels := []string{"Лёгкий", "Средний", "Сложный", "Эксперт", "Идеальный"}
	cases := []struct {
		name    string
		options []string
		w       float64 // the form's width (under 500: labels above)
		equal   bool
		wraps   bool
	}{
		{"short words share equally", []string{"Easy", "Medium", "Hard", "Expert", "Perfect"}, 820, true, false},
		{"long words take room from short ones", levels, 620, false, false},
		{"words too long for one line wrap", levels, 300, true, true},
		{"three options never wrap", []string{"Лёгкий", "Идеальный", "Идеальный"}, 120, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := &Choice{Label: "Level", Options: c.options}
			if got := ch.Wraps(h, c.w); got != c.wraps {
				t.Fatalf("Wraps = %v, want %v", got, c.wraps)
			}
			rowH := 50.0
			if StackRows(h, c.w) {
				rowH = StackedLabelH + 46
			}
			ch.Layout(h, Rect{0, 0, c.w, ch.RowHeight(h, c.w, rowH)})
			if len(ch.Segs) != len(c.options) {
				t.Fatalf("%d segments for %d options", len(ch.Segs), len(c.options))
			}
			lines := map[float64]bool{}
			for i, s := range ch.Segs {
				lines[s.Y] = true
				if i > 0 && s.Y == ch.Segs[i-1].Y && s.X <= ch.Segs[i-1].X+ch.Segs[i-1].W {
					t.Errorf("segment %d overlaps the one before it: %v, %v", i, ch.Segs[i-1], s)
				}
				if s.X+s.W > c.w+0.01 || s.Y+s.H > ch.Rect.H+0.01 {
					t.Errorf("segment %d leaves the row %v: %v", i, ch.Rect, s)
				}
				if s.H < 36 {
					t.Errorf("segment %d is %.0f high", i, s.H)
				}
			}
			if want := map[bool]int{false: 1, true: 2}[c.wraps]; len(lines) != want {
				t.Errorf("segments on %d lines, want %d", len(lines), want)
			}
			if !c.wraps {
				same := true
				for _, s := range ch.Segs {
					same = same && s.W == ch.Segs[0].W
				}
				if same != c.equal {
					t.Errorf("equal widths = %v, want %v", same, c.equal)
				}
			}
			for i, s := range ch.Segs {
				if len(c.options) < 4 {
					break // cut: a row of three is never wrapped
				}
				lines, _ := SegmentText(h, c.options[i], h.Face(Medium, SizeBody-1), s)
				for _, l := range lines {
					if l != c.options[i] {
						t.Errorf("segment %d shows %q of %q in %.0f px", i, l, c.options[i], s.W)
					}
				}
			}
		})
	}
}
