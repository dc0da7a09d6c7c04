//go:build !linux

package app

// lowerThreadPriority does nothing where threads cannot be reniced simply.
func lowerThreadPriority() {}
