package settings

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
)

// FuzzShelfStore: whatever the browser's storage holds under the game's
// keys (another version, another page, a hand in the developer tools), a
// load never fails: a value the parsers accept is used and left as it is,
// any other is kept aside whole with one notice, and the saved game is
// listed, read or with its error.
func FuzzShelfStore(f *testing.F) {
	set, _ := Marshal(Default())
	game, _ := record.Marshal(sampleGame())
	stats, _ := record.MarshalStats(record.Stats{Version: record.StatsVersion})
	f.Add(string(set), string(game), string(stats), string(game))
	f.Add("{", "garbage", `{"version": 2}`, "")
	f.Add(`{"version": 1}`, "\x00", "null", "[Format \"gobblet 1\"]\n1. 4@b2")
	f.Fuzz(func(t *testing.T, set, game, stats, saved string) {
		shelf := NewMemoryShelf()
		values := map[string]string{SettingsFile: set, CurrentGame: game, StatisticsFile: stats}
		for name, v := range values {
			shelf.Set(Key(name), v)
		}
		shelf.Set(gameKey("saved"), saved)
		s := NewShelfStore(shelf)
		l := s.LoadAll()

		_, setErr := Parse([]byte(set))
		_, gameErr := record.Parse([]byte(game))
		_, statsErr := record.ParseStats([]byte(stats))
		bad := 0
		for name, err := range map[string]error{SettingsFile: setErr, CurrentGame: gameErr, StatisticsFile: statsErr} {
			now, ok, _ := shelf.Get(Key(name))
			aside, kept, _ := shelf.Get(Key(name) + ".corrupt")
			switch {
			case err == nil && (!ok || now != values[name] || kept):
				t.Errorf("%s was readable but was moved or changed", name)
			case err != nil && (ok || !kept || aside != values[name]):
				t.Errorf("%s was unreadable (%v) but is not kept aside whole", name, err)
			}
			if err != nil {
				bad++
			}
		}
		if len(l.Notices) != bad {
			t.Errorf("%d unreadable values gave the notices %q", bad, l.Notices)
		}
		list, err := s.Records()
		if err != nil || len(list) != 1 || (list[0].Record == nil) == (list[0].Err == nil) {
			t.Fatalf("Records: %+v, %v", list, err)
		}
		if err := s.SaveSettings(l.Settings); err != nil {
			t.Errorf("the settings loaded cannot be saved: %v", err)
		}
	})
}
