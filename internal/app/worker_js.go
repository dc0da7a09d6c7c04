//go:build js

package app

import (
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/browser"
)

// workerScript starts the search program in a worker (tools/web writes it
// beside index.html).
const workerScript = "search-worker.js"

// startSearchWorker is the page's search worker, not started yet; nil
// where the browser has no workers.
func startSearchWorker(log func(string, ...any)) *searchWorker {
	if js.Global().Get("Worker").Type() != js.TypeFunction {
		log("search worker: %v; the computer thinks on the page", browser.ErrNoWorkers)
		return nil
	}
	return newSearchWorker(func() (workerLink, error) {
		w, err := browser.StartWorker(workerScript)
		if err != nil {
			return nil, err
		}
		return w, nil
	}, log)
}
