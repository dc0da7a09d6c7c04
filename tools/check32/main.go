// Command check32 type-checks the module's packages, their tests and
// everything they import as a 32-bit build sees them (GOOS=linux
// GOARCH=386, no cgo: int, uint and uintptr are 32 bits), without
// compiling anything: a constant that overflows int, an untyped constant
// that does not fit, an array too large are type errors there, and this
// finds them in seconds where GOARCH=386 go vet ./... compiles the
// standard library and every dependency again (make vet).
//
//	go run ./tools/check32 [packages]   # default ./...
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
	patterns := os.Args[1:]
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,GoFiles,ImportMap,Module,Error"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=386", "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail("go list: %v", err)
	}
	fset := token.NewFileSet()
	done := map[string]*types.Package{"unsafe": types.Unsafe}
	sizes := types.SizesFor("gc", "386")
	bad := 0
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
	if bad > 0 {
		fail("%d errors where int is 32 bits (GOARCH=386)", bad)
	}
}

type importer func(string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "check32: "+format+"\n", args...)
	os.Exit(1)
}
