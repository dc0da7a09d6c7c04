// Command elochart draws the level ladder as a PNG: one row per player,
// its Elo relative to the baseline as a dot, the 95% interval as a bar.
// It reads a ladder file whose lines are "name elo low high" (Elo numbers,
// or +inf/-inf for an unbounded end), '#' starting a comment.
//
//	go run ./tools/elochart -in docs/ladder.txt -out docs/ladder.png
package main

import (
	"bufio"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

type rung struct {
	name        string
	elo, lo, hi float64
	text        string
}

func main() {
	in := flag.String("in", "docs/ladder.txt", "ladder file")
	out := flag.String("out", "docs/ladder.png", "PNG to write")
	flag.Parse()
	rungs, err := readLadder(*in)
	if err == nil {
		err = writeChart(*out, rungs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "elochart:", err)
		os.Exit(1)
	}
}

func readLadder(path string) ([]rung, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseLadder(path, f)
}

// parseLadder reads ladder lines; path only names the source in errors.
func parseLadder(path string, r io.Reader) ([]rung, error) {
	var rs []rung
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 4 {
			return nil, fmt.Errorf("%s:%d: want name elo low high", path, n)
		}
		r := rung{name: fs[0], text: fmt.Sprintf("%s [%s, %s]", fs[1], fs[2], fs[3])}
		for i, p := range []*float64{&r.elo, &r.lo, &r.hi} {
			v, err := strconv.ParseFloat(fs[i+1], 64)
			if err != nil || math.IsNaN(v) {
				return nil, fmt.Errorf("%s:%d: %q is not an Elo number", path, n, fs[i+1])
			}
			*p = v
		}
		rs = append(rs, r)
	}
	return rs, sc.Err()
}

func writeChart(path string, rs []rung) error {
	const (
		rowH, left, right, top = 40, 90, 230, 40
		plotW                  = 520
	)
	lo, hi := 0.0, 0.0
	for _, r := range rs {
		for _, v := range []float64{r.elo, r.lo, r.hi} {
			if !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	// Beyond ±3000 Elo nothing is measured; keep the axis readable.
	lo, hi = math.Max(lo, -3000), math.Min(hi, 3000)
	lo, hi = math.Floor(lo/100)*100-100, math.Ceil(hi/100)*100+100
	w, h := left+plotW+right, top+rowH*len(rs)+30
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{250, 248, 242, 255}), image.Point{}, draw.Src)
	x := func(e float64) int {
		e = math.Max(lo, math.Min(hi, e))
		return left + int((e-lo)/(hi-lo)*plotW)
	}
	grid := color.RGBA{215, 210, 200, 255}
	ink := color.RGBA{40, 40, 40, 255}
	step := 100.0
	for (hi-lo)/step > 10 {
		step *= 2
	}
	for e := math.Ceil(lo/step) * step; e <= hi; e += step {
		vline(img, x(e), top-10, h-30, grid)
		label(img, x(e)-12, h-12, strconv.Itoa(int(e)), ink)
	}
	vline(img, x(0), top-10, h-30, color.RGBA{150, 140, 130, 255})
	label(img, left, 20, "Elo relative to the baseline (the seeds' depth-3 alpha-beta), 95% intervals", ink)
	bar := color.RGBA{70, 120, 200, 255}
	dot := color.RGBA{210, 80, 50, 255}
	for i, r := range rs {
		y := top + rowH*i + rowH/2
		label(img, 10, y+4, r.name, ink)
		x0, x1 := x(r.lo), x(r.hi)
		for yy := y - 3; yy <= y+3; yy++ {
			hline(img, x0, x1, yy, bar)
		}
		if math.IsInf(r.hi, 1) {
			label(img, x1+4, y+4, ">", bar)
		}
		cx := x(r.elo)
		for dy := -6; dy <= 6; dy++ {
			for dx := -6; dx <= 6; dx++ {
				if dx*dx+dy*dy <= 36 {
					img.Set(cx+dx, y+dy, dot)
				}
			}
		}
		label(img, left+plotW+20, y+4, r.text, ink)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

func vline(img *image.RGBA, x, y0, y1 int, c color.Color) {
	for y := y0; y <= y1; y++ {
		img.Set(x, y, c)
	}
}

func hline(img *image.RGBA, x0, x1, y int, c color.Color) {
	for x := x0; x <= x1; x++ {
		img.Set(x, y, c)
	}
}

func label(img *image.RGBA, x, y int, s string, c color.Color) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
