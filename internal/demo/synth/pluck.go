package synth

import "math"

// pluck is a Karplus-Strong string: a burst of filtered noise circulating in
// a tuned delay line whose loop filter darkens and shortens it, which is what
// makes guitars, harps and upright basses sound plucked rather than synthetic.
type pluck struct {
	bright  float32 // 0..1: low-pass on the excitation
	decay   float64 // seconds to fade 60 dB at A3; lower notes ring longer
	damp    float32 // 0..1 loop averaging weight; higher is darker
	release float64 // seconds of damping after the note is let go
	body    float32 // 0..1 of a low "body" thump mixed into the attack
}

func (p pluck) length(n note, sr float64) int {
	return int((n.dur+p.release)*sr) + 1
}

func (p pluck) render(c *voiceCtx, n note, out []float32) int {
	sr := c.sr
	total := p.length(n, sr)
	hz := midiHz(n.pitch)
	// The loop delays by N samples, a half sample in the averaging filter
	// and a fraction in the tuning all-pass.
	d := sr/hz - 0.5
	N := int(d)
	frac := d - float64(N)
	if frac < 0.2 && N > 2 {
		N--
		frac++
	}
	if N < 2 {
		N = 2
	}
	ap := float32((1 - frac) / (1 + frac))
	c.line = grow(c.line, N)
	line := c.line[:N]
	// Excitation: noise, low-passed more for soft notes, DC removed.
	lp := onePole(500+float64(p.bright*n.vel)*12000, sr)
	var y, sum float32
	src := newNoise(c.rng)
	for i := range line {
		y += lp * (src.next() - y)
		line[i] = y
		sum += y
	}
	dc := sum / float32(N)
	peak := float32(1e-6)
	for i := range line {
		line[i] -= dc
		peak = max(peak, abs32(line[i]))
	}
	for i := range line {
		line[i] /= peak
	}
	t60 := p.decay * math.Pow(220/hz, 0.35)
	g := float32(math.Pow(10, -3/(t60*hz)))
	w := p.damp
	gate := int(n.dur * sr)
	rel := total - gate
	bodyInc, bodyPh := phaseInc(hz, sr), uint32(0)
	bodyAmp, bodyK := p.body, decayMul(0.08, sr)
	var prev, apx, apy float32
	idx := 0
	for i := range total {
		x := line[idx]
		f := (1-w)*x + w*prev
		prev = x
		a := ap*f + apx - ap*apy
		apx, apy = f, a
		line[idx] = a * g
		idx++
		if idx == N {
			idx = 0
		}
		v := x
		if bodyAmp != 0 {
			v += bodyAmp * sinp(bodyPh)
			bodyPh += bodyInc
			bodyAmp = flush(bodyAmp * bodyK)
		}
		if i >= gate {
			r := 1 - float32(i-gate+1)/float32(rel)
			v *= r * r
		}
		out[i] = v
	}
	// A 2 ms ramp in keeps a fresh pluck from clicking on a ringing string.
	att := min(int(0.002*sr), total)
	for i := range att {
		out[i] *= float32(i) / float32(att)
	}
	return total
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
