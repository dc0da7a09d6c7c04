package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"debug/pe"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// verify checks the archives in dir: every target present, the Windows
// executables built for the GUI subsystem with resources, the macOS bundle
// complete with an executable binary, the Linux archive with its desktop file.
// only, when not "", names the targets expected (as -targets does).
func verify(dir, only string) error {
	found := map[string]bool{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		var err error
		switch {
		case strings.Contains(e.Name(), "-windows-") && strings.HasSuffix(e.Name(), ".zip"):
			err = verifyWindows(path)
			found["windows/"+arch(e.Name())] = err == nil
		case strings.Contains(e.Name(), "-macos-") && strings.HasSuffix(e.Name(), ".zip"):
			err = verifyMac(path)
			found["darwin/"+arch(e.Name())] = err == nil
		case strings.Contains(e.Name(), "-linux-") && strings.HasSuffix(e.Name(), ".tar.gz"):
			err = verifyLinux(path)
			found["linux/"+arch(e.Name())] = err == nil
		default:
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
		fmt.Println("ok", e.Name())
	}
	for _, t := range targets {
		if t.in(only) && !found[t.goos+"/"+t.goarch] {
			return fmt.Errorf("no archive for %s/%s in %s", t.goos, t.goarch, dir)
		}
	}
	return nil
}

func arch(name string) string {
	if strings.Contains(name, "arm64") {
		return "arm64"
	}
	return "amd64"
}

func zipFiles(path string) (map[string]*zip.File, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	m := map[string]*zip.File{}
	for _, f := range zr.File {
		m[f.Name] = f
	}
	return m, nil
}

func readZip(f *zip.File) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

func verifyWindows(path string) error {
	files, err := zipFiles(path)
	if err != nil {
		return err
	}
	f, ok := files["Gobblet/Gobblet.exe"]
	if !ok {
		return fmt.Errorf("no Gobblet/Gobblet.exe")
	}
	data, err := readZip(f)
	if err != nil {
		return err
	}
	exe, err := pe.NewFile(bytes.NewReader(data))
	if err != nil {
		return err
	}
	var sub uint16
	switch h := exe.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		sub = h.Subsystem
	case *pe.OptionalHeader32:
		sub = h.Subsystem
	}
	if sub != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		return fmt.Errorf("subsystem %d, want %d (GUI: no console window)", sub, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
	}
	if exe.Section(".rsrc") == nil {
		return fmt.Errorf("no resource section (icon, version information)")
	}
	return nil
}

func verifyMac(path string) error {
	files, err := zipFiles(path)
	if err != nil {
		return err
	}
	for _, name := range []string{"Gobblet.app/Contents/Info.plist", "Gobblet.app/Contents/MacOS/Gobblet", "Gobblet.app/Contents/Resources/Gobblet.icns"} {
		if files[name] == nil {
			return fmt.Errorf("no %s", name)
		}
	}
	if files["Gobblet.app/Contents/MacOS/Gobblet"].Mode()&0o111 == 0 {
		return fmt.Errorf("the app's binary is not executable")
	}
	data, err := readZip(files["Gobblet.app/Contents/MacOS/Gobblet"])
	if err != nil {
		return err
	}
	// Mach-O 64-bit magic, little-endian.
	if len(data) < 4 || !bytes.Equal(data[:4], []byte{0xcf, 0xfa, 0xed, 0xfe}) {
		return fmt.Errorf("the app's binary is not a 64-bit Mach-O file")
	}
	return nil
}

func verifyLinux(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	gz, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	var binOK, desktop, icon bool
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(h.Name, "/gobblet"):
			head := make([]byte, 4)
			io.ReadFull(tr, head)
			binOK = h.Mode&0o111 != 0 && bytes.Equal(head, []byte("\x7fELF"))
		case strings.HasSuffix(h.Name, "/gobblet.desktop"):
			desktop = true
		case strings.HasSuffix(h.Name, "/256x256/apps/gobblet.png"):
			icon = true
		}
	}
	if !binOK || !desktop || !icon {
		return fmt.Errorf("binary ok %v, desktop file %v, icon %v", binOK, desktop, icon)
	}
	return nil
}
