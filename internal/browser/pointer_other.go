//go:build !js

package browser

import "time"

// CoarsePointer reports whether the main pointer is a finger: a desktop
// says no, and the game notes a touch screen's touches as they come.
func CoarsePointer() bool { return false }

// PaceHover does nothing on a desktop, whose loop draws only what changed.
func PaceHover(time.Duration) {}

// WatchInput does nothing on a desktop, whose work in the background runs
// on threads of its own.
func WatchInput(func(bool)) {}
