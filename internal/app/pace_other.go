//go:build !js

package app

// onInput calls f at every input event of the page: only in a browser,
// whose loop waits for a reason to run (pace.go).
func onInput(func()) {}
