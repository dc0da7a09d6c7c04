package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestResultNamesTheColoursInThePlayersLanguage checks that a two-player
// game's result names the sides in the player's language in its sentence
// as in its title ("¡Gana Azul! Azul alineó…", never "Blue alineó…"),
// while the records keep their English names.
func TestResultNamesTheColoursInThePlayersLanguage(t *testing.T) {
	defer locale.Use(locale.Current().Code)
	locale.Use("es")
	tests := []struct{ pos, move, title, reason string }{
		{"gobblers:x1,o1,./x2,o2,./.,.,.:o", "3@b1", "¡Gana Azul!", "Azul alineó tres en la columna b."},
		{"gobblers:.,.,./.,.,./o1,o2,o1x3:x", "c1-b3", "¡Gana Azul!", "Naranja levantó una pieza y destapó la línea de Azul."},
	}
	for _, tt := range tests {
		tb := newTable(t, twoPlayers(rules.Gobblers))
		g := rules.NewGameFrom(mustPos(tt.pos))
		m, err := rules.ParseMove(rules.Gobblers, tt.move)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
		tb.gs = newGameScene(tb.a, twoPlayers(rules.Gobblers), g)
		title, reason := tb.gs.resultTitle()
		if title != tt.title || spaced(reason) != tt.reason {
			t.Errorf("after %s: %q %q, want %q %q", tt.move, title, spaced(reason), tt.title, tt.reason)
		}
	}
	if colourNames != [2]string{"Orange", "Blue"} {
		t.Errorf("the records' names of the colours are %q, want English", colourNames)
	}
}
