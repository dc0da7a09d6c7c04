// Package font holds the game's faces: the Go fonts for the Latin,
// Cyrillic and Greek scripts, and Noto Sans CJK (a subset, OFL.txt) for
// Japanese and Chinese, behind them as a fallback, loaded only once some
// CJK text is to be drawn; and the measuring of text: wrapping (between
// words, and between CJK characters) and shortening.
package font

import (
	"bytes"
	_ "embed"
	"log"
	"math"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/text/language"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// Weight picks one of the Go fonts (the CJK font has one weight, Regular,
// for all three).
type Weight int

const (
	Regular Weight = iota
	Medium
	Bold
)

// Face is what the scenes draw and measure with: a text.Face with its
// size in pixels. It keeps the Go font's metrics (line height, ascent)
// whether or not the CJK font stands behind it, so a screen lays out the
// same in every language.
type Face struct {
	text.Face
	Size float64

	w       Weight
	metrics text.Metrics
}

// Metrics are the Go font's, CJK fallback or not.
func (f *Face) Metrics() text.Metrics { return f.metrics }

// Set is a game's faces by weight and size.
type Set struct {
	src    [3]*text.GoTextFaceSource
	parsed chan struct{} // closed once src is filled
	faces  map[[2]int]*Face
	state  cjkState // what the faces were built with
}

// cjkState is the CJK fallback the faces have: none, or the font with
// the forms of a language.
type cjkState struct {
	src  *text.GoTextFaceSource
	lang language.Tag
	mini *text.GoTextFaceSource // the languages' names alone, before src
}

// Load reads the three Go fonts in the background: parsing them takes a
// few milliseconds that the window's opening need not wait for; the first
// face asked for waits for them.
func Load() *Set {
	s := &Set{faces: map[[2]int]*Face{}, parsed: make(chan struct{})}
	go func() {
		defer close(s.parsed)
		for i, ttf := range [][]byte{goregular.TTF, gomedium.TTF, gobold.TTF} {
			src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic("embedded Go font: " + err.Error()) // the bytes are compiled in
			}
			s.src[i] = src
		}
	}()
	return s
}

// Face returns a face of a size in pixels, rounded so a resize does not
// fill the glyph cache with every fraction. In Japanese or Chinese it
// asks for the CJK font (on the desktop it waits for it: it is compiled
// in; in the browser it is a download, and CJK text shows boxes until it
// is there); once it is, every face, old and new, falls back on it.
func (s *Set) Face(w Weight, px float64) *Face {
	if locale.Current().CJK {
		NeedCJK()
		if waitForCJK {
			cjk.mu.Lock()
			done := cjk.done
			cjk.mu.Unlock()
			<-done
		}
	}
	if st := currentCJK(); st != s.state {
		s.state = st
		for _, fc := range s.faces {
			s.build(fc)
		}
	}
	k := [2]int{int(w), int(math.Max(6, math.Round(px)))}
	if fc, ok := s.faces[k]; ok {
		return fc
	}
	<-s.parsed
	fc := &Face{Size: float64(k[1]), w: w}
	s.build(fc)
	s.faces[k] = fc
	return fc
}

// build makes a face's text.Face: the Go font's, with the CJK font's
// behind it when that is loaded.
func (s *Set) build(fc *Face) {
	g := &text.GoTextFace{Source: s.src[fc.w], Size: fc.Size}
	fc.metrics = g.Metrics()
	fc.Face = g
	src := s.state.src
	if src == nil {
		src = s.state.mini
	}
	if src == nil {
		return
	}
	c := &text.GoTextFace{Source: src, Size: fc.Size, Language: s.state.lang}
	if m, err := text.NewMultiFace(g, c); err == nil { // both left to right: no error
		fc.Face = m
	}
}

// CJKFile is the CJK font's file, here (compiled into the desktop game)
// and beside index.html (tools/web copies it there): the browser fetches
// it only when some CJK text is to be drawn, and its service worker keeps
// it.
const CJKFile = "NotoSansCJK-subset.otf"

// The CJK font, one for the process, loaded at most once (a failed
// download is tried again a little later).
var cjk struct {
	mu      sync.Mutex
	asked   bool
	failed  time.Time
	src     *text.GoTextFaceSource
	mini    *text.GoTextFaceSource // the languages' names (NeedFor)
	gen     int                    // counts the fonts loaded (Generation)
	done    chan struct{}          // closed when a load ends, well or not
	loading bool
}

func init() { cjk.done = make(chan struct{}) }

// NeedCJK starts loading the CJK font, if it is not loaded or loading:
// a language's list, a player's name or Japanese and Chinese text call it.
func NeedCJK() {
	cjk.mu.Lock()
	defer cjk.mu.Unlock()
	if cjk.src != nil || cjk.loading || (!cjk.failed.IsZero() && time.Since(cjk.failed) < 10*time.Second) {
		return
	}
	cjk.loading = true
	if cjk.asked { // a second try: a new channel to wait on
		cjk.done = make(chan struct{})
	}
	cjk.asked = true
	done := cjk.done
	go func() {
		src, err := loadCJK()
		cjk.mu.Lock()
		defer cjk.mu.Unlock()
		cjk.loading = false
		if err != nil {
			cjk.failed = time.Now()
			logf("the CJK font: %v", err)
		} else {
			cjk.src = src
			cjk.gen++
		}
		close(done)
	}()
}

// loadCJK gets the font's bytes (compiled in, or downloaded) and parses
// them.
func loadCJK() (*text.GoTextFaceSource, error) {
	b, err := cjkBytes()
	if err != nil {
		return nil, err
	}
	return text.NewGoTextFaceSource(bytes.NewReader(b))
}

// currentCJK is the fallback the faces should have now: the font once
// loaded, with the Chinese forms in Chinese and the Japanese ones in every
// other language.
func currentCJK() cjkState {
	cjk.mu.Lock()
	src, mini := cjk.src, cjk.mini
	cjk.mu.Unlock()
	if src == nil && mini == nil {
		return cjkState{}
	}
	lang := language.Japanese
	if l := locale.Current(); l.CJK && l.Code != "ja" {
		lang = l.Tag
	}
	return cjkState{src: src, lang: lang, mini: mini}
}

// namesOTF draws the CJK characters of the languages' names (日本語,
// 简体中文), which the Options list shows in every language: 4 KB, in the
// desktop and the browser game alike, so that list does not load the
// whole CJK font.
//
//go:embed NotoSansCJK-names.otf
var namesOTF []byte

// nameRunes are the characters namesOTF draws.
var nameRunes = func() map[rune]bool {
	rs := map[rune]bool{}
	for _, l := range locale.Languages {
		for _, r := range l.Name {
			if IsCJK(r) {
				rs[r] = true
			}
		}
	}
	return rs
}()

// NeedFor asks for what s needs drawn: nothing for text without CJK
// characters, the tiny font of the languages' names for those, else the
// whole CJK font (NeedCJK).
func NeedFor(s string) {
	if !HasCJK(s) {
		return
	}
	for _, r := range s {
		if IsCJK(r) && !nameRunes[r] {
			NeedCJK()
			return
		}
	}
	cjk.mu.Lock()
	defer cjk.mu.Unlock()
	if cjk.mini != nil || cjk.src != nil {
		return
	}
	src, err := text.NewGoTextFaceSource(bytes.NewReader(namesOTF))
	if err != nil {
		panic("embedded CJK names font: " + err.Error()) // the bytes are compiled in
	}
	cjk.mini = src
	cjk.gen++
}

// Generation changes when a CJK font arrives: text drawn before it (in
// boxes) is to be drawn again.
func Generation() int {
	cjk.mu.Lock()
	defer cjk.mu.Unlock()
	return cjk.gen
}

// Loaded tells whether the CJK font is loaded.
func Loaded() bool {
	cjk.mu.Lock()
	defer cjk.mu.Unlock()
	return cjk.src != nil
}

// logf reports a failure to load; the game goes on in the Go font.
var logf = log.Printf

// SetLog sets where a failure to load the CJK font is reported.
func SetLog(f func(format string, args ...any)) { logf = f }
