package art

import (
	"image"
	"math"
)

// blob is a soft colour cloud; its falloff 1/(1+k·d²)² is cheap to compute
// yet looks like a blurred circle.
type blob struct {
	x, y, k, alpha float32
	col            rgb
}

// scene is everything a cover's pixels are computed from.
type scene struct {
	size       int
	ground     [2]rgb
	dx, dy     float32 // gradient direction of the ground
	blobs      []blob
	motif      motif
	grain      float32
	vignette   float32
	pixelCells int // >0 quantises the ground and blobs into a mosaic
}

func newScene(look artistLook, r *rng, size int) *scene {
	// Each song tints its artist's palette a little.
	tint := float64(r.f(-16, 16))
	var pal palette
	for i, c := range look.pal {
		pal[i] = hueShift(c, tint)
	}
	ang := float64(r.f(0, 2*math.Pi))
	sc := &scene{
		size:     size,
		ground:   [2]rgb{pal[0], mix(pal[0], pal[1], r.f(0.5, 1))},
		dx:       float32(math.Cos(ang)),
		dy:       float32(math.Sin(ang)),
		grain:    0.035,
		vignette: r.f(0.25, 0.45),
	}
	for range 3 + r.intn(3) {
		rad := r.f(0.22, 0.55)
		sc.blobs = append(sc.blobs, blob{
			x: r.f(-0.15, 1.15), y: r.f(-0.15, 1.15), k: 1 / (rad * rad),
			alpha: r.f(0.45, 0.85), col: pal[1+r.intn(3)],
		})
	}
	sc.motif = newMotif(look.motif, pal, r, size)
	if look.motif == motifPixel {
		sc.pixelCells = 12 + r.intn(10)
	}
	return sc
}

// base is the ground with its blobs at one point; it varies slowly, so
// paint samples it on a coarse grid and interpolates.
func (sc *scene) base(u, v float32) rgb {
	t := clamp01(0.5 + (u-0.5)*sc.dx + (v-0.5)*sc.dy)
	col := mix(sc.ground[0], sc.ground[1], t*t*(3-2*t))
	for _, b := range sc.blobs {
		du, dv := u-b.x, v-b.y
		w := 1 / (1 + (du*du+dv*dv)*b.k)
		col = mix(col, b.col, w*w*b.alpha)
	}
	return col
}

// baseStep is the coarse grid's spacing in pixels.
const baseStep = 4

// baseGrid samples base every baseStep pixels (plus a border), or once per
// cell for a mosaic cover.
func (sc *scene) baseGrid() (grid []rgb, stride int) {
	inv := 1 / float32(sc.size)
	if sc.pixelCells > 0 {
		n := sc.pixelCells
		grid = make([]rgb, n*n)
		for j := range n {
			for i := range n {
				grid[j*n+i] = sc.base((float32(i)+0.5)/float32(n), (float32(j)+0.5)/float32(n))
			}
		}
		return grid, n
	}
	n := sc.size/baseStep + 2
	grid = make([]rgb, n*n)
	for j := range n {
		for i := range n {
			grid[j*n+i] = sc.base(float32(i*baseStep)*inv, float32(j*baseStep)*inv)
		}
	}
	return grid, n
}

// paint computes every pixel: ground, blobs, motif, vignette and grain.
func (sc *scene) paint(img *image.RGBA, r *rng) {
	grain := uint32(r.next()) | 1 // xorshift must not start at zero
	inv := 1 / float32(sc.size)
	grid, stride := sc.baseGrid()
	cells := float32(sc.pixelCells)
	for y := range sc.size {
		row := img.Pix[y*img.Stride : y*img.Stride+4*sc.size]
		v := (float32(y) + 0.5) * inv
		gy, fy := y/baseStep, float32(y%baseStep)/baseStep
		for x := range sc.size {
			u := (float32(x) + 0.5) * inv
			var col rgb
			if sc.pixelCells > 0 {
				col = grid[int(v*cells)*stride+int(u*cells)]
			} else {
				gx, fx := x/baseStep, float32(x%baseStep)/baseStep
				i := gy*stride + gx
				top := mix(grid[i], grid[i+1], fx)
				bottom := mix(grid[i+stride], grid[i+stride+1], fx)
				col = mix(top, bottom, fy)
			}
			if sc.motif != nil {
				mc, a := sc.motif.at(x, y, u, v)
				if a > 0 {
					col = mix(col, mc, a)
				}
			}
			du, dv := u-0.5, v-0.5
			shade := 1 - sc.vignette*(du*du+dv*dv)*1.6
			// grain: xorshift noise, the same for all three channels
			grain ^= grain << 13
			grain ^= grain >> 17
			grain ^= grain << 5
			g := (float32(grain>>8)/(1<<24) - 0.5) * sc.grain
			p := row[4*x : 4*x+4 : 4*x+4]
			p[0] = to8(col.r*shade + g)
			p[1] = to8(col.g*shade + g)
			p[2] = to8(col.b*shade + g)
			p[3] = 255
		}
	}
}
