//go:build js

package browser

import (
	"errors"
	"syscall/js"
)

// Worker is a Web Worker the page started: a script of its own on a
// thread of its own, spoken to with string messages.
type Worker struct {
	w   js.Value
	in  chan string
	err chan error
	fns []js.Func
}

// ErrNoWorkers says the browser cannot start a worker.
var ErrNoWorkers = errors.New("this browser has no Web Workers")

// StartWorker starts the script at url (relative to the page). Messages
// it posts arrive on Messages; a failure to load or run it on Failed.
func StartWorker(url string) (*Worker, error) {
	ctor := js.Global().Get("Worker")
	if ctor.Type() != js.TypeFunction {
		return nil, ErrNoWorkers
	}
	w := &Worker{in: make(chan string, 256), err: make(chan error, 1)}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = jsError(js.ValueOf(recoverText(r)))
			}
		}()
		w.w = ctor.New(url)
	}()
	if err != nil {
		return nil, err
	}
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if d := args[0].Get("data"); d.Type() == js.TypeString {
			s := d.String()
			select {
			case w.in <- s:
			default:
				go func() { w.in <- s }() // never block the page
			}
		}
		return nil
	})
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the search worker failed"
		if m := args[0].Get("message"); m.Type() == js.TypeString && m.String() != "" {
			msg += ": " + m.String()
		}
		select {
		case w.err <- errors.New(msg):
		default:
		}
		return nil
	})
	w.fns = []js.Func{onMessage, onError}
	w.w.Call("addEventListener", "message", onMessage)
	w.w.Call("addEventListener", "error", onError)
	return w, nil
}

func recoverText(r any) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	return "the worker could not start"
}

// Post sends the worker a message.
func (w *Worker) Post(msg string) { w.w.Call("postMessage", msg) }

// Messages are the worker's messages, in order.
func (w *Worker) Messages() <-chan string { return w.in }

// Failed says when the worker could not load or stopped with an error.
func (w *Worker) Failed() <-chan error { return w.err }

// Stop ends the worker.
func (w *Worker) Stop() {
	w.w.Call("terminate")
	for _, f := range w.fns {
		f.Release()
	}
}
