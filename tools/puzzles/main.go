// Command puzzles makes the game's puzzle set, internal/puzzle/puzzles.txt.
//
// 3×3 puzzles come from the solution: positions reached by play from the
// start where the side to move wins and exactly one move (up to the
// board's symmetry) wins fastest. 4×4 puzzles come from self-play games of
// a search level: positions of those games, and positions one natural move
// away from them, where the search reports a proven win and a proof search
// (internal/puzzle's Prover, which looks at every move) shows that one move
// forces the win and no other wins as fast. Every puzzle is graded (see
// grade.go) and checked again before it is written.
//
//	go run ./tools/puzzles                # the whole set, a few minutes
//	go run ./tools/puzzles -classic 0 -keep internal/puzzle/puzzles.txt
//	                                      # new 3×3 puzzles, the 4×4 ones kept
//
// See docs/puzzles.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func main() {
	out := flag.String("out", "internal/puzzle/puzzles.txt", "the set file to write")
	nG := flag.Int("gobblers", 260, "3×3 puzzles to make")
	nC := flag.Int("classic", 80, "4×4 puzzles to aim at")
	games := flag.Int("games", 90, "most 4×4 self-play games to play")
	level := flag.String("level", "hard", "the search level that plays the 4×4 games")
	seed := flag.Uint64("seed", 1, "seed of the games")
	maxWin := flag.Int("maxwin", 4, "longest 4×4 win, in the solver's moves")
	workers := flag.Int("workers", 2, "4×4 games played at once")
	keep := flag.String("keep", "", "a set file whose puzzles of a variant asked 0 times (-gobblers 0, -classic 0) are kept, graded again")
	budget := flag.Duration("time", 45*time.Minute, "start no 4×4 game after this long")
	flag.Parse()
	log.SetFlags(0)
	ctx := context.Background()
	start := time.Now()

	var all []puzzle.Puzzle
	if *keep != "" {
		kept, err := keepFrom(ctx, *keep, *nG == 0, *nC == 0)
		if err != nil {
			log.Fatalf("puzzles: %v", err)
		}
		log.Printf("kept %d puzzles of %s", len(kept), *keep)
		all = append(all, kept...)
	}
	if *nG > 0 {
		g, err := makeGobblers(ctx, *nG, *seed)
		if err != nil {
			log.Fatalf("puzzles: 3×3: %v", err)
		}
		log.Printf("3×3: %d puzzles (%s)", len(g), time.Since(start).Round(time.Second))
		all = append(all, g...)
	}
	if *nC > 0 {
		c, err := makeClassic(ctx, *nC, *games, *level, *seed, *maxWin, *workers, start.Add(*budget))
		if err != nil {
			log.Fatalf("puzzles: 4×4: %v", err)
		}
		log.Printf("4×4: %d puzzles (%s)", len(c), time.Since(start).Round(time.Second))
		all = append(all, c...)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Rating != all[j].Rating {
			return all[i].Rating < all[j].Rating
		}
		return all[i].Position.String() < all[j].Position.String()
	})
	// Ids in order of difficulty within each variant.
	count := map[rules.Variant]int{}
	for i := range all {
		count[all[i].Variant]++
		prefix := "g"
		if all[i].Variant == rules.Classic {
			prefix = "c"
		}
		all[i].ID = fmt.Sprintf("%s%04d", prefix, count[all[i].Variant])
	}
	// The last check: every puzzle once more, from its line as written.
	for _, pz := range all {
		back, err := puzzle.ParseLine(puzzle.Format(pz))
		if err != nil {
			log.Fatalf("puzzles: %s does not read back: %v", pz.ID, err)
		}
		if err := verify(ctx, back); err != nil {
			log.Fatalf("puzzles: %s fails its check: %v", pz.ID, err)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Gobblet puzzles, made by `go run ./tools/puzzles` (docs/puzzles.md).\n")
	fmt.Fprintf(&b, "# <id> <variant> <position> <rating> <solution moves…>, easiest first.\n")
	fmt.Fprintf(&b, "# %d puzzles: %d gobblers (3×3), %d classic (4×4).\n", len(all), count[rules.Gobblers], count[rules.Classic])
	for _, pz := range all {
		b.WriteString(puzzle.Format(pz))
		b.WriteByte('\n')
	}
	if _, err := puzzle.Parse(b.String()); err != nil {
		log.Fatalf("puzzles: the set does not read back: %v", err)
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatalf("puzzles: %v", err)
	}
	log.Printf("wrote %s: %d puzzles (%d 3×3, %d 4×4) in %s", *out, len(all), count[rules.Gobblers], count[rules.Classic], time.Since(start).Round(time.Second))
	printTable(all)
}

// keepFrom reads a set file and returns its puzzles of the variants
// asked, graded again.
func keepFrom(ctx context.Context, path string, gobblers, classic bool) ([]puzzle.Puzzle, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	set, err := puzzle.Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []puzzle.Puzzle
	for _, pz := range set {
		if pz.Variant == rules.Gobblers && gobblers || pz.Variant == rules.Classic && classic {
			pz.Rating, _, _ = grade(ctx, pz)
			out = append(out, pz)
		}
	}
	return out, nil
}

// verify checks a puzzle as the set's test does: 3×3 against the solution,
// 4×4 by a proof search.
func verify(ctx context.Context, pz puzzle.Puzzle) error {
	return puzzle.Verify(ctx, pz)
}

// printTable logs the counts by variant and difficulty band.
func printTable(all []puzzle.Puzzle) {
	bands := []int{600, 1000, 1400, 1800, 2201}
	for _, v := range []rules.Variant{rules.Gobblers, rules.Classic} {
		var line strings.Builder
		fmt.Fprintf(&line, "%-8s", v)
		for i := 0; i+1 < len(bands); i++ {
			n := 0
			for _, pz := range all {
				if pz.Variant == v && pz.Rating >= bands[i] && pz.Rating < bands[i+1] {
					n++
				}
			}
			fmt.Fprintf(&line, "  %d–%d: %3d", bands[i], bands[i+1]-1, n)
		}
		wins := map[int]int{}
		for _, pz := range all {
			if pz.Variant == v {
				wins[pz.WinIn]++
			}
		}
		keys := make([]int, 0, len(wins))
		for k := range wins {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			fmt.Fprintf(&line, "  win in %d: %d", k, wins[k])
		}
		log.Print(line.String())
	}
}
