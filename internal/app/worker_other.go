//go:build !js

package app

// startSearchWorker: outside a browser the search has threads of its own.
func startSearchWorker(func(string, ...any)) *searchWorker { return nil }
