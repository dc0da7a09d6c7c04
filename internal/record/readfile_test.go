package record

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// readWithin runs ReadFile and fails the test if it has not returned after
// a generous while: the bug it guards against is a read that never ends.
func readWithin(t *testing.T, path string) ([]byte, error) {
	t.Helper()
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := ReadFile(path)
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("ReadFile(%s) has not returned: it blocks", path)
		return nil, nil
	}
}

func TestReadFileRefusesWhatIsNotASmallRegularFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.gobblet")
	if err := os.WriteFile(small, []byte("[Variant \"gobblers\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	exact := filepath.Join(dir, "exact")
	huge := filepath.Join(dir, "huge")
	for path, size := range map[string]int64{exact: MaxSize, huge: 200 << 20} {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil { // sparse: costs no disk
			t.Fatal(err)
		}
		f.Close()
	}
	tests := []struct {
		name string
		path string
		want error // nil: read whole
	}{
		{"a small file is read", small, nil},
		{"a file of exactly the cap is read", exact, nil},
		{"a 200 MB file is refused, not read", huge, ErrTooBig},
		{"a folder is refused", dir, ErrNotRegular},
		{"a missing file is fs.ErrNotExist", filepath.Join(dir, "none"), fs.ErrNotExist},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		tests = append(tests, struct {
			name string
			path string
			want error
		}{"/dev/zero is refused, not read forever", "/dev/zero", ErrNotRegular})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := readWithin(t, tc.path)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("ReadFile: %v", err)
				}
				if info, _ := os.Stat(tc.path); int64(len(data)) != info.Size() {
					t.Fatalf("read %d bytes of %d", len(data), info.Size())
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("ReadFile(%s) = %d bytes, %v; want %v", tc.path, len(data), err, tc.want)
			}
		})
	}
}
