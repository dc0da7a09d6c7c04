//go:build !js

package coop

// Yield does nothing outside the browser: the operating system shares the
// cores between the search and the window.
func Yield() {}
