// Command typecheck type-checks the module's packages, their tests and
// everything they import as a build for other platforms sees them, with no
// cgo, without compiling anything: each platform's own files (build tags,
// _windows.go, _darwin.go) and the sizes of its types. For a 32-bit build
// (GOOS=linux GOARCH=386, the default: int, uint and uintptr are 32 bits)
// a constant that overflows int, an untyped constant that does not fit, an
// array too large are type errors. It takes seconds where GOOS=… GOARCH=…
// go vet ./... or go build compiles the standard library and every
// dependency again (make vet, make cross). Our own code's function bodies
// are checked; the dependencies' declarations only.
//
//	go run ./tools/typecheck [-target GOOS/GOARCH]... [packages]   # default linux/386, ./...
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

type listed struct {
	ImportPath string
	Dir        string
	Standard   bool
	GoFiles    []string
	ImportMap  map[string]string
	Module     *struct{ Main bool }
	Error      *struct{ Err string }
}

func main() {
	var targets []string
	args := os.Args[1:]
	for len(args) >= 2 && args[0] == "-target" {
		targets, args = append(targets, args[1]), args[2:]
	}
	if len(args) > 0 && strings.HasPrefix(args[0], "-") {
		fail("usage: typecheck [-target GOOS/GOARCH]... [packages]")
	}
	if len(targets) == 0 {
		targets = []string{"linux/386"}
	}
	if len(args) == 0 {
		args = []string{"./..."}
	}
	for _, t := range targets {
		goos, goarch, ok := strings.Cut(t, "/")
		if !ok || goos == "" || goarch == "" {
			fail("-target %q: want GOOS/GOARCH, such as darwin/arm64", t)
		}
		if bad := check(goos, goarch, args); bad > 0 {
			fail("%d errors in the build for %s (GOOS=%s GOARCH=%s, no cgo)", bad, t, goos, goarch)
		}
	}
}

// check type-checks the packages matched by patterns as GOOS=goos
// GOARCH=goarch sees them, printing each error; it returns their count.
func check(goos, goarch string, patterns []string) (bad int) {
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,GoFiles,ImportMap,Module,Error"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail("go list: %v", err)
	}
	fset := token.NewFileSet()
	done := map[string]*types.Package{"unsafe": types.Unsafe}
	sizes := types.SizesFor("gc", goarch)
	if sizes == nil {
		fail("no sizes for GOARCH=%s", goarch)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			fail("go list: %v", err)
		}
		if p.ImportPath == "unsafe" || strings.HasSuffix(p.ImportPath, ".test") {
			continue // unsafe is built in; a test's generated main is not ours
		}
		if p.Error != nil {
			fmt.Fprintf(os.Stderr, "%s: %s\n", p.ImportPath, p.Error.Err)
			bad++
			continue
		}
		ours := p.Module != nil && p.Module.Main
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				fail("%v", err)
			}
			files = append(files, f)
		}
		var errs []error
		conf := types.Config{
			Sizes: sizes,
			// only our own code's bodies: the dependencies' signatures
			// and constants are what ours is checked against
			IgnoreFuncBodies: !ours,
			Importer: importer(func(path string) (*types.Package, error) {
				if to, ok := p.ImportMap[path]; ok {
					path = to
				}
				if pkg, ok := done[path]; ok {
					return pkg, nil
				}
				return nil, fmt.Errorf("%s: not listed before its importer", path)
			}),
			Error: func(err error) { errs = append(errs, err) },
		}
		pkg, _ := conf.Check(p.ImportPath, fset, files, nil)
		done[p.ImportPath] = pkg
		for _, err := range errs {
			fmt.Fprintf(os.Stderr, "%v\n", err)
			bad++
		}
	}
	return bad
}

type importer func(string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "typecheck: "+format+"\n", args...)
	os.Exit(1)
}
