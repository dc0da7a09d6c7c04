package app

import "github.com/gobblet-game/gobblet/internal/locale"

// themeNames are the Options screen's names, in the order of themes, in
// the language in use.
func themeNames() []string {
	return []string{locale.T("OptionsThemeSlate"), locale.T("OptionsThemeWood"), locale.T("OptionsThemeContrast"), locale.T("OptionsThemeLight")}
}

// colourNames name the two colours in sentences.
var colourNames = [2]string{"Orange", "Blue"}
