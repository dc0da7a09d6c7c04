// Command dist builds the release archives under dist/: Windows (Gobblet.exe
// with icon, version information and no console), macOS (a zipped
// Gobblet.app) and Linux (the binary with a .desktop file and icons), for
// amd64 and arm64, from this machine with CGO_ENABLED=0.
//
// Builds are reproducible: -trimpath, no build ID, fixed archive order and
// timestamps (SOURCE_DATE_EPOCH, else the last commit's time).
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gobblet-game/gobblet/internal/icon"
	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

type target struct{ goos, goarch string }

// in reports whether a -targets list ("windows/amd64,linux/arm64"; ""
// for all) names the target.
func (t target) in(only string) bool {
	return only == "" || strings.Contains(","+only+",", ","+t.goos+"/"+t.goarch+",")
}

var targets = []target{
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "arm64"}, {"darwin", "amd64"},
	{"linux", "amd64"}, {"linux", "arm64"},
}

func main() {
	out := flag.String("out", "dist", "folder for the archives")
	ver := flag.String("version", "", "version to stamp (default: git describe)")
	server := flag.String("server", "", "the online server to build in (wss://play.example.org/): Invite a friend uses it when Options sets none")
	only := flag.String("targets", "", "comma-separated os/arch list (default: all six); with -verify, the archives expected")
	compileOnly := flag.Bool("compile-only", false, "only check that every target compiles")
	check := flag.Bool("verify", false, "check the archives already in -out instead of building")
	flag.Parse()
	if *check {
		if err := verify(*out, *only); err != nil {
			fmt.Fprintln(os.Stderr, "dist verify:", err)
			os.Exit(1)
		}
		return
	}
	if *ver == "" {
		*ver = gitVersion()
	}
	if strings.ContainsAny(*server, " '\"\t\n") {
		fmt.Fprintln(os.Stderr, "dist: -server: an address has no spaces or quotes")
		os.Exit(2)
	}
	builtInServer = *server
	if err := run(*out, *ver, *only, *compileOnly); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

// builtInServer is the -server flag: the online server built into the game.
var builtInServer string

func run(out, ver, only string, compileOnly bool) error {
	stamp := sourceDate()
	tmp, err := os.MkdirTemp("", "gobblet-dist")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, t := range targets {
		if !t.in(only) {
			continue
		}
		start := time.Now()
		exe := filepath.Join(tmp, t.goos+"-"+t.goarch, "gobblet")
		if t.goos == "windows" {
			exe += ".exe"
		}
		if err := build(t, ver, exe); err != nil {
			return err
		}
		if compileOnly {
			fmt.Printf("compiled %s/%s in %.1fs\n", t.goos, t.goarch, time.Since(start).Seconds())
			continue
		}
		var name string
		switch t.goos {
		case "windows":
			name, err = packWindows(out, ver, t, exe, stamp)
		case "darwin":
			name, err = packMac(out, ver, t, exe, stamp)
		default:
			name, err = packLinux(out, ver, t, exe, stamp)
		}
		if err != nil {
			return fmt.Errorf("%s/%s: %w", t.goos, t.goarch, err)
		}
		fmt.Printf("%s (%.1fs)\n", name, time.Since(start).Seconds())
	}
	return nil
}

// build compiles cmd/gobblet for a target; on Windows with a resource
// object (icon, version, manifest) and the GUI subsystem.
func build(t target, ver, exe string) error {
	ldflags := "-s -w -buildid= -X main.version=" + ver
	if builtInServer != "" {
		ldflags += " -X main.defaultServer=" + builtInServer
	}
	if t.goos == "windows" {
		ldflags += " -H=windowsgui"
		syso := filepath.Join("cmd", "gobblet", "zz_dist_windows_"+t.goarch+".syso")
		if err := writeSyso(syso, ver, t.goarch); err != nil {
			return err
		}
		defer os.Remove(syso)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", exe, "./cmd/gobblet")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.goos, "GOARCH="+t.goarch)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build %s/%s: %w", t.goos, t.goarch, err)
	}
	return nil
}

func writeSyso(path, ver, arch string) error {
	var rs winres.ResourceSet
	var imgs []image.Image
	for _, s := range []int{16, 24, 32, 48, 64, 128, 256} {
		imgs = append(imgs, icon.Draw(s))
	}
	ic, err := winres.NewIconFromImages(imgs)
	if err != nil {
		return err
	}
	if err := rs.SetIcon(winres.Name("APPICON"), ic); err != nil {
		return err
	}
	var vi version.Info
	vi.SetFileVersion(numericVersion(ver))
	vi.SetProductVersion(numericVersion(ver))
	for k, v := range map[string]string{
		version.ProductName:      "Gobblet",
		version.FileDescription:  "Gobblet board game",
		version.OriginalFilename: "Gobblet.exe",
		version.InternalName:     "gobblet",
		version.ProductVersion:   ver,
		version.FileVersion:      ver,
		version.LegalCopyright:   "The Gobblet authors",
	} {
		if err := vi.Set(version.LangDefault, k, v); err != nil {
			return err
		}
	}
	rs.SetVersionInfo(vi)
	rs.SetManifest(winres.AppManifest{
		Identity:     winres.AssemblyIdentity{Name: "Gobblet"},
		Description:  "Gobblet board game",
		DPIAwareness: winres.DPIPerMonitorV2,
	})
	var b bytes.Buffer
	a := winres.ArchAMD64
	if arch == "arm64" {
		a = winres.ArchARM64
	}
	if err := rs.WriteObject(&b, a); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// numericVersion turns "v1.2.3-4-gabc" into "1.2.3.4" for Windows; "dev"
// and hashes become 0.0.0.0.
func numericVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	var nums []string
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '.' || r == '-' }) {
		if _, err := strconv.Atoi(part); err != nil {
			break
		}
		nums = append(nums, part)
	}
	for len(nums) < 4 {
		nums = append(nums, "0")
	}
	return strings.Join(nums[:4], ".")
}

type file struct {
	name string
	mode fs.FileMode
	data []byte
}

func packWindows(out, ver string, t target, exe string, stamp time.Time) (string, error) {
	data, err := os.ReadFile(exe)
	if err != nil {
		return "", err
	}
	name := filepath.Join(out, fmt.Sprintf("Gobblet-%s-windows-%s.zip", ver, t.goarch))
	return name, writeZip(name, stamp, []file{{"Gobblet/Gobblet.exe", 0o755, data}})
}

func packMac(out, ver string, t target, exe string, stamp time.Time) (string, error) {
	data, err := os.ReadFile(exe)
	if err != nil {
		return "", err
	}
	icns, err := icnsFile()
	if err != nil {
		return "", err
	}
	plist := fmt.Sprintf(infoPlist, ver, ver)
	name := filepath.Join(out, fmt.Sprintf("Gobblet-%s-macos-%s.zip", ver, t.goarch))
	return name, writeZip(name, stamp, []file{
		{"Gobblet.app/Contents/Info.plist", 0o644, []byte(plist)},
		{"Gobblet.app/Contents/MacOS/Gobblet", 0o755, data},
		{"Gobblet.app/Contents/Resources/Gobblet.icns", 0o644, icns},
	})
}

const infoPlist = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleName</key><string>Gobblet</string>
	<key>CFBundleDisplayName</key><string>Gobblet</string>
	<key>CFBundleIdentifier</key><string>io.github.gobblet-game.gobblet</string>
	<key>CFBundleExecutable</key><string>Gobblet</string>
	<key>CFBundleIconFile</key><string>Gobblet</string>
	<key>CFBundlePackageType</key><string>APPL</string>
	<key>CFBundleShortVersionString</key><string>%s</string>
	<key>CFBundleVersion</key><string>%s</string>
	<key>LSMinimumSystemVersion</key><string>10.13</string>
	<key>LSApplicationCategoryType</key><string>public.app-category.board-games</string>
	<key>NSHighResolutionCapable</key><true/>
</dict>
</plist>
`

// icnsFile builds an Apple icon file: a header and PNG entries by type code.
func icnsFile() ([]byte, error) {
	var body bytes.Buffer
	for _, e := range []struct {
		code string
		size int
	}{{"icp4", 16}, {"icp5", 32}, {"icp6", 64}, {"ic07", 128}, {"ic08", 256}, {"ic09", 512}, {"ic10", 1024}} {
		var p bytes.Buffer
		if err := png.Encode(&p, icon.Draw(e.size)); err != nil {
			return nil, err
		}
		body.WriteString(e.code)
		body.Write(be32(8 + p.Len()))
		body.Write(p.Bytes())
	}
	var f bytes.Buffer
	f.WriteString("icns")
	f.Write(be32(8 + body.Len()))
	f.Write(body.Bytes())
	return f.Bytes(), nil
}

func be32(n int) []byte { return []byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)} }

const desktopEntry = `[Desktop Entry]
Type=Application
Name=Gobblet
GenericName=Board game
Comment=Gobblet and Gobblet Gobblers against the computer or a friend
Exec=gobblet
Icon=gobblet
Terminal=false
Categories=Game;BoardGame;
`

func packLinux(out, ver string, t target, exe string, stamp time.Time) (string, error) {
	data, err := os.ReadFile(exe)
	if err != nil {
		return "", err
	}
	dir := fmt.Sprintf("gobblet-%s-linux-%s/", ver, t.goarch)
	files := []file{
		{dir + "gobblet", 0o755, data},
		{dir + "gobblet.desktop", 0o644, []byte(desktopEntry)},
		{dir + "README.txt", 0o644, []byte("Run ./gobblet, or install: copy gobblet to ~/.local/bin, gobblet.desktop to ~/.local/share/applications,\nand icons/hicolor to ~/.local/share/icons/hicolor.\n")},
	}
	for _, s := range []int{16, 32, 48, 64, 128, 256, 512} {
		files = append(files, file{fmt.Sprintf("%sicons/hicolor/%dx%d/apps/gobblet.png", dir, s, s), 0o644, icon.PNG(s)})
	}
	name := filepath.Join(out, fmt.Sprintf("gobblet-%s-linux-%s.tar.gz", ver, t.goarch))
	return name, writeTarGz(name, stamp, files)
}

func writeZip(name string, stamp time.Time, files []file) error {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := w.Write(f.data); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

func writeTarGz(name string, stamp time.Time, files []file) error {
	var b bytes.Buffer
	gz, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	gz.ModTime = stamp
	tw := tar.NewWriter(gz)
	for _, f := range files {
		h := &tar.Header{Name: f.name, Mode: int64(f.mode), Size: int64(len(f.data)), ModTime: stamp, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(f.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := gz.Close(); err != nil {
		return err
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

func gitVersion() string {
	out, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	if err != nil {
		return "dev"
	}
	return strings.TrimSpace(string(out))
}

func sourceDate() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	if out, err := exec.Command("git", "log", "-1", "--format=%ct").Output(); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
}
