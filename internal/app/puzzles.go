// The Puzzles screen (issue 23). Owned by the puzzles screen's author; this
// is the placeholder the Learn screen opens.

package app

// newPuzzlesScene opens the puzzles (daily: the daily puzzle); back is
// where leaving returns.
func newPuzzlesScene(a *App, back Scene, daily bool) Scene { return back }
