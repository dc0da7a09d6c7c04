//go:build !linux || android

package sound

// quietLibraries has nothing to quiet here: only Linux's audio libraries
// print on their own.
func quietLibraries() {}
