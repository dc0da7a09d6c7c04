// Package settings keeps the player's options and files (settings, the
// autosaved game, statistics) under the user's config folder.
//
// API stub: the GUI codes against Settings; storage comes with issue 7.
package settings

// Settings are everything on the Options screen plus the window size.
type Settings struct {
	Version int `json:"version"`

	MasterVolume  float64 `json:"master_volume"`
	MusicVolume   float64 `json:"music_volume"`
	EffectsVolume float64 `json:"effects_volume"`
	Mute          bool    `json:"mute"`
	Music         bool    `json:"music"`

	TouchMove      bool    `json:"touch_move"`
	ShowLegalMoves bool    `json:"show_legal_moves"`
	ShowCovered    bool    `json:"show_covered"`    // false = memory mode
	AnimationSpeed float64 `json:"animation_speed"` // 1 = normal, 0 = no animation
	AIDelayMillis  int     `json:"ai_delay_ms"`     // pause between moves in AI vs AI
	Theme          string  `json:"theme"`           // "slate", "wood", "contrast", "light"
	Fullscreen     bool    `json:"fullscreen"`

	WindowWidth  int `json:"window_width"`
	WindowHeight int `json:"window_height"`
}

// CurrentVersion is the settings file format this build writes.
const CurrentVersion = 1

// Default returns the settings of a first start.
func Default() Settings {
	return Settings{
		Version:       CurrentVersion,
		MasterVolume:  0.8,
		MusicVolume:   0.5,
		EffectsVolume: 0.8,
		Music:         true,

		TouchMove:      true,
		ShowLegalMoves: true,
		ShowCovered:    true,
		AnimationSpeed: 1,
		AIDelayMillis:  600,
		Theme:          "slate",

		WindowWidth:  1280,
		WindowHeight: 800,
	}
}
