package settings

import (
	"fmt"
	"os"
	"path/filepath"
)

// EnvDir names the environment variable that chooses the folder when no
// explicit one is given (tests and portable installs use it).
const EnvDir = "GOBBLET_CONFIG_DIR"

// Dir chooses the folder of the player's files: explicit (the GUI's
// --config-dir flag) when not empty, else $GOBBLET_CONFIG_DIR when set,
// else os.UserConfigDir()/gobblet.
func Dir(explicit string) (string, error) {
	if explicit != "" {
		return explicit, nil
	}
	if env := os.Getenv(EnvDir); env != "" {
		return env, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the settings folder: %w (set %s or pass --config-dir)", err, EnvDir)
	}
	return filepath.Join(base, "gobblet"), nil
}
