package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestReadRefusesAnOverlongStream(t *testing.T) {
	if _, err := Read(bytes.NewReader(make([]byte, MaxSize+1))); !errors.Is(err, ErrTooBig) {
		t.Errorf("error %v, want ErrTooBig", err)
	}
	if data, err := Read(bytes.NewReader(make([]byte, MaxSize))); err != nil || len(data) != MaxSize {
		t.Errorf("a stream of exactly MaxSize: read %d bytes, %v", len(data), err)
	}
	if data, err := Read(strings.NewReader("[Variant \"classic\"]\n")); err != nil || len(data) != 20 {
		t.Errorf("read %q, %v", data, err)
	}
}
