package record

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DecodeJSON reads the JSON files the game keeps (statistics here,
// settings in internal/settings): one object with a "version" from 1 to
// current, no unknown field, nothing after it. A newer version is named as
// such (wrapping ErrNewerFormat) even when it has fields this build does
// not know. what names the file in errors.
func DecodeJSON(data []byte, what string, current int, v any) error {
	var head struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err == nil && head.Version != nil && *head.Version > current {
		return fmt.Errorf("%s format %d is %w (this one reads up to %d)", what, *head.Version, ErrNewerFormat, current)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: text after the end", what)
	}
	if head.Version == nil || *head.Version < 1 {
		return fmt.Errorf("%s: no format version (1 to %d)", what, current)
	}
	return nil
}
