package icon

import (
	"bytes"
	"image/png"
	"testing"
)

func TestIconIsOpaqueInTheMiddleAndClearInTheCorner(t *testing.T) {
	for _, s := range Sizes[:7] { // up to 256: the larger ones only take longer
		img := Draw(s)
		if img.Bounds().Dx() != s || img.Bounds().Dy() != s {
			t.Fatalf("size %d: got %v", s, img.Bounds())
		}
		if _, _, _, a := img.At(s/2, s/2).RGBA(); a != 0xffff {
			t.Errorf("size %d: centre alpha %d", s, a)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("size %d: corner alpha %d, want transparent", s, a)
		}
	}
}

func TestIconIsDeterministicPNG(t *testing.T) {
	a, b := PNG(64), PNG(64)
	if !bytes.Equal(a, b) {
		t.Fatal("two renderings differ")
	}
	if _, err := png.Decode(bytes.NewReader(a)); err != nil {
		t.Fatal(err)
	}
}
