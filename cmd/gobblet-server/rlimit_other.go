//go:build !unix

package main

// raiseFileLimit has nothing to raise here.
func raiseFileLimit() (soft, hard uint64) { return 0, 0 }
