package art

import (
	"hash/fnv"
	"math"
)

// rgb is a colour with components in 0..1 (sRGB).
type rgb struct{ r, g, b float32 }

func hex(v uint32) rgb {
	return rgb{float32(v>>16&0xff) / 255, float32(v>>8&0xff) / 255, float32(v&0xff) / 255}
}

// mix blends from a toward b by t in 0..1.
func mix(a, b rgb, t float32) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

// palette runs from the darkest colour to the lightest; covers use the dark
// end for the ground and the light end for shapes, so contrast is built in.
type palette [4]rgb

// palettes are hand-picked so every artist lands on a pleasing set; the
// name hash only chooses among them.
var palettes = [...]palette{
	{hex(0x1b1036), hex(0x5a1e6b), hex(0xe8436e), hex(0xffb26b)}, // sunset
	{hex(0x04293a), hex(0x0f6f7c), hex(0x3fc1c9), hex(0xf6f1d3)}, // lagoon
	{hex(0x2e2438), hex(0x6b4f6b), hex(0xc98f7b), hex(0xf2d3ab)}, // dusty rose
	{hex(0x13241d), hex(0x2f5d50), hex(0x8fb996), hex(0xf2e8cf)}, // forest
	{hex(0x0b132b), hex(0x1c2541), hex(0x3a6b8b), hex(0xe0b04a)}, // blue and gold
	{hex(0x1a1c2c), hex(0x5d275d), hex(0xef7d57), hex(0xa7f070)}, // arcade
	{hex(0x0e1a2b), hex(0x3b5b7a), hex(0x9bb7d4), hex(0xeef3f8)}, // ice
	{hex(0x1a0f0f), hex(0x6e1e1e), hex(0xd9572b), hex(0xf3b562)}, // ember
	{hex(0x10002b), hex(0x3c096c), hex(0x7b2cbf), hex(0xe0aaff)}, // violet
	{hex(0x001219), hex(0x005f73), hex(0x0a9396), hex(0xe9d8a6)}, // deep sea
	{hex(0x2b0f3a), hex(0xab1f65), hex(0xff6f59), hex(0xfff3b0)}, // candy
	{hex(0x1f2a1f), hex(0x5b6b3a), hex(0xd9a441), hex(0xf6e7c1)}, // meadow
}

// hueShift rotates a colour's hue by deg degrees (YIQ rotation: cheap and
// keeps brightness), which gives each song its own tint of the palette.
func hueShift(c rgb, deg float64) rgb {
	s, co := math.Sincos(deg * math.Pi / 180)
	y := 0.299*c.r + 0.587*c.g + 0.114*c.b
	i := 0.596*c.r - 0.274*c.g - 0.322*c.b
	q := 0.211*c.r - 0.523*c.g + 0.312*c.b
	i2 := float32(co)*i - float32(s)*q
	q2 := float32(s)*i + float32(co)*q
	return rgb{
		clamp01(y + 0.956*i2 + 0.621*q2),
		clamp01(y - 0.272*i2 - 0.647*q2),
		clamp01(y - 1.106*i2 + 1.703*q2),
	}
}

// clamp01 limits x to 0..1 with plain comparisons: the built-in min and
// max handle NaN and are several times slower in a per-pixel loop.
func clamp01(x float32) float32 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// The salts were chosen so the six demo artists get six different palettes
// and motifs that suit their music; any other name still gets a stable,
// valid choice.
const (
	paletteSalt = 879835
	motifSalt   = 25642
)

// hashName is a stable 64-bit hash of a name, varied by salt.
func hashName(name string, salt uint64) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	x := h.Sum64() ^ salt
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}

// artistLook is what all covers of one artist share.
type artistLook struct {
	pal   palette
	motif int
}

func lookFor(artist string) artistLook {
	return artistLook{
		pal:   palettes[hashName(artist, paletteSalt)%uint64(len(palettes))],
		motif: int(hashName(artist, motifSalt) % numMotifs),
	}
}
