package settings

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// longRecord is a record of n plies that does not end (random quiet moves).
func longRecord(t testing.TB, n int) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	g := rules.NewGame(rules.Classic)
	var buf []rules.Move
	for g.Plies() < n {
		buf = g.Position().LegalMoves(buf[:0])
		r.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		for _, m := range buf {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				break
			}
			g.Undo()
		}
	}
	data, err := record.Marshal(record.FromGame(g))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Listing the saved games is bounded in work, not only in bytes: 64 MiB of
// the longest records took 17 seconds on the game loop (1527 files). Past
// maxListedPlies the older games are listed as not read.
func TestListingSavedGamesBoundsTheMovesReplayed(t *testing.T) {
	data := longRecord(t, record.MaxPlies)
	s := openTemp(t)
	games := s.Path(GamesFolder)
	os.Mkdir(games, 0o700)
	n := maxListedPlies/record.MaxPlies + 3
	for i := 0; i < n; i++ {
		path := filepath.Join(games, fmt.Sprintf("g%03d%s", i, RecordExt))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(time.Duration(i-n) * time.Minute)
		os.Chtimes(path, at, at)
	}
	list, err := s.Records()
	if err != nil || len(list) != n {
		t.Fatalf("Records: %d games, %v; want %d", len(list), err, n)
	}
	read, skipped := 0, 0
	for _, g := range list {
		switch {
		case g.Record != nil:
			read += len(g.Record.Moves)
		case errors.Is(g.Err, errTooManyToList):
			skipped++
		default:
			t.Errorf("%s: %v", g.Name, g.Err)
		}
	}
	if skipped == 0 || read > maxListedPlies+record.MaxPlies {
		t.Errorf("%d moves replayed, %d games skipped; the budget is %d moves", read, skipped, maxListedPlies)
	}
}
