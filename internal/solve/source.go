package solve

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// The built-in solution's bytes (the sparse table, 3.9 MB) come from a
// source. On the desktop they are built into the program. In a browser they
// would more than double the download, so the program sets a source that
// fetches them from beside the page, and asks for them early (Prefetch) so
// the first perfect move does not wait for the network.
var source fetchSource

type fetchSource struct {
	mu      sync.Mutex
	fetch   func(context.Context) ([]byte, error)
	bytes   []byte    // once fetched, kept: a few MB against 50 decoded
	pending *fetching // the fetch under way, if any
}

// fetching is one fetch of the table, shared by everyone who waits for it.
type fetching struct {
	done  chan struct{}
	bytes []byte
	err   error
}

var errNoSource = errors.New("the perfect-play table could not be downloaded: the program set no source for it")

// SetSource sets where the built-in solution's bytes come from: a function
// that fetches them (in a browser: from beside the page). They are fetched
// once, on first need or on Prefetch, and kept; a failed fetch is tried
// again on the next need. nil leaves the solution without a source.
func SetSource(fetch func(context.Context) ([]byte, error)) {
	s := &source
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fetch, s.bytes, s.pending = fetch, nil, nil
}

// Prefetch starts fetching the solution's bytes in the background, unless
// they are there or on their way, so a later Load does not wait for them.
func Prefetch() {
	s := &source
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bytes == nil && s.fetch != nil {
		s.start()
	}
}

// tableBytes returns the solution's bytes, fetching them if need be; it
// stops waiting when ctx is done (the fetch goes on for the next caller).
func tableBytes(ctx context.Context) ([]byte, error) {
	s := &source
	s.mu.Lock()
	if s.bytes != nil {
		defer s.mu.Unlock()
		return s.bytes, nil
	}
	if s.fetch == nil {
		s.mu.Unlock()
		return nil, errNoSource
	}
	f := s.start()
	s.mu.Unlock()
	select {
	case <-f.done:
		if f.err != nil {
			return nil, fmt.Errorf("the perfect-play table could not be downloaded: %w", f.err)
		}
		return f.bytes, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// start starts a fetch unless one is under way, and returns it. source.mu
// is held.
func (s *fetchSource) start() *fetching {
	if s.pending != nil {
		return s.pending
	}
	f := &fetching{done: make(chan struct{})}
	s.pending = f
	fetch := s.fetch
	go func() {
		b, err := fetch(context.Background())
		if err == nil && len(b) == 0 {
			err = errors.New("the file is empty")
		}
		s.mu.Lock()
		if s.pending == f { // not replaced by SetSource meanwhile
			s.pending = nil
			if err == nil {
				s.bytes = b
			}
		}
		s.mu.Unlock()
		f.bytes, f.err = b, err
		close(f.done)
	}()
	return f
}
