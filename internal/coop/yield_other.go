//go:build !js

package coop

import "time"

// Yield does nothing outside the browser: the operating system shares the
// cores between the search and the window.
func Yield() {}

// SetRest does nothing outside the browser (see the browser's SetRest).
func SetRest(time.Duration) {}
