package synth

import "math"

// Mastering targets: streaming services play around -14 LUFS, and a ceiling
// under full scale leaves room for MP3 encoding overshoot.
const (
	targetLUFS = -14.0
	ceiling    = 0.86
)

// biquad holds the coefficients of one second-order filter section.
type biquad struct{ b0, b1, b2, a1, a2 float64 }

// kWeighting returns the ITU-R BS.1770 pre-filter and high-pass for any
// sample rate (coefficients derived as in libebur128).
func kWeighting(sr float64) (biquad, biquad) {
	f0, g, q := 1681.974450955533, 3.999843853973347, 0.7071752369554196
	k := math.Tan(math.Pi * f0 / sr)
	vh := math.Pow(10, g/20)
	vb := math.Pow(vh, 0.4996667741545416)
	a0 := 1 + k/q + k*k
	pre := biquad{
		b0: (vh + vb*k/q + k*k) / a0, b1: 2 * (k*k - vh) / a0, b2: (vh - vb*k/q + k*k) / a0,
		a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0,
	}
	f0, q = 38.13547087602444, 0.5003270373238773
	k = math.Tan(math.Pi * f0 / sr)
	a0 = 1 + k/q + k*k
	hp := biquad{b0: 1, b1: -2, b2: 1, a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	return pre, hp
}

// meter is what the finishing pass learns about the mix: K-weighted energy
// per 100 ms hop for loudness and the peak of each limiter block.
type meter struct {
	hops      []float64 // mean square, both channels summed
	hopFrames int
	peaks     []float32
}

// limitBlock is the limiter's look-ahead and gain resolution in frames.
const limitBlock = 256

// kMeter accumulates K-weighted loudness. It runs on averaged groups of
// kDecim frames: at 44.1 kHz a quarter of the rate quarters the cost, and
// the averaging's treble loss (about 2 dB at 5 kHz, where little of a mix's
// energy lives) matters little for choosing a gain.
type kMeter struct {
	pre, hp                      biquad
	xl1, xl2, ml1, ml2, yl1, yl2 float64
	xr1, xr2, mr1, mr2, yr1, yr2 float64
	acc                          float64
	n                            int
}

// kDecim is how many frames the meter averages: as many as keep its rate
// at 11 kHz or more, so the 1.7 kHz shelf of the K filter stays in band.
func kDecim(sr float64) int {
	d := 1
	for d < 4 && sr/float64(2*d) >= 11000 {
		d *= 2
	}
	return d
}

// add feeds one averaged group of frames.
func (k *kMeter) add(xl, xr float64) {
	p, h := &k.pre, &k.hp
	ml := p.b0*xl + p.b1*k.xl1 + p.b2*k.xl2 - p.a1*k.ml1 - p.a2*k.ml2
	mr := p.b0*xr + p.b1*k.xr1 + p.b2*k.xr2 - p.a1*k.mr1 - p.a2*k.mr2
	yl := ml - 2*k.ml1 + k.ml2 - h.a1*k.yl1 - h.a2*k.yl2
	yr := mr - 2*k.mr1 + k.mr2 - h.a1*k.yr1 - h.a2*k.yr2
	k.xl2, k.xl1, k.ml2, k.ml1, k.yl2, k.yl1 = k.xl1, xl, k.ml1, ml, k.yl1, yl
	k.xr2, k.xr1, k.mr2, k.mr1, k.yr2, k.yr1 = k.xr1, xr, k.mr1, mr, k.yr1, yr
	k.acc += yl*yl + yr*yr
	k.n++
}

// gated is BS.1770 integrated loudness over hop energies scaled by w(hop):
// 400 ms blocks with 75 % overlap, absolute gate -70, relative gate -10 LU.
func gated(hops []float64, w func(int) float64) float64 {
	var blocks []float64
	for i := 0; i+4 <= len(hops); i++ {
		s := 0.0
		for j := i; j < i+4; j++ {
			s += hops[j] * w(j)
		}
		blocks = append(blocks, s/4)
	}
	lufs := func(ms float64) float64 { return -0.691 + 10*math.Log10(ms) }
	mean := func(min float64) float64 {
		s, c := 0.0, 0
		for _, b := range blocks {
			if b > 0 && lufs(b) > min {
				s += b
				c++
			}
		}
		if c == 0 {
			return math.Inf(-1)
		}
		return lufs(s / float64(c))
	}
	abs := mean(-70)
	if math.IsInf(abs, -1) {
		return abs
	}
	return mean(abs - 10)
}

// limiterGains plans the limiter for a make-up gain g: each block gets the
// gain its loudest point needs; a block boundary takes the smaller of its
// neighbours' and gain slides linearly across a block, so it is already
// down when a peak arrives and never steps. Gain recovers over ~80 ms.
func limiterGains(peaks []float32, g float32, edge []float32, sr float64) {
	rel := float32(1 - math.Exp(-limitBlock/(0.08*sr)))
	need := func(b int) float32 {
		if p := peaks[b] * g; p > ceiling {
			return ceiling / p
		}
		return 1
	}
	cur := float32(1)
	for b := range edge {
		cur += rel * (1 - cur)
		if b > 0 {
			cur = min(cur, need(b-1))
		}
		if b < len(peaks) {
			cur = min(cur, need(b))
		}
		edge[b] = cur
	}
}

// normalize brings the mix to the loudness target with every sample under
// the ceiling. Gain and limiting are planned on the meter alone — the
// limited loudness is predicted from hop energies and block gains — and
// applied in one final pass.
func normalize(st []float32, m meter, sr float64) {
	l0 := gated(m.hops, func(int) float64 { return 1 })
	edge := make([]float32, len(m.peaks)+1)
	g := math.Pow(10, (targetLUFS-l0)/20)
	measured := !math.IsInf(l0, 0) && !math.IsNaN(l0)
	if !measured { // silence: only keep the ceiling
		g = 1
	}
	for i := 0; i < 6 && measured; i++ {
		limiterGains(m.peaks, float32(g), edge, sr)
		l := gated(m.hops, func(h int) float64 {
			b := min((h*m.hopFrames+m.hopFrames/2)/limitBlock, len(edge)-2)
			e := float64(edge[b]+edge[b+1]) / 2
			return g * g * e * e
		})
		diff := targetLUFS - l
		if math.Abs(diff) < 0.05 {
			break
		}
		g *= math.Pow(10, diff/20)
	}
	limiterGains(m.peaks, float32(g), edge, sr)
	frames := len(st) / 2
	for b := range m.peaks {
		lo := b * limitBlock
		hi := min(lo+limitBlock, frames)
		g0 := float32(g) * edge[b]
		dg := float32(g) * (edge[b+1] - edge[b]) / limitBlock
		seg := st[2*lo : 2*hi]
		for i := 0; i+1 < len(seg); i += 2 {
			seg[i] *= g0
			seg[i+1] *= g0
			g0 += dg
		}
	}
}

// absBits is |x| as its IEEE bits, which order like the magnitudes.
func absBits(x float32) uint32 { return math.Float32bits(x) &^ (1 << 31) }

// finishing is the per-song polish applied while leaving the bus.
type finishing struct {
	wet         []float32 // stereo reverb return at 1/2^wetShift of the rate
	wetShift    uint
	vinyl       *vinyl  // nil for a clean record
	lowPass     float64 // Hz, 0 for none
	fadeIn      float64 // seconds
	fadeOutFrom float64 // seconds into the song; 0 for no fade out
}

// fadeGain is the fade envelope at frame i: a linear fade in over in frames and
// a raised-cosine fade out from frame from to the end.
func fadeGain(i, in, from, frames int) float32 {
	g := float32(1)
	if i < in {
		g = float32(i) / float32(in)
	}
	if i >= from { // ½+½cos(πx) is sin²(π/2·(1-x))
		x := float64(i-from) / float64(max(frames-from, 1))
		s := sinp(uint32((1 - x) * phaseScale / 4))
		g *= s * s
	}
	return g
}

// finish turns the four-channel bus into interleaved stereo in place (frame
// i moves from 4i to 2i). In the same pass it adds the reverb return and
// any vinyl, removes DC and rumble, darkens the top if asked, applies the
// fades and meters the result for normalize. It works a limiter block at a
// time: peaks are per block anyway, and the fades, being slow, change gain
// linearly across a block.
func finish(bus []float32, frames int, sr float64, f finishing) ([]float32, meter) {
	out := bus[: 2*frames : 2*frames]
	r := float32(1 - 2*math.Pi*20/sr)
	a := float32(1)
	if f.lowPass > 0 {
		a = onePole(f.lowPass, sr)
	}
	in := max(int(f.fadeIn*sr), 1)
	from := frames // no fade out unless asked
	if f.fadeOutFrom > 0 {
		from = int(f.fadeOutFrom * sr)
	}
	m := meter{hopFrames: max(int(sr/10)&^3, 4)}
	m.peaks = make([]float32, (frames+limitBlock-1)/limitBlock)
	k := kMeter{}
	dec := kDecim(sr)
	k.pre, k.hp = kWeighting(sr / float64(dec))
	scale := 1 / float64(dec)
	var sumL, sumR float32
	var xl, yl, xr, yr, l1, l2, r1, r2 float32
	var l0h, l1h, l2h, r0h, r1h, r2h float32 // the last outputs
	quad := 0
	wet, ws := f.wet, f.wetShift
	wmask := 1<<ws - 1
	winv := 1 / float32(int(1)<<ws)
	var pl, pr float32 // the previous wet sample, for interpolation
	for b := range m.peaks {
		b0, b1 := b*limitBlock, min((b+1)*limitBlock, frames)
		g := fadeGain(b0, in, from, frames)
		dg := (fadeGain(b1, in, from, frames) - g) / float32(b1-b0)
		var pk uint32 // block peak as float bits
		for i := b0; i < b1; i++ {
			l, rr := bus[busWidth*i+busL], bus[busWidth*i+busR]
			// reverb return, linearly interpolated up to the full rate
			if j := i >> ws; 2*j+1 < len(wet) {
				wl, wr := wet[2*j], wet[2*j+1]
				t := float32(i&wmask+1) * winv
				l += pl + (wl-pl)*t
				rr += pr + (wr-pr)*t
				if i&wmask == wmask {
					pl, pr = wl, wr
				}
			}
			if f.vinyl != nil {
				v := f.vinyl.next()
				l += v
				rr += v
			}
			yl = l - xl + r*yl
			yr = rr - xr + r*yr
			xl, xr = l, rr
			ol, or := yl, yr
			if a < 1 {
				l1 += a * (yl - l1)
				l2 += a * (l1 - l2)
				r1 += a * (yr - r1)
				r2 += a * (r1 - r2)
				ol, or = l2, r2
			}
			ol, or = ol*g, or*g
			g += dg
			out[2*i], out[2*i+1] = ol, or
			// Peaks include a cubic estimate of the point halfway between
			// the previous two samples: bright saws and squares overshoot
			// between samples, and encoders would clip those overs.
			// Magnitudes compare as integers: for non-negative floats the
			// bit patterns sort the same way, and integer max is branchless.
			ml := (9*(l1h+l2h) - l0h - ol) * (1.0 / 16)
			mr := (9*(r1h+r2h) - r0h - or) * (1.0 / 16)
			l0h, l1h, l2h = l1h, l2h, ol
			r0h, r1h, r2h = r1h, r2h, or
			pk = max(pk, absBits(ol), absBits(or), absBits(ml), absBits(mr))
			sumL += ol
			sumR += or
			if quad++; quad == dec {
				quad = 0
				k.add(float64(sumL)*scale, float64(sumR)*scale)
				sumL, sumR = 0, 0
				if dec*k.n >= m.hopFrames {
					m.hops = append(m.hops, k.acc/float64(k.n))
					k.acc, k.n = 0, 0
				}
			}
		}
		m.peaks[b] = math.Float32frombits(pk)
	}
	return out, m
}
