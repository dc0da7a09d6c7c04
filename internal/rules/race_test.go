//go:build race

package rules

// raceEnabled shortens the slow cross-checks under the race detector, which
// has nothing to find in this single-goroutine package.
const raceEnabled = true
