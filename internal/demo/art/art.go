// Package art draws the demo catalog's album covers and avatars from a
// seed, so a fresh install looks finished without shipping any images.
//
// A cover is a small scene: a gradient ground, soft colour blobs, one
// geometric motif, grain and a vignette. The palette and the motif follow
// the artist, so an artist's covers belong together; positions, tints and
// counts follow the song's seed, so no two covers are alike.
package art

import (
	"image"
	"image/color"
	"math"
)

// Cover draws a size×size album cover for a song. The same arguments
// always give the same picture; covers by one artist share palette and
// motif. The title is mixed into the seed so songs that share a seed by
// accident still differ.
func Cover(title, artist string, seed int64, size int) image.Image {
	size = max(size, 1)
	look := lookFor(artist)
	r := newRNG(uint64(seed) ^ hashName(title, 0))
	sc := newScene(look, r, size)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	sc.paint(img, r)
	return img
}

// Avatar draws a size×size disc with a soft two-colour gradient from the
// name's palette, on a transparent ground: a friendly default picture.
func Avatar(name string, size int) image.Image {
	size = max(size, 1)
	look := lookFor(name)
	h := hashName(name, 0)
	a, b := look.pal[1+h%2], look.pal[3]
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	s := float32(size)
	c := s / 2
	ang := float64(h>>8%360) * math.Pi / 180
	dx, dy := float32(math.Cos(ang)), float32(math.Sin(ang))
	for y := range size {
		for x := range size {
			px, py := float32(x)+0.5-c, float32(y)+0.5-c
			d := float32(math.Sqrt(float64(px*px + py*py)))
			cov := clamp01(c - d + 0.5) // one pixel of anti-aliasing
			if cov == 0 {
				continue
			}
			t := clamp01(0.5 + (px*dx+py*dy)/s)
			col := mix(a, b, t*t*(3-2*t))
			img.SetNRGBA(x, y, color.NRGBA{to8(col.r), to8(col.g), to8(col.b), to8(cov)})
		}
	}
	return img
}

// to8 converts 0..1 to a byte with rounding.
func to8(x float32) uint8 { return uint8(clamp01(x)*255 + 0.5) }

// rng is splitmix64: fixed output for a seed, independent of Go versions.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// f returns a float32 in [lo, hi).
func (r *rng) f(lo, hi float32) float32 {
	return lo + (hi-lo)*float32(r.next()>>40)/(1<<24)
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }
