package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFileBoundsWhatItReads(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int64) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(size); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		rule string
		size int64
		ok   bool
	}{
		{"a small record is read", 100, true},
		{"a record of exactly MaxSize is read", MaxSize, true},
		{"one byte over MaxSize is refused", MaxSize + 1, false},
		{"a 200 MB file is refused, not read whole", 200 << 20, false},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			data, err := ReadFile(write(strings.ReplaceAll(tc.rule, " ", "_"), tc.size))
			switch {
			case tc.ok && (err != nil || int64(len(data)) != tc.size):
				t.Errorf("read %d bytes, error %v; want %d bytes", len(data), err, tc.size)
			case !tc.ok && (!errors.Is(err, ErrTooLarge) || data != nil):
				t.Errorf("read %d bytes, error %v; want ErrTooLarge", len(data), err)
			case !tc.ok && !strings.Contains(err.Error(), "is larger than 4 MiB, which no game record is"):
				t.Errorf("error %q does not say why", err)
			}
		})
	}
}

func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	paths := map[string]string{"a folder": t.TempDir()}
	if _, err := os.Stat(os.DevNull); err == nil {
		paths["a device"] = os.DevNull
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths["a device"] = "/dev/zero" // endless: reading it whole never ends
	}
	for kind, path := range paths {
		t.Run(kind, func(t *testing.T) {
			_, err := ReadFile(path)
			if err == nil || !strings.Contains(err.Error(), "is "+kind+", not a file") {
				t.Errorf("ReadFile(%s): %v, want a sentence saying it is %s", path, err, kind)
			}
		})
	}
}

func TestReadRefusesAnOverlongStream(t *testing.T) {
	if _, err := Read(bytes.NewReader(make([]byte, MaxSize+1))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("error %v, want ErrTooLarge", err)
	}
	if data, err := Read(strings.NewReader("[Variant \"classic\"]\n")); err != nil || len(data) != 20 {
		t.Errorf("read %q, %v", data, err)
	}
}
