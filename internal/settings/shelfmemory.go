package settings

import (
	"fmt"
	"maps"
	"sync"
)

// MemoryShelf is a Shelf in a map, with a quota like a browser's: what
// tests use in place of localStorage. Two stores over one MemoryShelf are a
// page and the same page reloaded.
type MemoryShelf struct {
	mu     sync.Mutex
	values map[string]string
	// Quota bounds the bytes of all keys and values together, as a
	// browser bounds its storage (it counts UTF-16 units, as many for the
	// game's ASCII); 0 means no bound.
	Quota int
	// Refuse makes every call fail with ErrStorageRefused, like a
	// browser with storage disabled.
	Refuse bool
	locks  map[string]*MemoryTab // held by a tab (Tab)
	// what each tab watches (Tab.Watch)
	watchers map[*MemoryTab][]func(key string)
}

// NewMemoryShelf is an empty shelf without a quota.
func NewMemoryShelf() *MemoryShelf { return &MemoryShelf{values: map[string]string{}} }

func (m *MemoryShelf) Get(key string) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Refuse {
		return "", false, fmt.Errorf("get %s: %w", key, ErrStorageRefused)
	}
	v, ok := m.values[key]
	return v, ok, nil
}

// Set fails with ErrStorageFull, and keeps the old value, when the new one
// would not fit in the quota.
func (m *MemoryShelf) Set(key, value string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Refuse {
		return fmt.Errorf("set %s: %w", key, ErrStorageRefused)
	}
	if m.Quota > 0 {
		used := m.used() + len(key) + len(value)
		if old, ok := m.values[key]; ok {
			used -= len(key) + len(old)
		}
		if used > m.Quota {
			return fmt.Errorf("set %s: %w", key, ErrStorageFull)
		}
	}
	m.values[key] = value
	return nil
}

func (m *MemoryShelf) Remove(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Refuse {
		return fmt.Errorf("remove %s: %w", key, ErrStorageRefused)
	}
	delete(m.values, key)
	return nil
}

// Keys are in no particular order, as localStorage's are not.
func (m *MemoryShelf) Keys() ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Refuse {
		return nil, fmt.Errorf("list keys: %w", ErrStorageRefused)
	}
	keys := make([]string, 0, len(m.values))
	for k := range m.values {
		keys = append(keys, k)
	}
	return keys, nil
}

// Used is the bytes of all keys and values together.
func (m *MemoryShelf) Used() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.used()
}

func (m *MemoryShelf) used() int {
	n := 0
	for k, v := range m.values {
		n += len(k) + len(v)
	}
	return n
}

// Snapshot copies every key and value (tests compare before and after).
func (m *MemoryShelf) Snapshot() map[string]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.values)
}

// MemoryTab is one browser tab over a MemoryShelf: a Locker, whose locks
// Close lets go of, as a closed tab's are.
type MemoryTab struct {
	*MemoryShelf
}

// Tab opens another tab over the shelf.
func (m *MemoryShelf) Tab() *MemoryTab { return &MemoryTab{m} }

func (t *MemoryTab) TryLock(name string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.locks == nil {
		t.locks = map[string]*MemoryTab{}
	}
	if h := t.locks[name]; h != nil && h != t {
		return false, nil
	}
	t.locks[name] = t
	return true, nil
}

func (t *MemoryTab) Unlock(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.locks[name] == t {
		delete(t.locks, name)
	}
}

// Watch calls changed with each key another tab sets or removes, as a
// browser's storage event does.
func (t *MemoryTab) Watch(changed func(key string)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.watchers == nil {
		t.watchers = map[*MemoryTab][]func(string){}
	}
	t.watchers[t] = append(t.watchers[t], changed)
}

func (t *MemoryTab) Set(key, value string) error {
	err := t.MemoryShelf.Set(key, value)
	if err == nil {
		t.tell(key)
	}
	return err
}

func (t *MemoryTab) Remove(key string) error {
	err := t.MemoryShelf.Remove(key)
	if err == nil {
		t.tell(key)
	}
	return err
}

// tell the other tabs that key changed.
func (t *MemoryTab) tell(key string) {
	t.mu.Lock()
	var calls []func(string)
	for tab, ws := range t.watchers {
		if tab != t {
			calls = append(calls, ws...)
		}
	}
	t.mu.Unlock()
	for _, c := range calls {
		c(key)
	}
}

// Close is the tab closing: its locks go.
func (t *MemoryTab) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for name, h := range t.locks {
		if h == t {
			delete(t.locks, name)
		}
	}
	delete(t.watchers, t)
}
