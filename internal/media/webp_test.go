package media

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"testing"

	"golang.org/x/image/webp"
)

func TestWebPKeepsTheCover(t *testing.T) {
	f := ffmpegOrSkipReason(t)
	if !f.CanWebP() {
		if f != nil {
			t.Fatal("Debian's ffmpeg links libwebp; this one does not say so")
		}
		if _, err := f.WebP(context.Background(), image.NewRGBA(image.Rect(0, 0, 8, 8))); err == nil {
			t.Fatal("WebP without an encoder did not fail")
		}
		return
	}
	src, err := os.ReadFile(fixture("images", "cover.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	sizes, err := Covers(context.Background(), bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	want, err := jpeg.Decode(bytes.NewReader(sizes[0]))
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.WebP(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := webp.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("decoding the WebP: %v", err)
	}
	if got.Bounds().Dx() != 640 || got.Bounds().Dy() != 640 {
		t.Fatalf("size %v", got.Bounds())
	}
	// The same picture: the mean difference per channel stays small.
	var diff, n float64
	for y := 0; y < 640; y += 7 {
		for x := 0; x < 640; x += 7 {
			r1, g1, b1, _ := want.At(x, y).RGBA()
			r2, g2, b2, _ := got.At(x, y).RGBA()
			for _, d := range []int64{int64(r1) - int64(r2), int64(g1) - int64(g2), int64(b1) - int64(b2)} {
				diff += float64(max(d, -d)) / 257
				n++
			}
		}
	}
	if mean := diff / n; mean > 8 {
		t.Fatalf("mean difference %.1f of 255 per channel", mean)
	}
	if len(out) >= len(sizes[0]) {
		t.Errorf("the WebP (%d bytes) is not lighter than the JPEG (%d bytes)", len(out), len(sizes[0]))
	}
}
