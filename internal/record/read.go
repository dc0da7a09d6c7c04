package record

import (
	"fmt"
	"io"
)

// Read reads a whole record from r (standard input, say), refusing a stream
// over MaxSize after reading at most one byte more; ReadFile is the same
// for a file, which it also checks is a regular one.
func Read(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the input %w", ErrTooBig)
	}
	return data, nil
}
