//go:build !unix

package record

// openNonBlocking is not needed where named pipes do not live in the file
// system (Windows): ReadFile checks the file's type before reading.
const openNonBlocking = 0
