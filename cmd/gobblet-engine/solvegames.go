package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// randomPlayer plays any legal move.
type randomPlayer struct{ rng *rand.Rand }

func (r randomPlayer) Move(_ context.Context, g *rules.Game) (rules.Move, error) {
	var buf [rules.MaxMoves]rules.Move
	p := g.Position()
	moves := p.LegalMoves(buf[:0])
	return moves[r.rng.IntN(len(moves))], nil
}

// checkGames plays perfect against a random player and every other level
// from varied openings, colours alternating, and checks at each of
// perfect's turns that it plays a best move and that its value never gets
// worse; a game perfect could win must be won, one it could draw not lost.
func checkGames(games int, seed uint64, moveTime time.Duration) error {
	opponents := append([]string{"random"}, ai.Levels(rules.Gobblers)...)
	opponents = opponents[:len(opponents)-1] // not perfect itself
	type tally struct{ games, couldWin, couldDraw, couldLose, won, drawn, lost int }
	results := map[string]*tally{}
	faults := 0
	ctx := context.Background()
	start := time.Now()
	for n := 0; n < games; n++ {
		name := opponents[n%len(opponents)]
		var opp ai.Player = randomPlayer{rand.New(rand.NewPCG(seed, uint64(n)))}
		if name != "random" {
			opp = ai.NewLevelPlayer(ai.Config{Level: name, Seed: seed + uint64(n), MoveTime: moveTime})
		}
		perfect := ai.NewEngine()
		perfectSide := rules.Player(n / len(opponents) % 2)
		g := rules.NewGame(rules.Gobblers)
		g.MoveLimit = 300
		for _, m := range ai.Opening(rules.Gobblers, n%7, seed+uint64(n)) {
			if err := g.Play(m); err != nil {
				return err
			}
		}
		var first, prev ai.MoveValue
		turns := 0
		for !g.Over() {
			if g.Position().SideToMove() != perfectSide {
				m, err := opp.Move(ctx, g)
				if err != nil {
					return fmt.Errorf("game %d: %s: %w", n, name, err)
				}
				if err := g.Play(m); err != nil {
					return fmt.Errorf("game %d: %s: %w", n, name, err)
				}
				continue
			}
			values, err := ai.Analyse(ctx, g)
			if err != nil {
				return fmt.Errorf("game %d: %w", n, err)
			}
			m, err := perfect.Think(ctx, g.Clone(), ai.Config{Level: "perfect", Seed: seed + uint64(n)}, nil)
			if err != nil {
				return fmt.Errorf("game %d: %w", n, err)
			}
			var chosen ai.MoveValue
			best := values[0]
			for _, mv := range values {
				if mv.Move == m {
					chosen = mv
				}
				if valueRank(mv) > valueRank(best) {
					best = mv
				}
			}
			if valueRank(best) > valueRank(chosen) {
				faults++
				fmt.Printf("game %d vs %s: %s: perfect played %s worth %s, %s is worth %s\n",
					n, name, g.Position(), m.Notation(rules.Gobblers), valueText(chosen), best.Move.Notation(rules.Gobblers), valueText(best))
			}
			if turns == 0 {
				first = chosen
			} else if valueRank(prev) > valueRank(roundEarlier(chosen)) {
				faults++
				fmt.Printf("game %d vs %s: perfect's value fell from %s to %s\n", n, name, valueText(prev), valueText(chosen))
			}
			prev = chosen
			turns++
			if err := g.Play(m); err != nil {
				return fmt.Errorf("game %d: %w", n, err)
			}
		}
		t := results[name]
		if t == nil {
			t = &tally{}
			results[name] = t
		}
		t.games++
		r := g.Result()
		won := r.Status == rules.Win && r.Winner == perfectSide
		lost := r.Status == rules.Win && r.Winner != perfectSide
		switch {
		case won:
			t.won++
		case lost:
			t.lost++
		default:
			t.drawn++
		}
		switch {
		case turns == 0: // the opening ended the game
		case first.Draw:
			t.couldDraw++
			if lost {
				faults++
				fmt.Printf("game %d vs %s: perfect lost a drawn game\n", n, name)
			}
		case first.Score.Kind == ai.WinIn:
			t.couldWin++
			if !won {
				faults++
				fmt.Printf("game %d vs %s: perfect did not win a won game (%s)\n", n, name, r)
			}
		default:
			t.couldLose++
		}
	}
	for _, name := range opponents {
		if t := results[name]; t != nil {
			fmt.Printf("perfect vs %-7s games %4d: at its first move it could win %d, draw %d, only lose %d; it won %d, drew %d, lost %d\n",
				name, t.games, t.couldWin, t.couldDraw, t.couldLose, t.won, t.drawn, t.lost)
		}
	}
	fmt.Printf("%d games in %s, %d faults\n", games, time.Since(start).Round(time.Second), faults)
	if faults > 0 {
		return fmt.Errorf("%d faults", faults)
	}
	return nil
}

// valueRank orders move values: faster wins first, slower losses last but one.
func valueRank(mv ai.MoveValue) int {
	switch {
	case mv.Draw:
		return 0
	case mv.Score.Kind == ai.WinIn:
		return 1000 - mv.Score.Value
	}
	return -1000 + mv.Score.Value
}

func valueText(mv ai.MoveValue) string {
	if mv.Draw {
		return "draw"
	}
	return mv.Score.String()
}

// roundEarlier returns what a value was worth one round (two plies) earlier
// on a line of best play.
func roundEarlier(mv ai.MoveValue) ai.MoveValue {
	if !mv.Draw {
		mv.Score.Value += 2
	}
	return mv
}
