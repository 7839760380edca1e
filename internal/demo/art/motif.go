package art

import "math"

// The motifs an artist can own.
const (
	motifSun = iota
	motifRings
	motifHills
	motifHalftone
	motifStripes
	motifOrbs
	motifPixel
	numMotifs
)

// motif is a cover's foreground: for a pixel it gives a colour and how much
// of it covers the ground (0..1, anti-aliased at edges).
type motif interface {
	at(x, y int, u, v float32) (rgb, float32)
}

func newMotif(kind int, pal palette, r *rng, size int) motif {
	px := 1 / float32(size) // one pixel in cover units, for anti-aliasing
	switch kind {
	case motifSun:
		s := &sun{cx: r.f(0.38, 0.62), cy: r.f(0.42, 0.56), rad: r.f(0.2, 0.3),
			top: pal[3], bottom: pal[2], gaps: 5 + r.intn(4), px: px, floor: pal[0], line: pal[2]}
		if r.intn(2) == 0 { // a perspective grid to the horizon
			s.horizon = s.cy + s.rad*r.f(0.3, 0.7)
		}
		return s
	case motifRings:
		return &rings{cx: r.f(0.2, 0.8), cy: r.f(0.2, 0.8), gap: r.f(0.045, 0.08),
			width: r.f(0.008, 0.02), n: 5 + r.intn(6), col: pal[3], px: px}
	case motifHills:
		return newHills(pal, r, size)
	case motifHalftone:
		return &halftone{cell: r.f(0.03, 0.05), ang: r.f(0, math.Pi), col: pal[3],
			fx: r.f(0.2, 0.8), fy: r.f(0.2, 0.8), px: px}
	case motifStripes:
		ang := float64(r.f(0.3, 1.2))
		s := &stripes{cx: r.f(0.38, 0.62), cy: r.f(0.38, 0.62), rad: r.f(0.24, 0.32),
			sx: float32(math.Cos(ang)), sy: float32(math.Sin(ang)), freq: r.f(9, 16),
			a: pal[3], b: pal[2], moon: mix(pal[2], pal[1], 0.4), px: px}
		// a smaller solid disc overlapping the edge balances the poster
		side := r.f(0, 2*math.Pi)
		s.mx = s.cx + s.rad*float32(math.Cos(float64(side)))
		s.my = s.cy + s.rad*float32(math.Sin(float64(side)))
		s.mr = s.rad * r.f(0.35, 0.55)
		return s
	case motifOrbs:
		o := &orbs{px: px}
		for range 5 + r.intn(5) {
			o.list = append(o.list, orb{x: r.f(0.05, 0.95), y: r.f(0.05, 0.95), rad: r.f(0.03, 0.14),
				col: pal[2+r.intn(2)], alpha: r.f(0.35, 0.8)})
		}
		return o
	}
	return &pixelStars{pal: pal, seed: r.next(), cells: 28 + r.intn(12),
		cx: r.f(0.3, 0.7), cy: r.f(0.3, 0.7), rad: r.f(0.18, 0.3)}
}

// smooth is the anti-aliased coverage of a shape whose signed distance is
// d (negative inside), with edges about one pixel wide.
func smooth(d, px float32) float32 { return clamp01(0.5 - d/px) }

func hypot(x, y float32) float32 { return float32(math.Sqrt(float64(x*x + y*y))) }

// sun is a synthwave sun: a disc shading from light to warm with
// horizontal gaps that widen toward its base, and a soft glow around it.
type sun struct {
	cx, cy, rad float32
	top, bottom rgb
	gaps        int
	px          float32
	horizon     float32 // 0 for no grid
	floor, line rgb
}

func (s *sun) at(x, y int, u, v float32) (rgb, float32) {
	if s.horizon > 0 && v > s.horizon {
		return s.grid(u, v)
	}
	return s.disc(u, v)
}

// grid is a floor of lines running to a vanishing point under the sun.
func (s *sun) grid(u, v float32) (rgb, float32) {
	h := v - s.horizon
	z := 0.08 / h // depth grows toward the horizon
	across := z * 6
	fa := across - float32(math.Floor(float64(across)))
	along := (u - s.cx) * z * 14
	fl := along - float32(math.Floor(float64(along)))
	// distance to the nearest line, in pixels of this row and column
	ca, cl := 1/(s.px*z*6), 1/(s.px*z*14) // cell sizes in pixels
	da := (0.5 - float32(math.Abs(float64(fa-0.5)))) * ca
	dl := (0.5 - float32(math.Abs(float64(fl-0.5)))) * cl
	// Lines closer than a few pixels would shimmer, so they fade out.
	lines := max(clamp01(1.2-da)*clamp01((ca-3)/5), clamp01(1.2-dl)*clamp01((cl-3)/5))
	glow := clamp01(1 - h*10) // the grid melts into a glow at the horizon
	return mix(mix(s.floor, s.line, lines*0.85), s.line, glow*0.7), 0.94
}

func (s *sun) disc(u, v float32) (rgb, float32) {
	d := hypot(u-s.cx, v-s.cy) - s.rad
	t := clamp01((v - (s.cy - s.rad)) / (2 * s.rad))
	col := mix(s.top, s.bottom, t)
	cov := smooth(d, s.px)
	if v > s.cy { // gaps in the lower half, thicker further down
		k := (v - s.cy) / s.rad
		band := float32(s.gaps) * k
		f := band - float32(math.Floor(float64(band)))
		cov *= smooth(0.08+0.45*k-f, s.px*float32(s.gaps)/s.rad)
	}
	glow := 0.35 / (1 + 40*max(d, 0)*max(d, 0)/(s.rad*s.rad))
	if d > 0 {
		return s.top, max(cov, glow*0.6)
	}
	return col, cov
}

// rings are concentric circles fading outward, like ripples or a record.
type rings struct {
	cx, cy, gap, width float32
	n                  int
	col                rgb
	px                 float32
}

func (g *rings) at(_, _ int, u, v float32) (rgb, float32) {
	d := hypot(u-g.cx, v-g.cy)
	i := float32(math.Round(float64(d / g.gap)))
	if i < 1 || i > float32(g.n) {
		return g.col, 0
	}
	edge := float32(math.Abs(float64(d-i*g.gap))) - g.width/2
	return g.col, smooth(edge, g.px) * (1 - 0.8*i/float32(g.n))
}

// hills are layered ridgelines, far ones pale and near ones dark: a
// landscape at dusk. Ridge heights are computed once per column.
type hills struct {
	ridge      [][]float32 // [layer][column] height in cover units
	col        []rgb
	mx, my, mr float32 // a moon in the sky; mr 0 for none
	moon       rgb
}

func newHills(pal palette, r *rng, size int) *hills {
	n := 3 + r.intn(3)
	h := &hills{}
	for k := range n {
		base := 0.45 + 0.5*float32(k)/float32(n)
		amp := r.f(0.03, 0.09)
		f1, f2 := r.f(1, 3), r.f(3, 7)
		p1, p2 := r.f(0, 6.28), r.f(0, 6.28)
		row := make([]float32, size)
		for x := range row {
			u := (float32(x) + 0.5) / float32(size)
			row[x] = base + amp*float32(math.Sin(float64(6.283*f1*u+p1))) +
				amp*0.35*float32(math.Sin(float64(6.283*f2*u+p2)))
		}
		h.ridge = append(h.ridge, row)
		// far layers take the light end of the palette, near ones the dark
		t := float32(k) / float32(max(n-1, 1))
		h.col = append(h.col, mix(pal[3], mix(pal[1], pal[0], 0.5), t))
	}
	if r.intn(3) > 0 {
		h.mx, h.my, h.mr, h.moon = r.f(0.2, 0.8), r.f(0.15, 0.3), r.f(0.05, 0.09), pal[3]
	}
	return h
}

func (h *hills) at(x, _ int, u, v float32) (rgb, float32) {
	var l layers
	px := float32(1) / float32(len(h.ridge[0]))
	if h.mr > 0 {
		l.over(h.moon, 0.95*smooth(hypot(u-h.mx, v-h.my)-h.mr, px))
	}
	for k, row := range h.ridge {
		l.over(h.col[k], smooth(row[x]-v, px))
	}
	col, cov := l.result()
	return col, cov * 0.92
}

// layers composites shapes back to front with premultiplied colour.
type layers struct {
	acc rgb
	cov float32
}

// over lays colour c with coverage a on top of what is there.
func (l *layers) over(c rgb, a float32) {
	if a <= 0 {
		return
	}
	l.acc = rgb{l.acc.r*(1-a) + c.r*a, l.acc.g*(1-a) + c.g*a, l.acc.b*(1-a) + c.b*a}
	l.cov = l.cov*(1-a) + a
}

// result is the straight colour and total coverage.
func (l *layers) result() (rgb, float32) {
	if l.cov <= 0 {
		return rgb{}, 0
	}
	return rgb{l.acc.r / l.cov, l.acc.g / l.cov, l.acc.b / l.cov}, l.cov
}

// halftone is a rotated dot screen whose dots swell toward a focus point.
type halftone struct {
	cell, ang float32
	col       rgb
	fx, fy    float32
	px        float32
}

func (h *halftone) at(_, _ int, u, v float32) (rgb, float32) {
	s, c := math.Sincos(float64(h.ang))
	ru := u*float32(c) - v*float32(s)
	rv := u*float32(s) + v*float32(c)
	gu := ru/h.cell - float32(math.Floor(float64(ru/h.cell))) - 0.5
	gv := rv/h.cell - float32(math.Floor(float64(rv/h.cell))) - 0.5
	size := clamp01(1 - 1.3*hypot(u-h.fx, v-h.fy))
	d := hypot(gu, gv)*h.cell - 0.48*h.cell*size
	return h.col, smooth(d, h.px) * 0.85
}

// stripes fill a disc with diagonal bands: a Bauhaus poster.
type stripes struct {
	cx, cy, rad, sx, sy, freq float32
	mx, my, mr                float32
	a, b, moon                rgb
	px                        float32
}

func (s *stripes) at(_, _ int, u, v float32) (rgb, float32) {
	var l layers
	l.over(s.moon, smooth(hypot(u-s.mx, v-s.my)-s.mr, s.px)) // behind
	if disc := smooth(hypot(u-s.cx, v-s.cy)-s.rad, s.px); disc > 0 {
		w := (u*s.sx + v*s.sy) * s.freq
		f := w - float32(math.Floor(float64(w)))
		band := smooth(float32(math.Abs(float64(f-0.5)))-0.25, s.px*s.freq)
		l.over(mix(s.b, s.a, band), disc)
	}
	return l.result()
}

// orb is one soft-edged disc.
type orb struct {
	x, y, rad, alpha float32
	col              rgb
}

// orbs are soft-edged discs, like out-of-focus lights.
type orbs struct {
	list []orb
	px   float32
}

func (o *orbs) at(_, _ int, u, v float32) (rgb, float32) {
	var l layers
	for _, b := range o.list {
		d := hypot(u-b.x, v-b.y) - b.rad
		l.over(b.col, smooth(d, b.rad*0.25)*b.alpha) // wide edges read as blur
	}
	return l.result()
}

// pixelStars is an 8-bit sky over a mosaic ground: a blocky planet with a
// lit side and a few square stars; which cells are stars comes from a hash.
type pixelStars struct {
	pal         palette
	seed        uint64
	cells       int
	cx, cy, rad float32
}

func (p *pixelStars) at(_, _ int, u, v float32) (rgb, float32) {
	n := float32(p.cells)
	cx, cy := int(u*n), int(v*n)
	// sample the planet at the cell centre so its edge is a staircase
	qu, qv := (float32(cx)+0.5)/n, (float32(cy)+0.5)/n
	du, dv := qu-p.cx, qv-p.cy
	if du*du+dv*dv < p.rad*p.rad {
		lit := clamp01(0.5 - (du+dv)/(2*p.rad)) // light from the top left
		return p.pal[1+min(int(lit*3), 2)], 1   // three flat tones
	}
	h := newRNG(p.seed ^ uint64(cx)<<20 ^ uint64(cy)).next()
	if h%23 != 0 {
		return p.pal[3], 0
	}
	return p.pal[2+int(h>>8%2)], 0.9
}
