//go:build js

package browser

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
)

// Fetch gets a file with the browser's fetch, its address relative to the
// page ("gobblers.sparse" lies beside index.html). Cancelling ctx aborts
// the download.
func Fetch(ctx context.Context, url string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	abort := js.Global().Get("AbortController").New()
	opts := js.Global().Get("Object").New()
	opts.Set("signal", abort.Get("signal"))
	done := make(chan struct{})
	var body []byte
	var err error
	go func() {
		defer close(done)
		body, err = fetchBody(url, opts)
	}()
	select {
	case <-done:
		if err != nil {
			return nil, fmt.Errorf("fetch %s: %w", url, err)
		}
		return body, nil
	case <-ctx.Done():
		abort.Call("abort")
		<-done // the promise settles at once; its callbacks can then be released
		return nil, ctx.Err()
	}
}

// fetchBody fetches url and copies the whole answer into Go memory.
func fetchBody(url string, opts js.Value) ([]byte, error) {
	resp, err := await(js.Global().Call("fetch", url, opts))
	if err != nil {
		return nil, err
	}
	if !resp.Get("ok").Bool() {
		return nil, fmt.Errorf("the server answered %d %s", resp.Get("status").Int(), resp.Get("statusText").String())
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	b := make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(b, arr)
	return b, nil
}

// await blocks the goroutine (not the page) until the promise settles.
func await(promise js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	ch := make(chan settled, 1)
	resolve := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{v: args[0]}
		return nil
	})
	defer resolve.Release()
	reject := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{err: jsError(args[0])}
		return nil
	})
	defer reject.Release()
	promise.Call("then", resolve, reject)
	s := <-ch
	return s.v, s.err
}

// jsError turns a rejection's reason into an error: its message, and the
// cause's message when fetch gives one (node: "connect ECONNREFUSED").
func jsError(reason js.Value) error {
	if reason.Type() != js.TypeObject {
		return errors.New(reason.String())
	}
	msg := reason.Get("message").String()
	if cause := reason.Get("cause"); cause.Type() == js.TypeObject {
		if c := cause.Get("message"); c.Type() == js.TypeString {
			msg += ": " + c.String()
		}
	}
	return errors.New(msg)
}
