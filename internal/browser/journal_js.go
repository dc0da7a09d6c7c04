//go:build js

package browser

import (
	"errors"
	"fmt"
	"syscall/js"
)

// A browser writes localStorage to disk lazily: Chromium a few seconds
// after a change, so a browser killed in those seconds (or a machine that
// loses its power) comes back without them. Measured with Chromium killed
// by SIGKILL: a value set 3 s before the kill was gone, one set 6 s before
// was there. IndexedDB writes a transaction to disk when it completes: a
// value put 200 ms before the kill was there. So every write of the game's
// also goes to a journal in IndexedDB, in the order made, and at start the
// journal's values are put back into localStorage before the game reads it.

const (
	journalDB    = "gobblet"
	journalStore = "journal" // the game's keys, each with {v: value} or {gone: true}
)

// journal is the IndexedDB copy of what the game wrote to localStorage.
type journal struct{ db js.Value }

// openJournal opens the journal, made empty the first time.
func openJournal() (*journal, error) {
	idb, err := call(js.Global().Get("Reflect"), "get", js.Global(), "indexedDB")
	if err != nil {
		return nil, err
	}
	if idb.Type() != js.TypeObject {
		return nil, errors.New("no IndexedDB")
	}
	req, err := call(idb, "open", journalDB, 1)
	if err != nil {
		return nil, err
	}
	upgrade := js.FuncOf(func(js.Value, []js.Value) any {
		req.Get("result").Call("createObjectStore", journalStore)
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	db, err := awaitRequest(req)
	if err != nil {
		return nil, err
	}
	return &journal{db: db}, nil
}

// write records a Set (value) or a Remove (gone) of key; the transaction
// completes on its own, after the ones before it.
func (j *journal) write(key, value string, gone bool) {
	entry := js.Global().Get("Object").New()
	if gone {
		entry.Set("gone", true)
	} else {
		entry.Set("v", value)
	}
	tx, err := call(j.db, "transaction", journalStore, "readwrite")
	if err == nil {
		_, err = call(tx.Call("objectStore", journalStore), "put", entry, key)
	}
	if err != nil {
		js.Global().Get("console").Call("log", fmt.Sprintf("gobblet: journal %s: %v", key, err))
	}
}

// replay puts what the journal holds into local: the writes a lazy
// localStorage lost come back.
func (j *journal) replay(local js.Value) error {
	tx, err := call(j.db, "transaction", journalStore, "readonly")
	if err != nil {
		return err
	}
	store := tx.Call("objectStore", journalStore)
	keysReq, err := call(store, "getAllKeys")
	if err != nil {
		return err
	}
	valuesReq, err := call(store, "getAll")
	if err != nil {
		return err
	}
	keys, err := awaitRequest(keysReq)
	if err != nil {
		return err
	}
	values, err := awaitRequest(valuesReq)
	if err != nil {
		return err
	}
	for i := range min(keys.Length(), values.Length()) {
		key, e := keys.Index(i), values.Index(i)
		if key.Type() != js.TypeString || e.Type() != js.TypeObject {
			continue
		}
		switch v := e.Get("v"); {
		case e.Get("gone").Truthy():
			_, err = call(local, "removeItem", key)
		case v.Type() == js.TypeString:
			if cur, _ := call(local, "getItem", key); cur.Type() != js.TypeString || cur.String() != v.String() {
				_, err = call(local, "setItem", key, v)
			}
		}
		if err != nil {
			return fmt.Errorf("replay %s: %w", key.String(), err)
		}
	}
	return nil
}

// awaitRequest waits (the goroutine, not the page) for an IndexedDB
// request's result.
func awaitRequest(req js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	ch := make(chan settled, 1)
	ok := js.FuncOf(func(js.Value, []js.Value) any {
		ch <- settled{v: req.Get("result")}
		return nil
	})
	defer ok.Release()
	fail := js.FuncOf(func(js.Value, []js.Value) any {
		err := errors.New("IndexedDB request failed")
		if e := req.Get("error"); e.Type() == js.TypeObject {
			err = errors.New(e.Get("name").String() + ": " + e.Get("message").String())
		}
		ch <- settled{err: err}
		return nil
	})
	defer fail.Release()
	req.Set("onsuccess", ok)
	req.Set("onerror", fail)
	s := <-ch
	return s.v, s.err
}
