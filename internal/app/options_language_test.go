package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// Choosing a language in Options saves it and speaks it at once: the
// screen is built again in its words (its title, the focused row's help,
// the menu behind it), Auto saves "" and follows the system, and the
// player's choice wins over a --language given for the run.
func TestOptionsLanguageRow(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	for _, tc := range []struct {
		name    string
		run     string // --language
		keys    []ebiten.Key
		saved   string
		title   string
		help    string
		menuBtn string
	}{
		{"German", "", []ebiten.Key{ebiten.KeyRight, ebiten.KeyRight, ebiten.KeyRight}, "de", "Optionen", "Die Sprache der Wörter im Spiel. Klicke darauf oder drücke Enter für die nächste.", "Neues Spiel"},
		{"French by Enter", "", []ebiten.Key{ebiten.KeyEnter, ebiten.KeyEnter}, "fr", "Options", "La langue des mots du jeu. Clique dessus ou appuie sur Enter pour la suivante.", "Nouvelle partie"},
		{"back to Auto", "", []ebiten.Key{ebiten.KeyRight, ebiten.KeyLeft}, "", "Options", "The language of the game's words. Click it, or press Enter, for the next one.", "New game"},
		{"Auto from the last", "", []ebiten.Key{ebiten.KeyLeft, ebiten.KeyRight}, "", "Options", "The language of the game's words. Click it, or press Enter, for the next one.", "New game"},
		{"over --language", "ja", []ebiten.Key{ebiten.KeyRight}, "zh-Hans", "选项", "", "新游戏"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			locale.Use("en")
			src := &scriptSource{}
			a := newHeadless(src, 1280, 800)
			a.opts.Language = tc.run
			a.useLanguage()
			m := newMenuScene(a)
			o := newOptionsScene(a, m)
			a.scenes = sceneManager{current: o}
			for o.form.Rows[o.form.Focus] != o.rows["language"] {
				o.form.Focus++
			}
			a.Update()
			for _, k := range tc.keys {
				src.frames = append(src.frames, Frame{Keys: []ebiten.Key{k}})
				a.Update()
			}
			n, ok := a.scenes.current.(*optionsScene)
			if !ok {
				t.Fatalf("the language row left Options for %T", a.scenes.current)
			}
			if got := a.Store.Settings().Language; got != tc.saved {
				t.Errorf("saved language %q, want %q", got, tc.saved)
			}
			if a.opts.Language != "" {
				t.Errorf("--language %q still wins over the player's choice", a.opts.Language)
			}
			if got := locale.T("OptionsTitle"); got != tc.title {
				t.Errorf("Options is titled %q, want %q", got, tc.title)
			}
			if n.form.Rows[n.form.Focus] != n.rows["language"] {
				t.Error("the focus left the language row")
			}
			if tc.help != "" && n.help() != tc.help {
				t.Errorf("the language row's help says %q, want %q", n.help(), tc.help)
			}
			back, ok := n.back.(*menuScene)
			if !ok {
				t.Fatalf("Options goes back to %T", n.back)
			}
			if got := back.list.Buttons[0].Label; got != tc.menuBtn {
				t.Errorf("the menu's first button says %q, want %q", got, tc.menuBtn)
			}
			want := languageShown(languageIndex(tc.saved))
			if got := n.rows["language"].Options[0]; got != want {
				t.Errorf("the row shows %q, want %q", got, want)
			}
		})
	}
	locale.Use("en")
	if got := languageShown(0); got != "Auto (English)" {
		t.Errorf("Auto in English here says %q", got)
	}
}
