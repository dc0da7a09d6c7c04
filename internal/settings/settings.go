// Package settings keeps the files a player owns under their config folder:
// the settings, the autosaved current game, the statistics and the saved
// game records (whose formats are internal/record's). Every write is atomic,
// and a file that cannot be read is kept aside, never written over, with one
// polite sentence for the GUI to show.
package settings

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/gobblet-game/gobblet/internal/record"
)

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
	ShowCovered    bool    `json:"show_covered"`         // false = memory mode
	AnimationSpeed float64 `json:"animation_speed"`      // 1 = normal, 0 = no animation
	AIDelayMillis  int     `json:"ai_delay_ms"`          // pause between moves in AI vs AI
	KeepDemos      bool    `json:"keep_demos,omitempty"` // keep AI-vs-AI games among the saved games (omitted when off: older builds refuse a field they do not know)
	Theme          string  `json:"theme"`                // "slate", "wood", "contrast", "light"
	Fullscreen     bool    `json:"fullscreen"`
	EngineDetails  bool    `json:"engine_details,omitempty"` // the computer's search depth and score while it thinks (omitted when off, as keep_demos)

	// OnlineServer is the server Invite a friend opens its rooms on, as
	// the player typed it ("play.example.org", "wss://…"); "" is the
	// game's default (the page's own server in a browser, the one built
	// in on the desktop). Omitted when empty, as keep_demos.
	OnlineServer string `json:"online_server,omitempty"`

	// Language is the language the game speaks, as a BCP 47 code
	// ("fr", "pt-BR"); "" is Auto, the system's or the browser's. The GUI
	// falls back to Auto for a code it does not speak. Omitted when
	// empty, as keep_demos.
	Language string `json:"language,omitempty"`

	// LessonStep is how far the player came in Learn to play: the number
	// of its steps done (past the last: finished). LessonOffered: the
	// menu's first-start offer of the lesson was taken or declined, and is
	// not made again. Both omitted while unset, as keep_demos.
	LessonStep    int  `json:"lesson_step,omitempty"`
	LessonOffered bool `json:"lesson_offered,omitempty"`

	WindowWidth  int `json:"window_width"`
	WindowHeight int `json:"window_height"`

	// NewGame is what the New game screen showed when it was last left
	// (version 2 on); nil until then.
	NewGame *NewGame `json:"new_game,omitempty"`
}

// NewGame are the New game screen's choices. The GUI gives the words their
// meaning; here they are only checked to be short lower-case words.
type NewGame struct {
	Variant    string    `json:"variant"`    // "classic" or "gobblers"
	Mode       string    `json:"mode"`       // "human-ai", "two-players", "ai-ai", "network"
	Colour     int       `json:"colour"`     // the person's colour against the computer or online: 0 orange, 1 blue
	First      int       `json:"first"`      // the colour that moves first
	Levels     [2]string `json:"levels"`     // each colour's computer level
	Algorithms [2]string `json:"algorithms"` // each colour's search algorithm ("" = default)
	Join       bool      `json:"join"`       // online: join rather than host
}

// CurrentVersion is the settings file format this build writes; it reads
// this one and older (version 1 had no new_game).
const CurrentVersion = 2

// Default returns the settings of a first start.
func Default() Settings {
	return Settings{
		Version:       CurrentVersion,
		MasterVolume:  0.8,
		MusicVolume:   0.5,
		EffectsVolume: 0.8,
		Music:         true,

		TouchMove:      false, // a click is not a touch: the player asks for the board rule
		ShowLegalMoves: true,
		ShowCovered:    true,
		AnimationSpeed: 1,
		AIDelayMillis:  600,
		Theme:          "slate",

		WindowWidth:  1280,
		WindowHeight: 800,
	}
}

// Bounds of the values a settings file may hold; anything outside was not
// written by the game, so the file is treated as hand-edited wrongly. A
// window side is at most 8192: an 8K screen is 7680 wide, and the graphics
// library cannot draw a window of 16384 device pixels or more.
const (
	MaxAnimationSpeed = 4
	MaxAIDelayMillis  = 10000
	MinWindowSide     = 200
	MaxWindowSide     = 8192
	MaxOnlineServer   = 256 // bytes of an online server's address
	MaxLessonStep     = 100 // the lesson has a handful of steps
)

// Check reports the first value out of its range.
func (s *Settings) Check() error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"master_volume", s.MasterVolume}, {"music_volume", s.MusicVolume}, {"effects_volume", s.EffectsVolume}} {
		if !(v.x >= 0 && v.x <= 1) {
			return fmt.Errorf("%s %v is not between 0 and 1", v.name, v.x)
		}
	}
	if !(s.AnimationSpeed >= 0 && s.AnimationSpeed <= MaxAnimationSpeed) {
		return fmt.Errorf("animation_speed %v is not between 0 and %d", s.AnimationSpeed, MaxAnimationSpeed)
	}
	if s.AIDelayMillis < 0 || s.AIDelayMillis > MaxAIDelayMillis {
		return fmt.Errorf("ai_delay_ms %d is not between 0 and %d", s.AIDelayMillis, MaxAIDelayMillis)
	}
	if !isThemeName(s.Theme) {
		return fmt.Errorf("theme %.40q is not a theme name", s.Theme)
	}
	for _, side := range []int{s.WindowWidth, s.WindowHeight} {
		if side < MinWindowSide || side > MaxWindowSide {
			return fmt.Errorf("window size %dx%d is not between %d and %d", s.WindowWidth, s.WindowHeight, MinWindowSide, MaxWindowSide)
		}
	}
	if s.LessonStep < 0 || s.LessonStep > MaxLessonStep {
		return fmt.Errorf("lesson_step %d is not between 0 and %d", s.LessonStep, MaxLessonStep)
	}
	if !isServerAddress(s.OnlineServer) {
		return fmt.Errorf("online_server %.40q is not a server address (at most %d printable characters, no spaces)", s.OnlineServer, MaxOnlineServer)
	}
	if !isLanguageCode(s.Language) {
		return fmt.Errorf("language %.40q is not a language code such as fr or pt-BR", s.Language)
	}
	if ng := s.NewGame; ng != nil {
		if ng.Variant != "classic" && ng.Variant != "gobblers" {
			return fmt.Errorf("new_game variant %.40q is neither classic nor gobblers", ng.Variant)
		}
		if !isThemeName(ng.Mode) {
			return fmt.Errorf("new_game mode %.40q is not a mode name", ng.Mode)
		}
		if ng.Colour != 0 && ng.Colour != 1 || ng.First != 0 && ng.First != 1 {
			return fmt.Errorf("new_game colour %d or first %d is not 0 or 1", ng.Colour, ng.First)
		}
		for c := 0; c < 2; c++ {
			if !isThemeName(ng.Levels[c]) || ng.Algorithms[c] != "" && !isThemeName(ng.Algorithms[c]) {
				return fmt.Errorf("new_game level %.40q or algorithm %.40q is not a name", ng.Levels[c], ng.Algorithms[c])
			}
		}
	}
	return nil
}

// isServerAddress accepts what the Options screen lets a player type as
// the online server: "" or up to MaxOnlineServer printable ASCII characters
// without spaces. The GUI reads it as an address when it is used.
func isServerAddress(s string) bool {
	if len(s) > MaxOnlineServer {
		return false
	}
	for _, c := range []byte(s) {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// isLanguageCode accepts "" or a short BCP 47 code: letters, digits and
// hyphens, at most 16 bytes.
func isLanguageCode(s string) bool {
	if len(s) > 16 {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// isThemeName accepts a short lower-case word (a theme, mode, level or
// algorithm name): the GUI decides which exist and falls back to its
// default for one it does not know.
func isThemeName(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < 'a' || c > 'z') && c != '-' {
			return false
		}
	}
	return true
}

// Parse reads a settings file. Fields it lacks, but the version, keep their
// defaults; an unknown field, a value out of range or a newer version is an
// error (a newer version's wraps record.ErrNewerFormat).
func Parse(data []byte) (Settings, error) {
	s := Default()
	if err := record.DecodeJSON(data, "settings", CurrentVersion, &s); err != nil {
		return Settings{}, err
	}
	if err := s.Check(); err != nil {
		return Settings{}, fmt.Errorf("settings: %w", err)
	}
	s.Version = CurrentVersion // an older file is read into this version's settings
	return s, nil
}

// Marshal writes settings as indented JSON, refusing values Parse would
// refuse, so the game never writes a file it cannot read back.
func Marshal(s Settings) ([]byte, error) {
	s.Version = CurrentVersion
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	return append(b, '\n'), nil
}

// Merge is what the stored settings become when this game changes its own
// from prev to next while another running game (a second window or tab)
// may have changed stored since: the fields this game changed, over the
// stored ones, so that neither game's change is lost.
func Merge(prev, next, stored Settings) Settings {
	out := stored
	p, n, o := reflect.ValueOf(prev), reflect.ValueOf(next), reflect.ValueOf(&out).Elem()
	for i := range n.NumField() {
		if !reflect.DeepEqual(p.Field(i).Interface(), n.Field(i).Interface()) {
			o.Field(i).Set(n.Field(i))
		}
	}
	return out
}
