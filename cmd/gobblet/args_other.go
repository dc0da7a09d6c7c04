//go:build !js

package main

import (
	"io"
	"os"
)

// commandLine is what the game was started with.
func commandLine() []string { return os.Args[1:] }

// pageServer is the server a web page came from: none on the desktop.
func pageServer() string { return "" }

// pageFragment is the fragment of a web page's address: none on the
// desktop.
func pageFragment() string { return "" }

// quitNow is what the game calls once its files are saved at quit: end
// the process there. Ebitengine's own teardown, which Run would otherwise
// wait for, closes the GL, and Mesa's GL then waits for its shader cache's
// writer: a thread at the lowest priority (nice 19), which a busy machine
// leaves waiting for seconds. Nothing is lost by not waiting: the cache
// writes each entry to a temporary file and renames it, and the system
// closes the window and the sound when the process ends.
func quitNow(exit func()) func() { return exit }

// soundsFromWorker: the desktop renders its sounds in the background of
// its own process (a page has its search worker do it).
func soundsFromWorker(io.Writer) {}
