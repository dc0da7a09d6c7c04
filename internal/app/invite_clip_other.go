//go:build !js

package app

// pageCopy is the page's clipboard: none on the desktop, where the
// system's tools copy (clipboard.go).
func pageCopy(string, chan<- bool) bool { return false }
