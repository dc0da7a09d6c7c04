package settings

import (
	"strings"
	"testing"
)

// A settings file that is valid JSON (or nearly) but holds absurd values is
// refused, never half-applied: Parse returns an error and no settings.
func TestAbsurdSettingsAreRefused(t *testing.T) {
	const head = `{"version": 2, `
	for _, tc := range []struct{ name, json string }{
		{"4 MiB of whitespace", strings.Repeat(" ", 4<<20-1)},
		{"deep nesting", strings.Repeat("[", 100000) + strings.Repeat("]", 100000)},
		{"deep nesting in a field", head + `"theme": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`},
		{"NaN volume", head + `"master_volume": NaN}`},
		{"huge volume", head + `"music_volume": 1e308}`},
		{"overflowing volume", head + `"music_volume": 1e400}`},
		{"negative volume", head + `"effects_volume": -0.0001}`},
		{"huge window", head + `"window_width": 1000000000}`},
		{"window past int64", head + `"window_height": 99999999999999999999}`},
		{"fractional window", head + `"window_height": 800.5}`},
		{"huge delay", head + `"ai_delay_ms": 2147483648}`},
		{"animation speed infinite", head + `"animation_speed": 1e309}`},
		{"theme with a bidi override", head + `"theme": "slate\u202e"}`},
		{"theme of 4000 letters", head + `"theme": "` + strings.Repeat("a", 4000) + `"}`},
		{"theme with an escape", head + `"theme": "\u001b[2J"}`},
		{"duplicate key, the last absurd", head + `"master_volume": 0.5, "master_volume": 7}`},
		{"version as a string", `{"version": "2"}`},
		{"version fractional", `{"version": 1.5}`},
		{"version huge", `{"version": 1e400}`},
		{"new game level of bidi", head + `"new_game": {"variant": "classic", "mode": "human-ai", "levels": ["\u202e", "hard"]}}`},
		{"new game colour 2", head + `"new_game": {"variant": "classic", "mode": "human-ai", "colour": 2, "levels": ["easy", "hard"]}}`},
		{"two objects", head + `"mute": true}{"version": 2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if s, err := Parse([]byte(tc.json)); err == nil {
				t.Errorf("accepted: %+v", s)
			}
		})
	}
}
