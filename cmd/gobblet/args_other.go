//go:build !js

package main

import "os"

// commandLine is what the game was started with.
func commandLine() []string { return os.Args[1:] }
