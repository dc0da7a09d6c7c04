package app

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// Game modes offered by New game.
const (
	modeHumanVsAI = iota
	modeTwoPlayers
	modeAIvsAI
	modeOnline // the other colour plays over the network (netplay)
)

// setup is a match as chosen on the New game screen. Players are indexed by
// colour (0 orange, 1 blue); First is the colour that plays x and moves first.
type setup struct {
	Variant rules.Variant
	Mode    int
	First   int
	Players [2]SavedPlayer
	Names   [2]string // when set, how the screen calls each colour's player (review of a record)
}

func defaultSetup() setup {
	return setup{
		Variant: rules.Classic,
		Mode:    modeHumanVsAI,
		First:   0,
		Players: [2]SavedPlayer{{Human: true, Level: "medium"}, {Level: "medium"}},
	}
}

// colourOf returns the colour that plays a rules player.
func (s *setup) colourOf(p rules.Player) int {
	if p == rules.X {
		return s.First
	}
	return 1 - s.First
}

// playerOf returns the rules player a colour plays.
func (s *setup) playerOf(colour int) rules.Player {
	if colour == s.First {
		return rules.X
	}
	return rules.O
}

func (s *setup) human(colour int) bool { return s.Players[colour].Human }

// humanColour is the human's colour against the AI (or -1).
func (s *setup) humanColour() int {
	if s.Mode != modeHumanVsAI && s.Mode != modeOnline {
		return -1
	}
	if s.Players[0].Human {
		return 0
	}
	return 1
}

// name is how the screen calls a colour's player: "You", "Hard AI", "Orange".
func (s *setup) name(colour int) string {
	p := s.Players[colour]
	switch {
	case s.Names[colour] != "":
		return s.Names[colour]
	case s.Mode == modeOnline && p.Human:
		return "You"
	case s.Mode == modeOnline:
		return "Opponent"
	case s.Mode == modeHumanVsAI && p.Human:
		return "You"
	case p.Human:
		return colourNames[colour]
	case s.Mode == modeAIvsAI:
		return colourNames[colour] + " (" + levelName(p.Level) + ")"
	}
	return levelName(p.Level) + " AI"
}

func levelName(l string) string {
	if l == "" {
		return "Medium"
	}
	// escaped and clipped: a record from anyone names the level (Play on
	// keeps it); the first letter, not the first byte, is capitalised
	r, n := utf8.DecodeRuneInString(l)
	return untrusted.Text(clipName(string(unicode.ToUpper(r)) + l[n:]))
}

func (s *setup) aiConfig(colour int, seed uint64) ai.Config {
	p := s.Players[colour]
	return ai.Config{Level: p.Level, Algorithm: p.Algorithm, Seed: seed}
}

func (s *setup) saved(g *rules.Game) SavedGame {
	sg := SavedGame{Variant: s.Variant.String(), Mode: s.Mode, First: s.First, Players: s.Players}
	for _, m := range g.Moves() {
		sg.Moves = append(sg.Moves, m.Notation(s.Variant))
	}
	return sg
}

// restore rebuilds a saved game, checking every move.
func restore(sg SavedGame) (setup, *rules.Game, error) {
	v, err := rules.ParseVariant(sg.Variant)
	if err != nil {
		return setup{}, nil, fmt.Errorf("saved game: %w", err)
	}
	s := setup{Variant: v, Mode: sg.Mode, First: sg.First & 1, Players: sg.Players}
	g := rules.NewGame(v)
	if err := g.PlayNotation(sg.Moves); err != nil {
		return setup{}, nil, fmt.Errorf("saved game: %w", err)
	}
	if err := g.PlayNotation(sg.Redo); err != nil {
		return setup{}, nil, fmt.Errorf("saved game: the moves undone: %w", err)
	}
	for range sg.Redo {
		g.Undo()
	}
	return s, g, nil
}

// redoMoves lists the moves undone in a game, the next to redo first.
func redoMoves(g *rules.Game) []string {
	var out []string
	for _, m := range record.FromGame(g).Redo {
		out = append(out, m.Notation(g.Variant()))
	}
	return out
}
