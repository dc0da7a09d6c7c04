package settings

import "errors"

// Shelf is a small store of strings by key: the browser's localStorage in
// the web build (internal/browser), a MemoryShelf in tests. A Set either
// replaces the value whole or, failing, leaves the old one in place.
type Shelf interface {
	Get(key string) (value string, ok bool, err error)
	Set(key, value string) error
	Remove(key string) error
	Keys() ([]string, error)
}

// The two ways a browser's storage fails that a player can understand; a
// Shelf wraps one of them in its errors.
var (
	// ErrStorageFull: the origin's quota (about 5 MB) is used up.
	ErrStorageFull = errors.New("storage is full")
	// ErrStorageRefused: storage is disabled or forbidden here (blocked
	// cookies, some private modes, a sandboxed frame).
	ErrStorageRefused = errors.New("storage is refused")
)

// Locker is what a Shelf that several running games share (a browser's
// tabs) offers so that each keeps an autosave of its own (slots.go).
type Locker interface {
	// TryLock holds name for this game until Unlock or its end, or
	// reports false when another running game holds it.
	TryLock(name string) (bool, error)
	Unlock(name string)
}

// Watcher is a Shelf that tells of the changes other running games make to
// it (a browser's storage events, which a tab gets for the other tabs'
// writes): changed receives the key.
type Watcher interface {
	Watch(changed func(key string))
}
