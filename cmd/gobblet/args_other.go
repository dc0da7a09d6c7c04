//go:build !js

package main

import "os"

// commandLine is what the game was started with.
func commandLine() []string { return os.Args[1:] }

// pageServer is the server a web page came from: none on the desktop.
func pageServer() string { return "" }

// pageFragment is the fragment of a web page's address: none on the
// desktop.
func pageFragment() string { return "" }
