package app

import (
	"fmt"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/locale"
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
	Players [2]playerChoice
	Names   [2]string // when set, how the screen calls each colour's player (review of a record)
}

// playerChoice is one colour's player as chosen on New game (or read back
// from a record).
type playerChoice struct {
	Human     bool
	Level     string // the AI's level
	Algorithm string // the AI's search; "" = the level's default
}

func defaultSetup() setup {
	return setup{
		Variant: rules.Classic,
		Mode:    modeHumanVsAI,
		First:   0,
		Players: [2]playerChoice{{Human: true, Level: "medium"}, {Level: "medium"}},
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
		return locale.T("PlayYou")
	case s.Mode == modeOnline:
		return locale.T("MenuOpponent")
	case s.Mode == modeHumanVsAI && p.Human:
		return locale.T("PlayYou")
	case p.Human:
		return colourName(colour)
	case s.Mode == modeAIvsAI && colour == 0:
		return locale.F("MenuOrangeWithLevel", "Level", levelName(p.Level))
	case s.Mode == modeAIvsAI:
		return locale.F("MenuBlueWithLevel", "Level", levelName(p.Level))
	}
	return locale.F("MenuLevelAI", "Level", levelName(p.Level))
}

// shortName is name's shorter form for a narrow reserve column: a
// computer player's level alone ("Easy"), the colour's short word.
func (s *setup) shortName(colour int) string {
	p := s.Players[colour]
	switch {
	case s.Names[colour] != "" || s.Mode == modeOnline || s.Mode == modeHumanVsAI && p.Human:
		return s.name(colour)
	case p.Human:
		return colourName(colour)
	}
	return levelName(p.Level)
}

func levelName(l string) string {
	switch l {
	case "", "medium":
		return locale.T("MenuLevelMedium")
	case "easy":
		return locale.T("MenuLevelEasy")
	case "hard":
		return locale.T("MenuLevelHard")
	case "expert":
		return locale.T("MenuLevelExpert")
	case "perfect":
		return locale.T("MenuLevelPerfect")
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

// modeNames are the modes as a record's Mode tag and the settings name them.
var modeNames = map[int]string{modeHumanVsAI: "human-ai", modeTwoPlayers: "two-players", modeAIvsAI: "ai-ai", modeOnline: "network"}

// gameRecord is the one way the game becomes a stored record: the autosave,
// a saved game and a finished game are all built here, dated now, with the
// moves undone (callers that keep a game for good drop them). The colours
// ride on the players' names ("Orange", "Blue").
func (s *setup) gameRecord(g *rules.Game) *record.Record {
	rec := record.FromGame(g)
	rec.Date = time.Now()
	rec.Mode = modeNames[s.Mode]
	for _, pl := range []rules.Player{rules.X, rules.O} {
		c := s.colourOf(pl)
		p := s.Players[c]
		rp := record.Player{Kind: record.Human, Name: colourNames[c]}
		switch {
		case s.Mode == modeOnline && !p.Human:
			rp.Kind = record.Network
		case !p.Human:
			rp.Kind, rp.Level, rp.Algorithm = record.AI, p.Level, p.Algorithm
		}
		rec.Players[pl] = rp
	}
	return rec
}

// restore rebuilds the setup and the game of a stored record, checking
// every move; the game comes back with its moves undone ready to redo.
func restore(rec *record.Record) (setup, *rules.Game, error) {
	if rec.Start != nil {
		return setup{}, nil, fmt.Errorf("saved game: starts from a set-up position")
	}
	g, err := rec.Game()
	if err != nil {
		return setup{}, nil, fmt.Errorf("saved game: %w", err)
	}
	s := setup{Variant: rec.Variant}
	for m, name := range modeNames {
		if rec.Mode == name {
			s.Mode = m
		}
	}
	if rec.Players[rules.X].Name == colourNames[1] {
		s.First = 1
	}
	for _, pl := range []rules.Player{rules.X, rules.O} {
		rp := rec.Players[pl]
		p := playerChoice{Human: rp.Kind != record.AI, Level: rp.Level, Algorithm: rp.Algorithm}
		if rp.Kind == record.Network {
			p = playerChoice{Level: onlineStandIn} // the computer finishes a game whose partner is gone
		}
		s.Players[s.colourOf(pl)] = p
	}
	return s, g, nil
}
