package solve

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"weak"
)

// withSource gives the package a source for one test, with nothing loaded
// or fetched yet, and puts everything back afterwards.
func withSource(t *testing.T, fetch func(context.Context) ([]byte, error)) {
	t.Helper()
	forget := func() {
		loaded.mu.Lock()
		defer loaded.mu.Unlock()
		loaded.weak, loaded.kept, loaded.err = weak.Pointer[Solution]{}, nil, nil
	}
	s := &source
	s.mu.Lock()
	oldFetch, oldBytes := s.fetch, s.bytes
	s.mu.Unlock()
	t.Cleanup(func() {
		forget()
		s.mu.Lock()
		defer s.mu.Unlock()
		s.fetch, s.bytes, s.pending = oldFetch, oldBytes, nil
	})
	forget()
	SetSource(fetch)
}

// tableFile is the sparse table's file, as a page serves it.
func tableFile(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("gobblers.sparse")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLoadWithoutSourceSaysTheTableCouldNotBeDownloaded(t *testing.T) {
	withSource(t, nil)
	_, err := Load(t.Context())
	if err == nil || !strings.HasPrefix(err.Error(), "the perfect-play table could not be downloaded: ") {
		t.Errorf("Load without a source: %v, want the table could not be downloaded", err)
	}
}

func TestLoadFetchesOnceAndKeepsTheBytes(t *testing.T) {
	raw := tableFile(t)
	var fetches atomic.Int32
	withSource(t, func(context.Context) ([]byte, error) {
		fetches.Add(1)
		return raw, nil
	})
	sol, err := Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if v, err := sol.Value(t.Context(), Board{}); err != nil || v != WinIn(13) {
		t.Errorf("the empty board is worth %v (%v), want a win in 13 plies", v, err)
	}
	// Let the decoded solution go: loading again decodes the kept bytes.
	loaded.mu.Lock()
	loaded.weak, loaded.kept = weak.Pointer[Solution]{}, nil
	loaded.mu.Unlock()
	if _, err := Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("the table was fetched %d times, want once", n)
	}
}

func TestAFailedFetchSaysWhyAndIsTriedAgain(t *testing.T) {
	raw := tableFile(t)
	var fetches atomic.Int32
	offline := errors.New("the network is down")
	withSource(t, func(context.Context) ([]byte, error) {
		if fetches.Add(1) == 1 {
			return nil, offline
		}
		return raw, nil
	})
	_, err := Load(t.Context())
	if !errors.Is(err, offline) || !strings.HasPrefix(err.Error(), "the perfect-play table could not be downloaded: ") {
		t.Fatalf("first Load: %v, want the table could not be downloaded: %v", err, offline)
	}
	if _, err := Load(t.Context()); err != nil {
		t.Errorf("second Load, the network back: %v", err)
	}
}

func TestLoadStopsWaitingWhenCancelledAndTheFetchGoesOn(t *testing.T) {
	raw := tableFile(t)
	var fetches atomic.Int32
	release := make(chan struct{})
	withSource(t, func(context.Context) ([]byte, error) {
		fetches.Add(1)
		<-release
		return raw, nil
	})
	Prefetch()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Load(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Load with a cancelled context while the table downloads: %v, want context.Canceled", err)
	}
	close(release)
	if _, err := Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("the table was fetched %d times, want once (Prefetch's fetch serves every caller)", n)
	}
}

func TestAFileThatIsNotTheTableIsRefused(t *testing.T) {
	withSource(t, func(context.Context) ([]byte, error) {
		return []byte("<!doctype html><title>404 Not Found</title>"), nil
	})
	if _, err := Load(t.Context()); err == nil {
		t.Error("Load decoded a web page as the table")
	}
}
