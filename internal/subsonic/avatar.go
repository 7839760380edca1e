package subsonic

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// avatarImage draws the picture the web app shows for a person
// (web/src/components/ui/Avatar.tsx): the first letter of the name in
// white bold on a disc with a diagonal gradient whose hue comes from the
// name, so a person looks the same in the app and in Subsonic apps.
func avatarImage(name string, size int) image.Image {
	hue := 0
	for _, u := range utf16.Encode([]rune(name)) { // as JavaScript's charCodeAt counts
		hue = (hue*31 + int(u)) % 360
	}
	from := hsl(float64(hue), 0.62, 0.44)
	to := hsl(float64((hue+50)%360), 0.60, 0.26)
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	c := float64(size) / 2
	for y := range size {
		for x := range size {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			cover := min(max(c-math.Hypot(dx, dy), 0), 1) // the disc's edge, smoothed over a pixel
			if cover == 0 {
				continue
			}
			t := (float64(x) + float64(y)) / float64(2*size) // 135°: top left to bottom right
			img.SetNRGBA(x, y, color.NRGBA{mix(from.R, to.R, t), mix(from.G, to.G, t), mix(from.B, to.B, t), uint8(cover * 255)})
		}
	}
	if r, _ := utf8.DecodeRuneInString(strings.ToUpper(strings.TrimSpace(name))); r != utf8.RuneError {
		drawLetter(img, r, size)
	}
	return img
}

var (
	boldOnce sync.Once
	boldFont *opentype.Font
)

// drawLetter centres r at 40% of the size, as the web app sets it; a
// letter the font does not have (Chinese, Japanese…) is left out rather
// than drawn as a box.
func drawLetter(img draw.Image, r rune, size int) {
	boldOnce.Do(func() { boldFont, _ = opentype.Parse(gobold.TTF) })
	if boldFont == nil {
		return
	}
	face, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: float64(size) * 0.4, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return
	}
	defer face.Close()
	bounds, advance, ok := face.GlyphBounds(r)
	if !ok || advance == 0 {
		return
	}
	// Centre the glyph's ink, not its advance box, so every letter sits in the middle.
	w, h := bounds.Max.X-bounds.Min.X, bounds.Max.Y-bounds.Min.Y
	half := fixed.I(size / 2)
	dot := fixed.Point26_6{X: half - w/2 - bounds.Min.X, Y: half - h/2 - bounds.Min.Y}
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.White), Face: face, Dot: dot}
	d.DrawString(string(r))
}

func mix(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }

// hsl is CSS's hsl(): hue in degrees, saturation and lightness 0 to 1.
func hsl(h, s, l float64) color.NRGBA {
	f := func(n float64) uint8 {
		k := math.Mod(n+h/30, 12)
		a := s * min(l, 1-l)
		return uint8(math.Round((l - a*max(-1, min(k-3, 9-k, 1))) * 255))
	}
	return color.NRGBA{f(0), f(8), f(4), 255}
}
