//go:build race

package solve

// raceEnabled shortens the single-goroutine cross-checks under the race
// detector (make unit runs them again at full size without it).
const raceEnabled = true
