// Package browser is the game's side of the web page it runs in, when
// built with GOOS=js GOARCH=wasm: the page's storage (storage_js.go) and
// what it fetches. Every call into JavaScript that can throw is caught
// here, so an exception becomes an error value and never stops the game.
// Built for any other system the package holds only pointer_other.go's
// answers for a desktop.
package browser
