//go:build js

package browser

import (
	"errors"
	"fmt"
	"syscall/js"
)

// revokeAfterMs is how long a download's blob: address lives: the browser
// reads it when it starts the download, which some browsers do after the
// click returns.
const revokeAfterMs = 60_000

// Download hands data to the browser as a file to download under name, as
// a link with a download attribute that is clicked: the browser saves it
// with the player's downloads, or asks where. It fails when the page has
// no document or the browser refuses.
func Download(name, mime string, data []byte) error {
	doc := js.Global().Get("document")
	if doc.Type() != js.TypeObject {
		return errors.New("download: this page has no document")
	}
	bytes := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(bytes, data)
	opts := js.Global().Get("Object").New()
	opts.Set("type", mime)
	blob, err := construct("Blob", []any{bytes}, opts)
	if err != nil {
		return fmt.Errorf("download: %w", err)
	}
	urls := js.Global().Get("URL")
	url, err := call(urls, "createObjectURL", blob)
	if err != nil {
		return fmt.Errorf("download: %w", err)
	}
	link, err := call(doc, "createElement", "a")
	if err == nil {
		link.Set("href", url)
		link.Set("download", name)
		link.Get("style").Set("display", "none")
		parent := doc.Get("body")
		if parent.Type() != js.TypeObject {
			parent = doc.Get("documentElement")
		}
		if _, err = call(parent, "appendChild", link); err == nil {
			_, err = call(link, "click")
			call(parent, "removeChild", link)
		}
	}
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		call(urls, "revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, revokeAfterMs)
	if err != nil {
		return fmt.Errorf("download: %w", err)
	}
	return nil
}

// construct is new(globalThis[class])(args...), with an exception returned
// as an error.
func construct(class string, args ...any) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			jerr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			v, err = js.Undefined(), thrown(jerr)
		}
	}()
	c := js.Global().Get(class)
	if c.Type() != js.TypeFunction {
		return js.Undefined(), fmt.Errorf("this browser has no %s", class)
	}
	return c.New(args...), nil
}
