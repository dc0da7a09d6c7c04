//go:build js

package browser

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// The page's Web Locks (navigator.locks) tell the game's tabs apart: each
// holds the lock of its autosave slot for as long as it is open, and the
// browser lets go of a tab's locks when it closes, reloads or crashes. A
// browser without them (an old one, or a page not served over https nor
// from localhost) has every slot free, as one tab would.

// lockWait bounds the wait for the browser's answer to a lock request,
// which comes at once: past it the slot is taken as free.
const lockWait = 2 * time.Second

var held = struct {
	sync.Mutex
	release map[string]js.Value // the function that ends each held lock's promise
}{release: map[string]js.Value{}}

// TryLock holds the Web Lock called name until Unlock or the page's end,
// or reports false when another tab holds it.
func (s *Storage) TryLock(name string) (bool, error) {
	held.Lock()
	_, mine := held.release[name]
	held.Unlock()
	if mine {
		return true, nil
	}
	nav := js.Global().Get("navigator")
	locks := js.Undefined()
	if nav.Type() == js.TypeObject {
		locks = nav.Get("locks")
	}
	if locks.Type() != js.TypeObject {
		return true, nil // no Web Locks: this tab is taken to be alone
	}
	got := make(chan bool, 1)
	var grant js.Func
	grant = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer grant.Release()
		if len(args) == 0 || args[0].Type() != js.TypeObject {
			got <- false // another tab holds it
			return nil
		}
		// The lock lasts as long as this promise is unsettled.
		var hold js.Func
		hold = js.FuncOf(func(_ js.Value, a []js.Value) any {
			defer hold.Release()
			held.Lock()
			held.release[name] = a[0]
			held.Unlock()
			return nil
		})
		p := js.Global().Get("Promise").New(hold)
		got <- true
		return p
	})
	opts := js.Global().Get("Object").New()
	opts.Set("ifAvailable", true)
	req, err := call(locks, "request", name, opts, grant)
	if err != nil {
		grant.Release()
		return true, fmt.Errorf("lock %s: %w", name, err)
	}
	refused := make(chan error, 1)
	var catch js.Func
	catch = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer catch.Release()
		refused <- jsError(args[0])
		return nil
	})
	req.Call("catch", catch) // and no unhandled rejection in the console
	select {
	case ok := <-got:
		return ok, nil
	case err := <-refused: // before the lock was granted: none held
		return true, fmt.Errorf("lock %s: %w", name, err)
	case <-time.After(lockWait):
		return true, errors.New("lock " + name + ": the browser did not answer")
	}
}

// Unlock lets go of a lock TryLock holds.
func (s *Storage) Unlock(name string) {
	held.Lock()
	release, ok := held.release[name]
	delete(held.release, name)
	held.Unlock()
	if ok {
		release.Invoke()
	}
}

var _ settings.Locker = (*Storage)(nil)
