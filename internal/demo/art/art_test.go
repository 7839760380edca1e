package art

import (
	"image"
	"math"
	"testing"

	"github.com/musicify/musicify/internal/demo/synth"
)

func TestCover(t *testing.T) {
	const size = 96

	t.Run("is deterministic", func(t *testing.T) {
		a := Cover("Midnight Harbour", "neon-harbor", 2101, size)
		b := Cover("Midnight Harbour", "neon-harbor", 2101, size)
		if d := diff(a, b); d != 0 {
			t.Fatalf("two renders differ by %.4f", d)
		}
	})

	t.Run("has the requested square bounds", func(t *testing.T) {
		for _, n := range []int{1, 17, 96, 300} {
			if b := Cover("x", "y", 1, n).Bounds(); b != image.Rect(0, 0, n, n) {
				t.Errorf("size %d gave bounds %v", n, b)
			}
		}
	})

	t.Run("is a picture, not a flat colour", func(t *testing.T) {
		for _, s := range synth.Catalog() {
			if v := lumaStdDev(Cover(s.Title, s.Artist, s.Seed, size)); v < 0.04 {
				t.Errorf("%q by %s is nearly flat (luma deviation %.3f)", s.Title, s.Artist, v)
			}
		}
	})

	t.Run("differs between songs", func(t *testing.T) {
		songs := synth.Catalog()
		covers := make([]image.Image, len(songs))
		for i, s := range songs {
			covers[i] = Cover(s.Title, s.Artist, s.Seed, size)
		}
		for i := range songs {
			for j := i + 1; j < len(songs); j++ {
				if d := diff(covers[i], covers[j]); d < 0.03 {
					t.Errorf("%q and %q look alike (difference %.3f)", songs[i].Title, songs[j].Title, d)
				}
			}
		}
	})

	t.Run("differs when only the seed changes", func(t *testing.T) {
		a := Cover("Same Title", "same-artist", 1, size)
		b := Cover("Same Title", "same-artist", 2, size)
		if d := diff(a, b); d < 0.03 {
			t.Errorf("seeds 1 and 2 look alike (difference %.3f)", d)
		}
	})

	t.Run("keeps an artist's palette and motif", func(t *testing.T) {
		looks := map[string]artistLook{}
		for _, s := range synth.Catalog() {
			looks[s.Artist] = lookFor(s.Artist)
		}
		pals, motifs := map[palette]string{}, map[int]string{}
		for a, l := range looks {
			if other, ok := pals[l.pal]; ok {
				t.Errorf("%s and %s share a palette", a, other)
			}
			if other, ok := motifs[l.motif]; ok {
				t.Errorf("%s and %s share a motif", a, other)
			}
			pals[l.pal], motifs[l.motif] = a, a
		}
		if lookFor("neon-harbor") != lookFor("neon-harbor") {
			t.Error("an artist's look changed between calls")
		}
	})
}

func TestAvatar(t *testing.T) {
	a := Avatar("neon-harbor", 64)
	if a.Bounds() != image.Rect(0, 0, 64, 64) {
		t.Fatalf("bounds %v", a.Bounds())
	}
	if d := diff(a, Avatar("neon-harbor", 64)); d != 0 {
		t.Fatalf("two renders differ by %.4f", d)
	}
	if _, _, _, al := a.At(0, 0).RGBA(); al != 0 {
		t.Errorf("corner alpha %d, want a transparent corner", al)
	}
	if _, _, _, al := a.At(32, 32).RGBA(); al != 0xffff {
		t.Errorf("centre alpha %d, want an opaque disc", al)
	}
	if d := diff(a, Avatar("paper-moons", 64)); d < 0.02 {
		t.Errorf("two artists' avatars look alike (difference %.3f)", d)
	}
}

func BenchmarkCover640(b *testing.B) {
	for b.Loop() {
		Cover("Midnight Harbour", "neon-harbor", 2101, 640)
	}
}

// diff is the mean absolute difference of two images' channels, 0..1.
func diff(a, b image.Image) float64 {
	r := a.Bounds()
	if r != b.Bounds() {
		return 1
	}
	s := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			for _, d := range [4][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				s += math.Abs(float64(d[0])-float64(d[1])) / 0xffff
			}
		}
	}
	return s / float64(4*r.Dx()*r.Dy())
}

// lumaStdDev is the standard deviation of brightness, 0..1.
func lumaStdDev(img image.Image) float64 {
	r := img.Bounds()
	var s, ss float64
	n := float64(r.Dx() * r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			l := (0.299*float64(cr) + 0.587*float64(cg) + 0.114*float64(cb)) / 0xffff
			s += l
			ss += l * l
		}
	}
	m := s / n
	return math.Sqrt(max(ss/n-m*m, 0))
}
