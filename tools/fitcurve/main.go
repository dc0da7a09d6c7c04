// Command fitcurve fits the logistic curve that turns the search's scores
// into winning chances (analysis.WinningChances), as Lichess fitted its
// curve on real games: it plays the engine against itself, records for
// every searched position the score from x's side and the game's result
// for x (1, ½ or 0), and finds by maximum likelihood the slope k of
//
//	chances = 1 / (1 + exp(-k × score))
//
// on four games in five; the fifth is held out to check the curve. It
// prints a summary (games, pairs, k, held-out log-loss and calibration, and
// the pairs binned by score, from which the fit can be redone).
//
//	go run ./tools/fitcurve -games 300 -nodes 20000 -save games.txt > tools/fitcurve/summary.txt
//	go run ./tools/fitcurve -agree games.txt -agree-games 4 -nodes 250000
//
// With -agree it instead measures how the analysis's marks depend on its
// budget: it analyses games with -nodes and with four times that and
// reports how often the marks agree.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

// pair is one searched position: the score from x's side and the result
// for x.
type pair struct {
	score  int
	result float64
}

// game is one self-play game.
type game struct {
	moves  []rules.Move
	pairs  []pair
	result float64
}

func main() {
	games := flag.Int("games", 300, "self-play games")
	nodes := flag.Uint64("nodes", 20000, "node budget per move (fit), or per position (-agree)")
	workers := flag.Int("workers", 2, "games played (or analysed) at once")
	seed := flag.Uint64("seed", 1, "random seed")
	random := flag.Int("random", 2, "random plies that open each game, for variety")
	limit := flag.Int("limit", 160, "plies after which a game is a draw")
	save := flag.String("save", "", "write the games' moves there, one game a line")
	agree := flag.String("agree", "", "instead of fitting, analyse the games in this file (from -save) at -nodes and 4×")
	agreeGames := flag.Int("agree-games", 6, "with -agree: how many games")
	flag.Parse()
	if *agree != "" {
		if err := measureAgreement(os.Stdout, *agree, *agreeGames, *nodes, *workers); err != nil {
			fmt.Fprintln(os.Stderr, "fitcurve:", err)
			os.Exit(1)
		}
		return
	}
	start := time.Now()
	played := playAll(*games, *workers, *nodes, *seed, *random, *limit)
	if *save != "" {
		if err := saveGames(*save, played); err != nil {
			fmt.Fprintln(os.Stderr, "fitcurve:", err)
			os.Exit(1)
		}
	}
	report(os.Stdout, played, *nodes, *random, *limit, time.Since(start))
}

// playAll plays the games, workers at a time; game i is seeded by (seed, i)
// so the set is the same on every run.
func playAll(n, workers int, nodes, seed uint64, random, limit int) []game {
	out := make([]game, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, workers) {
		wg.Go(func() {
			for i := range next {
				out[i] = play(nodes, rand.New(rand.NewPCG(seed, uint64(i))), random, limit)
			}
		})
	}
	for i := range n {
		next <- i
		if (i+1)%25 == 0 {
			fmt.Fprintf(os.Stderr, "fitcurve: %d games started\n", i+1)
		}
	}
	close(next)
	wg.Wait()
	return out
}

// play plays one game of Hard against Hard at a small budget: jitter 2
// as Hard has, each side with its own table.
func play(nodes uint64, r *rand.Rand, random, limit int) game {
	g := rules.NewGame(rules.Classic)
	g.MoveLimit = limit
	var gm game
	var buf [rules.MaxMoves]rules.Move
	for range random {
		ms := g.Position().LegalMoves(buf[:0])
		m := ms[r.IntN(len(ms))]
		if err := g.Play(m); err != nil || g.Over() {
			break
		}
		gm.moves = append(gm.moves, m)
	}
	searchers := [2]*search.Searcher{search.NewSearcher(16), search.NewSearcher(16)}
	for !g.Over() {
		side := g.Position().SideToMove()
		res := searchers[side].Search(context.Background(), g, search.Options{
			Limits: search.Limits{Nodes: nodes}, Threads: 1, Jitter: 2, Rand: r})
		if !search.IsProven(res.Score) {
			s := res.Score
			if side == rules.O {
				s = -s
			}
			gm.pairs = append(gm.pairs, pair{score: s})
		}
		if err := g.Play(res.Move); err != nil {
			panic(err)
		}
		gm.moves = append(gm.moves, res.Move)
	}
	switch res := g.Result(); {
	case res.Status == rules.Win && res.Winner == rules.X:
		gm.result = 1
	case res.Status == rules.Win:
		gm.result = 0
	default:
		gm.result = 0.5
	}
	for i := range gm.pairs {
		gm.pairs[i].result = gm.result
	}
	return gm
}

// split returns the pairs of the fitting games and of the held-out ones
// (every fifth game).
func split(games []game) (fit, held []pair) {
	for i, g := range games {
		if i%5 == 4 {
			held = append(held, g.pairs...)
		} else {
			fit = append(fit, g.pairs...)
		}
	}
	return fit, held
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fitK maximises the likelihood of the results (½ for a draw counts half
// a win and half a loss). The log-likelihood is concave in k, so its
// derivative falls as k grows: bisection finds where it is 0.
func fitK(pairs []pair) float64 {
	slope := func(k float64) float64 {
		g := 0.0
		for _, p := range pairs {
			s := float64(p.score)
			g += (p.result - sigmoid(k*s)) * s
		}
		return g
	}
	lo, hi := 0.0, 1.0
	for range 100 {
		mid := (lo + hi) / 2
		if slope(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// logLoss is the mean negative log-likelihood of the results in bits.
func logLoss(pairs []pair, k float64) float64 {
	sum := 0.0
	for _, p := range pairs {
		q := min(max(sigmoid(k*float64(p.score)), 1e-12), 1-1e-12)
		sum -= p.result*math.Log2(q) + (1-p.result)*math.Log2(1-q)
	}
	return sum / float64(len(pairs))
}

// binWidth is the width of the score bins in the summary, in centi-pieces.
const binWidth = 10

func report(w io.Writer, games []game, nodes uint64, random, limit int, took time.Duration) {
	var wins, draws, losses, plies int
	for _, g := range games {
		plies += len(g.moves)
		switch g.result {
		case 1:
			wins++
		case 0:
			losses++
		default:
			draws++
		}
	}
	fit, held := split(games)
	k := fitK(fit)
	fmt.Fprintf(w, "fitcurve: %d games of 4×4, Hard against Hard at %d nodes a move (one thread, jitter 2), %d random opening plies, a draw after %d plies; %s\n",
		len(games), nodes, random, limit, took.Round(time.Second))
	fmt.Fprintf(w, "results for x: %d wins, %d draws, %d losses; %d plies; %d positions with a score that is not proven\n",
		wins, draws, losses, plies, len(fit)+len(held))
	fmt.Fprintf(w, "fit on %d positions (4 games in 5): k = %.6f per centi-piece\n", len(fit), k)
	fmt.Fprintf(w, "held out %d positions (every 5th game): log-loss %.4f bits with the fit, %.4f with k refitted on them, %.4f with chances 50 %%\n",
		len(held), logLoss(held, k), logLoss(held, fitK(held)), logLoss(held, 0))
	fmt.Fprintln(w, "held-out calibration: predicted chances for x | positions | mean predicted | x's mean result")
	type bin struct {
		n         int
		pred, res float64
	}
	var bins [10]bin
	for _, p := range held {
		q := sigmoid(k * float64(p.score))
		b := &bins[min(9, int(q*10))]
		b.n++
		b.pred += q
		b.res += p.result
	}
	for i, b := range bins {
		if b.n == 0 {
			continue
		}
		fmt.Fprintf(w, "  %3d-%3d %% | %6d | %5.1f | %5.1f\n", i*10, i*10+10, b.n, 100*b.pred/float64(b.n), 100*b.res/float64(b.n))
	}
	fmt.Fprintf(w, "all pairs binned by x's score (%d centi-pieces a bin): bin | positions | x's mean result\n", binWidth)
	byBin := map[int][2]float64{}
	for _, p := range append(fit, held...) {
		b := int(math.Floor(float64(p.score) / binWidth))
		c := byBin[b]
		byBin[b] = [2]float64{c[0] + 1, c[1] + p.result}
	}
	keys := make([]int, 0, len(byBin))
	for b := range byBin {
		keys = append(keys, b)
	}
	sort.Ints(keys)
	for _, b := range keys {
		c := byBin[b]
		fmt.Fprintf(w, "  [%5d,%5d) | %6d | %5.1f\n", b*binWidth, b*binWidth+binWidth, int(c[0]), 100*c[1]/c[0])
	}
}

func saveGames(path string, games []game) error {
	var b strings.Builder
	for _, g := range games {
		for i, m := range g.moves {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.Notation(rules.Classic))
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// measureAgreement analyses the first n games of the file of 20 plies or
// more (at most 40 plies of each), workers at a time, with the budget and
// with four times it, and reports the share of plies whose marks agree:
// exactly, with best and good taken as one (which of two near-equal moves
// is "the best" depends on the budget), on being marked at all, and on
// being a mistake or worse (what Learn from your mistakes asks about); and
// the time each analysis took.
func measureAgreement(w io.Writer, path string, n int, nodes uint64, workers int) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var games []*rules.Game
	for _, line := range strings.Split(string(data), "\n") {
		if len(games) == n {
			break
		}
		g := rules.NewGame(rules.Classic)
		for i, word := range strings.Fields(line) {
			if i == 40 {
				break
			}
			m, err := rules.ParseMove(rules.Classic, word)
			if err != nil {
				return err
			}
			if err := g.Play(m); err != nil {
				return err
			}
		}
		if g.Plies() >= 20 {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		return fmt.Errorf("%s: no game of 20 plies or more", path)
	}
	type result struct {
		a, b   *analysis.Game
		t1, t4 time.Duration
		err    error
	}
	results := make([]result, len(games))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, workers) {
		wg.Go(func() {
			for i := range next {
				r := &results[i]
				s := time.Now()
				r.a, r.err = analysis.Analyze(context.Background(), games[i], analysis.Options{Nodes: nodes})
				r.t1 = time.Since(s)
				if r.err != nil {
					continue
				}
				s = time.Now()
				r.b, r.err = analysis.Analyze(context.Background(), games[i], analysis.Options{Nodes: 4 * nodes})
				r.t4 = time.Since(s)
				fmt.Fprintf(os.Stderr, "fitcurve: game %d analysed\n", i+1)
			}
		})
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	var same, sameKind, sameFlag, sameSerious, total, diffChances int
	var t1, t4 time.Duration
	for i, r := range results {
		if r.err != nil {
			return r.err
		}
		t1 += r.t1
		t4 += r.t4
		for j := range r.a.Plies {
			pa, pb := r.a.Plies[j], r.b.Plies[j]
			total++
			if pa.Mark == pb.Mark {
				same++
			}
			if max(pa.Mark, analysis.Good) == max(pb.Mark, analysis.Good) {
				sameKind++
			}
			if (pa.Mark >= analysis.Inaccuracy) == (pb.Mark >= analysis.Inaccuracy) {
				sameFlag++
			}
			if (pa.Mark >= analysis.Mistake) == (pb.Mark >= analysis.Mistake) {
				sameSerious++
			}
			diffChances += abs(pa.After - pb.After)
		}
		fmt.Fprintf(w, "game %d: %d plies, %s at %d nodes, %s at %d; marks %s / %s\n", i+1, games[i].Plies(),
			r.t1.Round(time.Second), nodes, r.t4.Round(time.Second), 4*nodes, marks(r.a), marks(r.b))
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(total) }
	fmt.Fprintf(w, "%d games, %d plies: marks agree %.1f %%, with best and good as one %.1f %%; marked (?!, ?, ??) or not agrees %.1f %%; mistake-or-worse or not %.1f %%; mean |Δ after| %.1f points; time %s at %d nodes, %s at %d\n",
		len(games), total, pct(same), pct(sameKind), pct(sameFlag), pct(sameSerious),
		float64(diffChances)/float64(total), t1.Round(time.Second), nodes, t4.Round(time.Second), 4*nodes)
	return nil
}

// marks writes a game's marks one letter a ply: B best, g good, i, m, b.
func marks(a *analysis.Game) string {
	var b strings.Builder
	for _, p := range a.Plies {
		b.WriteByte("Bgimb"[p.Mark])
	}
	return b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
