package settings

import (
	"strconv"
	"strings"
	"testing"
)

// The lesson's progress and the first-start offer round-trip, are left out
// of the file while unset (an older build, which refuses a field it does
// not know, still reads a newcomer's settings), and merge like any other
// setting: a second window's step is not lost.
func TestLessonProgressRoundTripsAndMerges(t *testing.T) {
	s := Default()
	b, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "lesson") {
		t.Errorf("unset lesson fields are written:\n%s", b)
	}
	s.LessonStep, s.LessonOffered = 5, true
	if b, err = Marshal(s); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.LessonStep != 5 || !got.LessonOffered {
		t.Errorf("read back step %d offered %v", got.LessonStep, got.LessonOffered)
	}

	prev := Default()
	next := prev
	next.LessonStep = 3 // this window: the lesson went on
	stored := prev
	stored.Theme = "wood" // another window: a theme
	m := Merge(prev, next, stored)
	if m.LessonStep != 3 || m.Theme != "wood" {
		t.Errorf("merged step %d theme %q, want 3 and wood", m.LessonStep, m.Theme)
	}
}

func TestLessonStepOutOfRangeIsRefused(t *testing.T) {
	for _, step := range []int{-1, MaxLessonStep + 1} {
		if _, err := Parse([]byte(`{"version": 2, "lesson_step": ` + strconv.Itoa(step) + `}`)); err == nil || !strings.Contains(err.Error(), "lesson_step") {
			t.Errorf("lesson_step %d: %v, want an error naming it", step, err)
		}
	}
}
