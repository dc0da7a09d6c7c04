package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Player is anything that answers a position with a move: a level of this
// engine, or another program speaking the protocol.
type Player interface {
	Move(ctx context.Context, g *rules.Game) (rules.Move, error)
}

// LevelPlayer plays a level of this engine with its own table.
type LevelPlayer struct {
	Config Config
	engine *Engine
}

// NewLevelPlayer returns a player for the configuration.
func NewLevelPlayer(cfg Config) *LevelPlayer { return &LevelPlayer{Config: cfg, engine: NewEngine()} }

// Move thinks on a clone of the game.
func (p *LevelPlayer) Move(ctx context.Context, g *rules.Game) (rules.Move, error) {
	return p.engine.Think(ctx, g.Clone(), p.Config, nil)
}

// Opening returns plies random moves from the start of a variant that
// neither end the game nor leave a win in one to the side to move, so
// matches start from varied but balanced positions.
func Opening(v rules.Variant, plies int, seed uint64) []rules.Move {
	r := rand.New(rand.NewPCG(seed, 0x0be11e7))
	g := rules.NewGame(v)
	var buf, buf2 [rules.MaxMoves]rules.Move
	for g.Plies() < plies {
		p := g.Position()
		var ok []rules.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			c := p.Play(m)
			if _, over := c.Winner(); over {
				continue
			}
			safe := true
			for _, n := range c.LegalMoves(buf2[:0]) {
				if _, over := c.Play(n).Winner(); over {
					safe = false
					break
				}
			}
			if safe {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			break
		}
		_ = g.Play(ok[r.IntN(len(ok))])
	}
	return g.Moves()
}

// GameRecord is one finished game of a match.
type GameRecord struct {
	Moves  []rules.Move
	Result rules.Result
	// Fault names the player (0 = x, 1 = o) that failed: an error or an
	// illegal move, which loses the game; -1 when none did.
	Fault int
	Err   error
}

// PlayGame plays one game from the opening between x and o, drawn once it
// reaches moveLimit plies (0 = no limit).
func PlayGame(ctx context.Context, v rules.Variant, opening []rules.Move, x, o Player, moveLimit int) GameRecord {
	g := rules.NewGame(v)
	g.MoveLimit = moveLimit
	for _, m := range opening {
		if err := g.Play(m); err != nil {
			return GameRecord{Moves: g.Moves(), Fault: -1, Err: fmt.Errorf("opening: %w", err)}
		}
	}
	players := [2]Player{x, o}
	for !g.Over() {
		if err := ctx.Err(); err != nil {
			return GameRecord{Moves: g.Moves(), Fault: -1, Err: err}
		}
		side := g.Position().SideToMove()
		m, err := players[side].Move(ctx, g)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			r := rules.Result{Status: rules.Win, Winner: side.Other(), Reason: rules.Line}
			return GameRecord{Moves: g.Moves(), Result: r, Fault: int(side), Err: fmt.Errorf("%s at ply %d: %w", side, g.Plies()+1, err)}
		}
	}
	return GameRecord{Moves: g.Moves(), Result: g.Result(), Fault: -1}
}

// Tally counts a match's results from the first player's side.
type Tally struct{ Wins, Draws, Losses int }

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is the first player's share of the points, 0..1.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// Elo returns the first player's Elo difference and a 95% interval, from
// the per-game score's standard error (infinite bounds at 0% or 100%).
func (t Tally) Elo() (diff, lo, hi float64) {
	n := float64(t.Games())
	s := t.Score()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	se := math.Sqrt(variance / n)
	lo, hi = eloOf(s-1.96*se), eloOf(s+1.96*se)
	// A clean sweep has no spread: bound it as a binomial would instead.
	switch t.Wins {
	case t.Games():
		lo = eloOf(math.Pow(0.025, 1/n))
	case 0:
		if t.Losses == t.Games() {
			hi = eloOf(1 - math.Pow(0.025, 1/n))
		}
	}
	return eloOf(s), lo, hi
}

func eloOf(s float64) float64 {
	if s <= 0 {
		return math.Inf(-1)
	}
	if s >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}
