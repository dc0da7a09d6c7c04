//go:build race

package settings

const raceEnabled = true
