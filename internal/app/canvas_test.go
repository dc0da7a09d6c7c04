package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The CPU painter runs on the first frames: a piece at the largest sprite
// radius, and a menu button with its shadow.
func BenchmarkPaintPieceSprite(b *testing.B) {
	th := &palette.Themes[0]
	for b.Loop() {
		cv := ui.NewCanvas(484, 484)
		paintPiece(cv, th, 242, 242, 160, 1, pieceLook{})
	}
}
