// Learn to play: the interactive first lesson (issue 23). Owned by the
// lesson's author; this is the placeholder the Learn screen opens.

package app

// newLessonScene opens the lesson where the player left it; back is where
// leaving it returns.
func newLessonScene(a *App, back Scene) Scene { return back }
