//go:build js

package app

import "github.com/gobblet-game/gobblet/internal/browser"

// workerScript starts the search program in a worker (tools/web writes it
// beside index.html).
const workerScript = "search-worker.js"

// startSearchWorker starts the page's search worker; nil where the
// browser has no workers.
func startSearchWorker(log func(string, ...any)) *searchWorker {
	w, err := browser.StartWorker(workerScript)
	if err != nil {
		log("search worker: %v; the computer thinks on the page", err)
		return nil
	}
	return newSearchWorker(w, log)
}
