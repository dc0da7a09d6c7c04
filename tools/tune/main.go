// Command tune tunes the search's evaluation weights by self-play, with
// SPSA: each step plays a pair of games (colours swapped, same random
// opening) between the weights nudged up and nudged down along a random
// direction, and moves the weights toward the side that scored better.
// It prints the weights as a Go literal for search.DefaultWeights.
//
//	go run ./tools/tune -steps 400 -nodes 20000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sync"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

func main() {
	steps := flag.Int("steps", 200, "SPSA steps (two games each)")
	nodes := flag.Uint64("nodes", 20000, "node budget per move")
	parallel := flag.Int("parallel", 2, "steps played at once")
	seed := flag.Uint64("seed", 1, "random seed")
	variant := flag.String("variant", "classic", "classic or gobblers")
	check := flag.Int("check", 0, "instead of tuning, play this many game pairs of -weights against the defaults")
	weights := flag.String("weights", "", "weights as JSON (for -check)")
	flag.Parse()
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
	if *check > 0 {
		w := search.DefaultWeights
		if err := json.Unmarshal([]byte(*weights), &w); err != nil {
			fmt.Fprintln(os.Stderr, "tune: -weights:", err)
			os.Exit(2)
		}
		checkWeights(v, w, *check, *nodes, *seed, *parallel)
		return
	}
	theta := toVector(search.DefaultWeights)
	r := rand.New(rand.NewPCG(*seed, 1))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, *parallel))
	score := 0.0
	for k := 0; k < *steps; k++ {
		// Gains shrink slowly, as SPSA asks; perturbations are a tenth of
		// a weight's size (at least 1).
		a := 0.5 / math.Pow(float64(k+10)/10, 0.602)
		mu.Lock()
		delta := make([]float64, len(theta))
		plus, minus := make([]float64, len(theta)), make([]float64, len(theta))
		for i := range theta {
			delta[i] = float64(r.IntN(2)*2 - 1)
			c := math.Max(1, math.Abs(theta[i])/10)
			plus[i] = theta[i] + c*delta[i]
			minus[i] = theta[i] - c*delta[i]
		}
		gameSeed := r.Uint64()
		mu.Unlock()
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s := pairScore(v, fromVector(plus), fromVector(minus), *nodes, gameSeed) // -1..1
			mu.Lock()
			defer mu.Unlock()
			score += s
			for i := range theta {
				c := math.Max(1, math.Abs(theta[i])/10)
				theta[i] += a * s * c * delta[i]
				theta[i] = math.Max(theta[i], 0)
			}
			if (k+1)%20 == 0 {
				fmt.Fprintf(os.Stderr, "step %d: %+v\n", k+1, fromVector(theta))
			}
		})
	}
	wg.Wait()
	final := fromVector(theta)
	js, _ := json.Marshal(final)
	fmt.Printf("search.Weights%+v\n%s\n", final, js)
}

// checkWeights plays pairs of games of w against the default weights and
// prints w's score.
func checkWeights(v rules.Variant, w search.Weights, pairs int, nodes, seed uint64, parallel int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, parallel))
	total := 0.0
	for i := 0; i < pairs; i++ {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s := pairScore(v, w, search.DefaultWeights, nodes, seed+uint64(i)*7919)
			mu.Lock()
			total += s
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Printf("%d games: score %.1f%% for -weights against the defaults\n", 2*pairs, 100*(0.5+total/float64(2*pairs)))
}

// pairScore plays two games from one opening, colours swapped, and returns
// the first weights' result: +1 for two wins, -1 for two losses.
func pairScore(v rules.Variant, w1, w2 search.Weights, nodes, seed uint64) float64 {
	opening := ai.Opening(v, 4, seed)
	total := 0.0
	for g := 0; g < 2; g++ {
		p1 := &weightsPlayer{w: w1, nodes: nodes, seed: seed, s: search.NewSearcher(4)}
		p2 := &weightsPlayer{w: w2, nodes: nodes, seed: seed + 1, s: search.NewSearcher(4)}
		x, o := ai.Player(p1), ai.Player(p2)
		p1Side := rules.X
		if g == 1 {
			x, o, p1Side = o, x, rules.O
		}
		rec := ai.PlayGame(context.Background(), v, opening, x, o, 150)
		if rec.Result.Status == rules.Win {
			if rec.Result.Winner == p1Side {
				total += 0.5
			} else {
				total -= 0.5
			}
		}
	}
	return total
}

type weightsPlayer struct {
	w     search.Weights
	nodes uint64
	seed  uint64
	s     *search.Searcher
}

func (p *weightsPlayer) Move(ctx context.Context, g *rules.Game) (rules.Move, error) {
	pos := g.Position()
	r := rand.New(rand.NewPCG(p.seed, pos.Hash()))
	res := p.s.Search(ctx, g, search.Options{Weights: &p.w, Limits: search.Limits{Nodes: p.nodes}, Jitter: 2, Rand: r})
	return res.Move, nil
}

// The tuned weights as one vector, in a fixed order.
func fields(w *search.Weights) []*int {
	f := []*int{&w.LineSize, &w.Crossing, &w.Threat, &w.Double, &w.Tempo}
	for i := 0; i < 3; i++ {
		f = append(f, &w.Line[i])
	}
	for i := range w.Visible {
		f = append(f, &w.Visible[i], &w.Covered[i])
	}
	for i := 1; i < len(w.ReserveTop); i++ {
		f = append(f, &w.ReserveTop[i])
	}
	return f
}

func toVector(w search.Weights) []float64 {
	var out []float64
	for _, p := range fields(&w) {
		out = append(out, float64(*p))
	}
	return out
}

func fromVector(x []float64) search.Weights {
	w := search.DefaultWeights
	for i, p := range fields(&w) {
		*p = int(math.Round(x[i]))
	}
	return w
}
