//go:build !linux

package coop

// Background does nothing where threads cannot be reniced simply (and in a
// browser, where there is one thread).
func Background() {}
