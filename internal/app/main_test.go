package app

import (
	"os"
	"testing"
)

// TestMain runs the tests in English whatever the machine's language: the
// game follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG (Options' Auto), and
// the tests read its English words. Tests of other languages ask for
// theirs (Options.Language, locale.Use).
func TestMain(m *testing.M) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(v)
	}
	os.Setenv("LANGUAGE", "en")
	os.Exit(m.Run())
}
