//go:build js

package browser

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func TestFetchCopiesTheWholeFile(t *testing.T) {
	want := make([]byte, 300_000)
	for i := range want {
		want[i] = byte(i * 7)
	}
	url := "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(want)
	got, err := Fetch(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("fetched %d bytes, not the %d sent", len(got), len(want))
	}
}

func TestFetchSaysWhyItFailed(t *testing.T) {
	_, err := Fetch(t.Context(), "http://127.0.0.1:1/gobblers.sparse")
	if err == nil || !strings.HasPrefix(err.Error(), "fetch http://127.0.0.1:1/gobblers.sparse: ") {
		t.Errorf("fetch from a closed port: %v, want an error naming the address", err)
	}
	t.Log(err)
}

func TestFetchStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Fetch(ctx, "data:,x"); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled fetch: %v, want context.Canceled", err)
	}
}
