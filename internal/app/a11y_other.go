//go:build !js

package app

// newA11yPage: the desktop game has no page to keep an accessible copy
// of the board in (a11y.go).
func newA11yPage() a11yPage { return nil }
