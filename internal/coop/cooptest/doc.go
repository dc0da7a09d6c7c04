// Package cooptest measures, in tests run as WebAssembly (under node, with
// go_js_wasm_exec), how long the JavaScript event loop waits while Go code
// works: the time a page would go without a frame.
package cooptest
