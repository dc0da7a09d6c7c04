package settings

import (
	"strconv"
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
)

func TestAutosaverKeepsTheLatestGame(t *testing.T) {
	s := openTemp(t)
	a := s.Autosaver()
	for i := range 50 {
		rec := sampleGame()
		rec.Tags = []record.Tag{{Name: "Save", Value: strconv.Itoa(i)}}
		a.Save(rec)
	}
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
	rec, notice := s.LoadGame()
	if notice != nil || rec == nil || rec.Tags[0].Value != "49" {
		t.Fatalf("got %+v %q, want save 49", rec, notice)
	}
	a.Clear()
	if err := a.Flush(); err != nil || s.HasGame() {
		t.Fatalf("after Clear: %v, game %v", err, s.HasGame())
	}
	a.Save(sampleGame())
	if err := a.Close(); err != nil || !s.HasGame() {
		t.Fatalf("Close did not flush: %v", err)
	}
	// After Close, a save is written at once.
	a.Clear()
	if s.HasGame() {
		t.Fatal("Clear after Close was lost")
	}
}

func TestAutosaverReportsErrors(t *testing.T) {
	s := openTemp(t)
	a := s.Autosaver()
	defer a.Close()
	bad := sampleGame()
	bad.Moves = append(bad.Moves, bad.Moves[0]) // illegal: the square is taken
	a.Save(bad)
	if err := a.Flush(); err == nil {
		t.Fatal("an unwritable record gave no error")
	}
	if err := a.Flush(); err != nil {
		t.Fatalf("the error was reported twice: %v", err)
	}
}
