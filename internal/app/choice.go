package app

import "github.com/gobblet-game/gobblet/internal/ui"

// segmentText is how a segment s shows its words, at most at size fs:
// smaller words rather than cut ones, then on two lines ("High /
// contrast", "Two / players"), and cut only when even that does not fit.
func segmentText(a *App, words string, fs ui.Face, s ui.Rect) ([]string, ui.Face) {
	u := a.U()
	fits := func(t string, fo ui.Face) bool { return ui.TextWidth(t, fo) <= s.W-12*u }
	fo := fs
	for _, size := range []float64{ui.SizeSmall, ui.SizeSmall - 2} {
		if fits(words, fo) {
			break
		}
		fo = a.Face(ui.Medium, size)
	}
	if fits(words, fo) {
		return []string{words}, fo
	}
	for _, size := range []float64{ui.SizeSmall, ui.SizeSmall - 2} {
		f2 := a.Face(ui.Medium, size)
		first, second, ok := twoLines(words)
		if !ok {
			// no space (Japanese, Chinese): where a line may break
			// nearest the middle
			if l := ui.Wrap(words, f2, ui.TextWidth(words, f2)*0.55); len(l) == 2 {
				first, second, ok = l[0], l[1], true
			}
		}
		if ok && fits(first, f2) && fits(second, f2) && 2*ui.LineHeight(f2) <= s.H-4*u {
			return []string{first, second}, f2
		}
	}
	return []string{ui.FitText(words, fo, s.W-6*u)}, fo
}

// twoLines splits words at the space nearest their middle.
func twoLines(words string) (string, string, bool) {
	best := -1
	for i, r := range words {
		if r == ' ' && (best < 0 || abs(float64(i-len(words)/2)) < abs(float64(best-len(words)/2))) {
			best = i
		}
	}
	if best < 0 {
		return "", "", false
	}
	return words[:best], words[best+1:], true
}
