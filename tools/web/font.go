package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"html/template"
	"sort"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The loading page writes in the game's own font, the Go fonts
// (internal/app/font.go: the title in Go Bold, the rest in Go Regular).
// Whole, the two would add 300 KB to the page; cut down to the characters
// the page writes (Latin, the dashes, quotes and the ellipsis) and without
// their hinting (the game does not hint either) they take a fifth of that,
// inline in index.html, so the first paint already has them: no other
// download, no flash of another font.

// latinRunes are the characters the loading page's fonts always keep:
// Latin-1, the dashes, quotes and the ellipsis.
var latinRunes = []struct{ lo, hi rune }{
	{0x20, 0x7e}, {0xa0, 0xff}, {0x2013, 0x2014}, {0x2018, 0x201d}, {0x2026, 0x2026},
}

// pageRunes are the characters the loading page's fonts keep: latinRunes,
// and every other letter the page's own words use that the Go fonts draw
// (Polish, Russian and Ukrainian: ą, ł, Ж, ї…). Japanese and Chinese, which
// the Go fonts do not draw, fall back to the system's font, as does any
// other character (the @font-face rules' unicode-range says so).
var pageRunes = pageRunesOf(pageText())

// pageText is the text of index.html, the page's words in every language
// among it.
func pageText() string {
	b, err := pages.ReadFile("index.html")
	if err != nil {
		panic(err) // embedded
	}
	return string(b)
}

// pageRunesOf is latinRunes and the characters of text beyond them that
// Go Regular draws, as ranges in order.
func pageRunesOf(text string) []struct{ lo, hi rune } {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		panic(err)
	}
	var buf sfnt.Buffer
	in := func(r rune) bool {
		for _, s := range latinRunes {
			if s.lo <= r && r <= s.hi {
				return true
			}
		}
		return false
	}
	seen := map[rune]bool{}
	var extra []rune
	for _, r := range text {
		if in(r) || seen[r] {
			continue
		}
		seen[r] = true
		if g, err := f.GlyphIndex(&buf, r); err == nil && g != 0 {
			extra = append(extra, r)
		}
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i] < extra[j] })
	out := append([]struct{ lo, hi rune }{}, latinRunes...)
	for _, r := range extra {
		if last := &out[len(out)-1]; last.hi+1 == r && last.lo > 0xff {
			last.hi = r
			continue
		}
		out = append(out, struct{ lo, hi rune }{r, r})
	}
	return out
}

// pageFontFaces are the @font-face rules of the loading page's fonts.
func pageFontFaces() (template.CSS, error) {
	var css strings.Builder
	for _, f := range []struct {
		ttf    []byte
		weight int
	}{{goregular.TTF, 400}, {gobold.TTF, 700}} {
		sub, err := subsetTTF(f.ttf, pageRunes)
		if err != nil {
			return "", err
		}
		var ranges []string
		for _, r := range pageRunes {
			if r.lo == r.hi {
				ranges = append(ranges, fmt.Sprintf("U+%X", r.lo))
				continue
			}
			ranges = append(ranges, fmt.Sprintf("U+%X-%X", r.lo, r.hi))
		}
		fmt.Fprintf(&css, "@font-face { font-family: \"Go\"; font-weight: %d; font-display: block; unicode-range: %s; src: url(data:font/ttf;base64,%s) format(\"truetype\"); }\n",
			f.weight, strings.Join(ranges, ", "), base64.StdEncoding.EncodeToString(sub))
	}
	return template.CSS(css.String()), nil // built here from a font and constants
}

// subsetTTF returns a TrueType font that draws only the given characters:
// every other glyph is left empty, so glyph numbers, and with them the
// character map, metrics and kerning, stay as they were; the glyph names
// are dropped (post format 3).
func subsetTTF(ttf []byte, keep []struct{ lo, hi rune }) ([]byte, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	tables, err := readTables(ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "maxp", "loca", "glyf", "post"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("font without a %s table", tag)
		}
	}
	head, loca, glyf := tables["head"], tables["loca"], tables["glyf"]
	if len(head) < 54 || len(tables["maxp"]) < 6 || len(tables["post"]) < 32 {
		return nil, fmt.Errorf("font tables too short")
	}
	n := int(binary.BigEndian.Uint16(tables["maxp"][4:]))
	long := binary.BigEndian.Uint16(head[50:]) == 1
	at := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
	}
	if need := (n + 1) * map[bool]int{false: 2, true: 4}[long]; len(loca) < need {
		return nil, fmt.Errorf("loca has %d bytes for %d glyphs", len(loca), n)
	}
	glyph := func(i int) []byte {
		lo, hi := at(i), at(i+1)
		if lo > hi || hi > len(glyf) {
			return nil
		}
		return glyf[lo:hi]
	}

	kept := map[int]bool{0: true} // .notdef
	var todo []int
	var buf sfnt.Buffer
	for _, r := range keep {
		for c := r.lo; c <= r.hi; c++ {
			if g, err := f.GlyphIndex(&buf, c); err == nil && g != 0 && !kept[int(g)] {
				kept[int(g)] = true
				todo = append(todo, int(g))
			}
		}
	}
	// A composite glyph (an accented letter) is drawn from others: keep them.
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, c := range components(glyph(g)) {
			if c < n && !kept[c] {
				kept[c] = true
				todo = append(todo, c)
			}
		}
	}

	var newGlyf bytes.Buffer
	newLoca := make([]byte, 4*(n+1))
	for i := 0; i < n; i++ {
		binary.BigEndian.PutUint32(newLoca[4*i:], uint32(newGlyf.Len()))
		if kept[i] {
			newGlyf.Write(unhinted(glyph(i)))
			for newGlyf.Len()%4 != 0 {
				newGlyf.WriteByte(0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*n:], uint32(newGlyf.Len()))
	tables["glyf"], tables["loca"] = newGlyf.Bytes(), newLoca
	head = append([]byte(nil), head...)
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	tables["head"] = head
	// The glyphs' hinting went with their instructions: so do its tables.
	delete(tables, "fpgm")
	delete(tables, "prep")
	delete(tables, "cvt ")
	post := append([]byte(nil), tables["post"][:32]...)
	binary.BigEndian.PutUint32(post, 0x00030000) // no glyph names
	tables["post"] = post
	return writeTables(binary.BigEndian.Uint32(ttf), tables), nil
}

// unhinted returns a glyph without its hinting instructions, which are
// most of a Go font glyph's bytes: a browser draws the outline alone, as
// the game does (Ebitengine's text does not hint).
func unhinted(g []byte) []byte {
	if len(g) < 10 {
		return g
	}
	contours := int(int16(binary.BigEndian.Uint16(g)))
	if contours < 0 {
		// A composite's instructions follow its last component, and its
		// components' flags say they come.
		const haveInstructions = 0x0100
		parts := componentSpans(g)
		if len(parts) == 0 {
			return g
		}
		out := append([]byte(nil), g[:parts[len(parts)-1].end]...)
		for _, c := range parts {
			flags := binary.BigEndian.Uint16(out[c.flagsAt:])
			binary.BigEndian.PutUint16(out[c.flagsAt:], flags&^haveInstructions)
		}
		return out
	}
	at := 10 + 2*contours // the instructions' length
	if at+2 > len(g) {
		return g
	}
	n := int(binary.BigEndian.Uint16(g[at:]))
	if at+2+n > len(g) {
		return g
	}
	out := append([]byte(nil), g[:at]...)
	out = append(out, 0, 0)
	return append(out, g[at+2+n:]...)
}

// components lists the glyphs a composite glyph is made of (none for a
// simple glyph).
func components(g []byte) []int {
	var out []int
	for _, c := range componentSpans(g) {
		out = append(out, c.glyph)
	}
	return out
}

// component is one part of a composite glyph: the glyph it draws, where its
// flags are and where it ends.
type component struct{ glyph, flagsAt, end int }

// componentSpans reads a composite glyph's components (none for a simple
// glyph).
func componentSpans(g []byte) []component {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil
	}
	const (
		argWords = 0x0001
		scale    = 0x0008
		more     = 0x0020
		xyScale  = 0x0040
		twoByTwo = 0x0080
	)
	var out []component
	for p := 10; p+4 <= len(g); {
		flags := binary.BigEndian.Uint16(g[p:])
		c := component{glyph: int(binary.BigEndian.Uint16(g[p+2:])), flagsAt: p}
		p += 4
		if flags&argWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&scale != 0:
			p += 2
		case flags&xyScale != 0:
			p += 4
		case flags&twoByTwo != 0:
			p += 8
		}
		if p > len(g) {
			break
		}
		c.end = p
		out = append(out, c)
		if flags&more == 0 {
			break
		}
	}
	return out
}

// readTables reads a TrueType font's tables by tag.
func readTables(ttf []byte) (map[string][]byte, error) {
	if len(ttf) < 12 {
		return nil, fmt.Errorf("not a font")
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, fmt.Errorf("font directory cut short")
	}
	tables := map[string][]byte{}
	for i := 0; i < n; i++ {
		rec := ttf[12+16*i:]
		off, size := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || size < 0 || off+size > len(ttf) {
			return nil, fmt.Errorf("font table %q out of the file", rec[:4])
		}
		tables[string(rec[:4])] = ttf[off : off+size]
	}
	return tables, nil
}

// writeTables lays a font's tables out again, with their checksums and the
// head table's checksum adjustment.
func writeTables(version uint32, tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	n := len(tags)
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	searchRange := 16 << entrySelector
	var out bytes.Buffer
	be := func(v any) { binary.Write(&out, binary.BigEndian, v) } // a bytes.Buffer takes every write
	be(version)
	be([4]uint16{uint16(n), uint16(searchRange), uint16(entrySelector), uint16(16*n - searchRange)})
	offset := 12 + 16*n
	headAt := 0
	for _, t := range tags {
		b := tables[t]
		if t == "head" {
			b = append([]byte(nil), b...)
			binary.BigEndian.PutUint32(b[8:], 0)
			tables[t] = b
			headAt = offset
		}
		out.WriteString(t)
		be([3]uint32{checksum(b), uint32(offset), uint32(len(b))})
		offset += (len(b) + 3) &^ 3
	}
	for _, t := range tags {
		out.Write(tables[t])
		for out.Len()%4 != 0 {
			out.WriteByte(0)
		}
	}
	font := out.Bytes()
	binary.BigEndian.PutUint32(font[headAt+8:], 0xB1B0AFBA-checksum(font))
	return font
}

// checksum is the OpenType table checksum: the sum of its big-endian
// 32-bit words, the last one padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
