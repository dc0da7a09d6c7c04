package puzzle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The set file (puzzles.txt) has one puzzle a line:
//
//	<id> <variant> <position> <rating> <move> <move> …
//
// the same fields as `gobblet-engine puzzles` prints after its word
// "puzzle". Blank lines and lines starting with '#' are skipped.

// Format writes a puzzle as one line of the set file (no newline).
func Format(pz Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %d", pz.ID, pz.Variant, pz.Position, pz.Rating)
	for _, m := range pz.Solution {
		b.WriteByte(' ')
		b.WriteString(m.Notation(pz.Variant))
	}
	return b.String()
}

// Parse reads a set file. It checks every line: the fields, that the
// solution is a legal line that ends with the solver's win (and not
// before), that ids are unique and ratings in range and sorted easiest
// first; a problem is reported with its line number.
func Parse(text string) ([]Puzzle, error) {
	var out []Puzzle
	seen := make(map[string]int)
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		pz, err := ParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		if prev, ok := seen[pz.ID]; ok {
			return nil, fmt.Errorf("line %d: the id %s is already used on line %d", n+1, pz.ID, prev)
		}
		seen[pz.ID] = n + 1
		if len(out) > 0 && pz.Rating < out[len(out)-1].Rating {
			return nil, fmt.Errorf("line %d: the rating %d is lower than the line before's (%d): the set is sorted easiest first", n+1, pz.Rating, out[len(out)-1].Rating)
		}
		out = append(out, pz)
	}
	return out, nil
}

// ParseLine reads one line of the set file.
func ParseLine(line string) (Puzzle, error) {
	f := strings.Fields(line)
	if len(f) < 5 {
		return Puzzle{}, fmt.Errorf("a puzzle needs an id, a variant, a position, a rating and at least one move; this line has %d fields", len(f))
	}
	pz := Puzzle{ID: f[0]}
	if !validID(pz.ID) {
		return Puzzle{}, fmt.Errorf("the id %.20q must be 1 to 16 letters and digits", pz.ID)
	}
	v, err := rules.ParseVariant(f[1])
	if err != nil {
		return Puzzle{}, err
	}
	pz.Variant = v
	if pz.Position, err = rules.ParsePosition(f[2]); err != nil {
		return Puzzle{}, err
	}
	if pz.Position.Variant() != v {
		return Puzzle{}, fmt.Errorf("the position is %s but the puzzle says %s", pz.Position.Variant(), v)
	}
	if _, over := pz.Position.Winner(); over {
		return Puzzle{}, fmt.Errorf("the game is already over in the position")
	}
	if pz.Rating, err = strconv.Atoi(f[3]); err != nil || pz.Rating < MinRating || pz.Rating > MaxRating {
		return Puzzle{}, fmt.Errorf("the rating %.20q must be a whole number from %d to %d", f[3], MinRating, MaxRating)
	}
	if len(f[4:])%2 == 0 {
		return Puzzle{}, fmt.Errorf("the solution has %d moves; it must be odd, the solver's winning move last", len(f[4:]))
	}
	p := pz.Position
	solver := p.SideToMove()
	for i, s := range f[4:] {
		m, err := rules.ParseMove(v, s)
		if err != nil {
			return Puzzle{}, err
		}
		if err := p.CheckMove(m); err != nil {
			return Puzzle{}, fmt.Errorf("move %d (%s) is not legal: %v", i+1, s, err)
		}
		p = p.Play(m)
		w, over := p.Winner()
		last := i == len(f[4:])-1
		switch {
		case over && !last:
			return Puzzle{}, fmt.Errorf("the game ends at move %d (%s), before the solution does", i+1, s)
		case last && (!over || w != solver):
			return Puzzle{}, fmt.Errorf("the solution's last move (%s) does not win for %s", s, solver)
		}
		pz.Solution = append(pz.Solution, m)
	}
	pz.WinIn = (len(pz.Solution) + 1) / 2
	return pz, nil
}

func validID(id string) bool {
	if id == "" || len(id) > 16 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
