package rules

import (
	"strings"
	"testing"
)

// FuzzParsePosition: nothing panics, and what parses prints back to a string
// that parses to the same position and prints identically.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"gobblers:.,.,./.,.,./.,.,.:x",
		"classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:x",
		"gobblers:x1o2x3,.,o1/.,o3,./x2,.,.:o",
		"gobblers:x3x1,.,./.,.,./.,.,.:x",
		"classic::x", ":", "gobblers:.,.,./.,.,./.,.,.:xx",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		out := p.String()
		q, err := ParsePosition(out)
		if err != nil {
			t.Fatalf("printed %q does not parse: %v", out, err)
		}
		if !q.Equal(&p) || q.Hash() != p.Hash() || q.String() != out {
			t.Fatalf("round trip changed %q into %q", out, q.String())
		}
		_ = p.LegalMoves(nil)
	})
}

// FuzzParseMove: nothing panics, and parse→print→parse is the identity.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4@b2", "1@c3", "a1-b2", "a1-a1", "5@a1", "@", "-", "a1-", "z9-a1"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, classic bool) {
		v := Gobblers
		if classic {
			v = Classic
		}
		m, err := ParseMove(v, s)
		if err != nil {
			return
		}
		out := m.Notation(v)
		back, err := ParseMove(v, out)
		if err != nil || back != m {
			t.Fatalf("%q printed as %q parses to %v, %v", s, out, back, err)
		}
		if out != s {
			t.Fatalf("accepted %q, canonical form is %q", s, out)
		}
	})
}

// FuzzRandomGames plays the game the fuzzer's bytes choose and checks the
// invariants after every move: pieces are conserved, the incremental hash
// equals the recomputed one, the parent position is untouched (copy-make
// is its own unmake), the 8 symmetric images have as many legal moves and
// the same result, and printing round-trips.
func FuzzRandomGames(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, false)
	f.Add([]byte{200, 17, 99, 3, 250, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, true)
	f.Add([]byte(strings.Repeat("\x07\x31\xfe", 40)), true)
	f.Add([]byte(strings.Repeat("\x03\x91", 60)), false)
	f.Fuzz(func(t *testing.T, choices []byte, classic bool) {
		v := Gobblers
		if classic {
			v = Classic
		}
		g := NewGame(v)
		for _, c := range choices {
			if g.Over() {
				break
			}
			p := g.Position()
			before := p
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				t.Fatalf("%s: no legal move (RULES.md: there is no stalemate)", p)
			}
			m := ms[int(c)%len(ms)]
			if err := g.Play(m); err != nil {
				t.Fatalf("%s: generated move %s refused: %v", p, m.Notation(v), err)
			}
			if !p.Equal(&before) || p.Hash() != before.Hash() {
				t.Fatal("Play changed its receiver")
			}
			checkInvariants(t, g.Position())
		}
	})
}

func checkInvariants(t *testing.T, p Position) {
	t.Helper()
	v := p.Variant()
	if p.Hash() != p.computeHash() {
		t.Fatalf("%s: incremental hash %x, recomputed %x", p, p.Hash(), p.computeHash())
	}
	for pl := X; pl <= O; pl++ {
		for s := 1; s <= v.Sizes(); s++ {
			if r := p.Reserve(pl, s); r < 0 || r > v.PiecesPerSize() {
				t.Fatalf("%s: %s has %d size-%d pieces in reserve", p, pl, r, s)
			}
		}
	}
	for s := 0; s < v.Sizes(); s++ {
		if p.pieces[X][s]&p.pieces[O][s] != 0 {
			t.Fatalf("%s: two size-%d pieces on one square", p, s+1)
		}
	}
	if v == Classic {
		hs := p.ReserveStacks(X)
		n := 0
		for _, h := range hs {
			n += h
		}
		left := 0
		for s := 1; s <= 4; s++ {
			left += p.Reserve(X, s)
		}
		if n != left {
			t.Fatalf("%s: reserve stacks %v hold %d pieces, %d left", p, hs, n, left)
		}
	}
	q, err := ParsePosition(p.String())
	if err != nil || !q.Equal(&p) {
		t.Fatalf("%s does not round-trip: %v", p, err)
	}
	moves := p.CountMoves()
	w, over := p.Winner()
	for s := Symmetry(1); s < NumSymmetries; s++ {
		img := p.Transform(s)
		if img.CountMoves() != moves {
			t.Fatalf("%s: image %d has %d moves, want %d", p, s, img.CountMoves(), moves)
		}
		if iw, io := img.Winner(); io != over || iw != w {
			t.Fatalf("%s: image %d has another result", p, s)
		}
		if img.Hash() != img.computeHash() {
			t.Fatal("Transform left a stale hash")
		}
	}
	// Every generated move maps to a generated move of each image.
	ms := p.LegalMoves(nil)
	for s := Symmetry(1); s < NumSymmetries; s++ {
		img := p.Transform(s)
		for _, m := range ms {
			if !img.IsLegal(s.Move(v, m)) {
				t.Fatalf("%s: %s is legal but its image under %d is not", p, m.Notation(v), s)
			}
		}
	}
}
