//go:build js

package browser

import (
	"errors"
	"fmt"
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// Storage is the page's localStorage as a settings.Shelf: a few megabytes
// of strings per web site that survive a reload. Its calls are synchronous,
// and setItem replaces a value whole or, failing, leaves the old one. Each
// write is also kept in a journal in IndexedDB (journal_js.go), which the
// browser writes to disk at once, where localStorage waits seconds.
type Storage struct {
	local   js.Value
	journal *journal // nil: none could be opened
}

// probeKey is written and removed once at start, to find a storage that
// refuses any write.
const probeKey = settings.ShelfPrefix + ".probe"

// LocalStorage opens the page's localStorage. It fails, wrapping
// settings.ErrStorageRefused, when the browser gives none: storage
// disabled, cookies blocked, a sandboxed frame, or a first small write
// refused. A storage that is only full is opened: what it holds can be read.
func LocalStorage() (*Storage, error) {
	// Reading window.localStorage itself throws a SecurityError when it is
	// forbidden; only Call catches an exception, so read it through Reflect.
	local, err := call(js.Global().Get("Reflect"), "get", js.Global(), "localStorage")
	if err != nil {
		return nil, fmt.Errorf("open localStorage: %w", err)
	}
	if local.Type() != js.TypeObject {
		return nil, fmt.Errorf("open localStorage: it is %s: %w", local.Type(), settings.ErrStorageRefused)
	}
	s := &Storage{local: local}
	if err := s.Set(probeKey, "1"); err != nil && !errors.Is(err, settings.ErrStorageFull) {
		return nil, err
	}
	s.Remove(probeKey)
	j, err := openJournal()
	if err == nil {
		err = j.replay(local)
		s.journal = j
	}
	if err != nil {
		js.Global().Get("console").Call("log", "gobblet: the IndexedDB journal: "+err.Error())
	}
	return s, nil
}

// Get returns the value kept under key; ok is false when there is none.
func (s *Storage) Get(key string) (value string, ok bool, err error) {
	v, err := call(s.local, "getItem", key)
	if err != nil {
		return "", false, fmt.Errorf("localStorage get %s: %w", key, err)
	}
	if v.Type() != js.TypeString {
		return "", false, nil // null: no such key
	}
	return v.String(), true, nil
}

// Set keeps value under key; a full storage fails with
// settings.ErrStorageFull and keeps the old value.
func (s *Storage) Set(key, value string) error {
	if _, err := call(s.local, "setItem", key, value); err != nil {
		return fmt.Errorf("localStorage set %s: %w", key, err)
	}
	if s.journal != nil {
		s.journal.write(key, value, false)
	}
	return nil
}

// Remove forgets key; a key that is not there is no error.
func (s *Storage) Remove(key string) error {
	if _, err := call(s.local, "removeItem", key); err != nil {
		return fmt.Errorf("localStorage remove %s: %w", key, err)
	}
	if s.journal != nil {
		s.journal.write(key, "", true)
	}
	return nil
}

// Keys lists every key of the web site, the game's and other pages'.
func (s *Storage) Keys() ([]string, error) {
	n, err := call(js.Global().Get("Reflect"), "get", s.local, "length")
	if err != nil {
		return nil, fmt.Errorf("localStorage keys: %w", err)
	}
	if n.Type() != js.TypeNumber {
		return nil, fmt.Errorf("localStorage keys: the length is %s", n.Type())
	}
	var keys []string
	for i := range n.Int() {
		k, err := call(s.local, "key", i)
		if err != nil {
			return nil, fmt.Errorf("localStorage keys: %w", err)
		}
		if k.Type() == js.TypeString { // null when another tab removed keys meanwhile
			keys = append(keys, k.String())
		}
	}
	return keys, nil
}

// Watch calls changed with the key of each change another tab makes to
// localStorage (the page's storage events).
func (s *Storage) Watch(changed func(key string)) {
	js.Global().Call("addEventListener", "storage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || !args[0].Get("storageArea").Equal(s.local) {
			return nil
		}
		if k := args[0].Get("key"); k.Type() == js.TypeString {
			changed(k.String())
		}
		return nil
	}))
}

// call is v[method](args...), with an exception returned as an error: the
// ones a player can understand wrap settings.ErrStorageFull or
// settings.ErrStorageRefused.
func call(v js.Value, method string, args ...any) (result js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			jerr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			result, err = js.Undefined(), thrown(jerr)
		}
	}()
	return v.Call(method, args...), nil
}

// thrown turns a JavaScript exception into an error, by its DOMException
// name (or legacy code).
func thrown(e js.Error) error {
	if e.Type() != js.TypeObject {
		return errors.New("an exception: " + e.Value.String())
	}
	name, message, code := "", "", 0
	if v := e.Get("name"); v.Type() == js.TypeString {
		name = v.String()
	}
	if v := e.Get("message"); v.Type() == js.TypeString {
		message = v.String()
	}
	if v := e.Get("code"); v.Type() == js.TypeNumber {
		code = v.Int()
	}
	switch {
	case name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" || code == 22 || code == 1014:
		return fmt.Errorf("%w (%s: %s)", settings.ErrStorageFull, name, message)
	case name == "SecurityError" || code == 18:
		return fmt.Errorf("%w (%s: %s)", settings.ErrStorageRefused, name, message)
	}
	return fmt.Errorf("%s: %s", name, message)
}

var (
	_ settings.Shelf   = (*Storage)(nil)
	_ settings.Watcher = (*Storage)(nil)
)
