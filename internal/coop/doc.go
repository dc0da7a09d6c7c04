// Package coop lets long computations share the browser's one thread.
//
// Go compiled to WebAssembly runs every goroutine on the page's single
// thread, and the runtime hands the thread back to the browser's event
// loop (which delivers requestAnimationFrame, that is Ebitengine's frames,
// and the input) only when every goroutine is blocked. There is no
// preemption: a search that computes for seconds freezes the page for
// seconds, and runtime.Gosched does not help, since it only lets other
// goroutines run, without ever returning to JavaScript.
//
// Code that may loop for long calls Yield every so often (every thousand
// nodes or so). In the browser, once a slice of work has run, Yield blocks
// the goroutine until a JavaScript timer's callback runs, which only the
// event loop can do: once every goroutine waits, the runtime returns to the
// event loop, the browser draws a frame and delivers input, and the
// callback resumes the work. (A Go timer is not enough: two busy goroutines
// asleep on Go timers take turns without the runtime ever going idle.) Everywhere else Yield is an empty
// function the compiler inlines to nothing: threads are preempted there,
// and desktop speed does not change.
package coop
