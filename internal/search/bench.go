package search

import "github.com/gobblet-game/gobblet/internal/rules"

// BenchPosition is a fixed position searched to a fixed depth by the bench
// command and benchmarks, so every change is measured the same way.
type BenchPosition struct {
	Position string
	Depth    int
}

// benchPositions: openings, middle games and endings of both variants.
var benchPositions = []BenchPosition{
	{"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", 7},
	{"classic:.,.,.,./.,x4,.,./.,.,o4,./.,.,.,.:x", 7},
	{"classic:x4,.,.,o4/x3o4,.,.,./o3x4,.,.,./o3,.,.,o4:x", 7},
	{"classic:.,x4,x3o4,x3/.,x4,x4,./o3,.,.,./o4,.,.,.:x", 7},
	{"classic:o3,.,o1,x3/.,.,.,./x3,o2,.,./x4,.,x4,o4:x", 7},
	{"classic:.,x3,o3,x4/.,.,.,x2/.,.,.,x4/.,o4,.,o4:x", 7},
	{"classic:o4,x3,.,./.,o2x4,.,o3/x2,.,o4,./x4,.,.,o3:o", 7},
	{"classic:x1o4,.,o2,x3/.,x4,o3,./o1,.,x2o3,./.,x4,.,o4:x", 7},
	{"gobblers:.,.,./.,.,./.,.,.:x", 9},
	{"gobblers:.,.,./.,x3,./.,.,o2:x", 9},
	{"gobblers:o1,.,x2/.,x3,./o3,.,.:x", 9},
	{"gobblers:.,o2,./x1,o1x3,./.,.,o3:o", 9},
}

// BenchPositions returns the bench positions of a variant.
func BenchPositions(v rules.Variant) []BenchPosition {
	var out []BenchPosition
	for _, bp := range benchPositions {
		p, err := rules.ParsePosition(bp.Position)
		if err != nil {
			panic("bench position " + bp.Position + ": " + err.Error())
		}
		if p.Variant() == v {
			out = append(out, bp)
		}
	}
	return out
}
