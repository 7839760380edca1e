package synth

import "math"

// Waveforms for the subtractive voice.
const (
	waveSaw = iota
	wavePulse
	waveTri
	waveSine
	waveSoft // sine with a touch of self-modulation: flute, whistle
)

// subtractive covers pads, leads, arps and basses: a few detuned oscillators
// into a 12 dB/octave low-pass whose cutoff falls from a bright attack.
type subtractive struct {
	wave     int
	voices   int     // detuned oscillators, 1 or more
	detune   float64 // cents between the outermost oscillators
	duty     float32 // pulse width for wavePulse
	sub      float32 // level of a sine one octave down
	cutoff   float64 // resting cutoff in Hz (0 = no filter)
	envAmt   float64 // extra cutoff in Hz at the attack
	fdecay   float64 // seconds for the extra cutoff to fall away
	keytrack float64 // 0..1, how much the cutoff follows pitch
	amp      adsr
	vibRate  float64 // Hz
	vibCents float64
	vibDelay float64 // seconds before vibrato fades in
	drive    float32 // soft saturation amount, 0 for none
}

func (s subtractive) length(n note, sr float64) int { return s.amp.length(n.dur, sr) }

// block is how often slow controls (cutoff, vibrato) are recomputed.
const block = 32

func (s subtractive) render(c *voiceCtx, n note, out []float32) int {
	env := c.envelope(s.amp, n.dur)
	sr := c.sr
	hz := midiHz(n.pitch)
	nv := min(max(s.voices, 1), 4)
	var incs, phs [4]uint32
	var base [4]float64
	for v := range nv {
		cents := 0.0
		if nv > 1 {
			cents = s.detune * (float64(v)/float64(nv-1) - 0.5)
		}
		base[v] = hz * math.Exp2(cents/1200)
		incs[v] = phaseInc(base[v], sr)
		phs[v] = c.rng.next32()
	}
	gain := 1 / float32(math.Sqrt(float64(nv)))
	subInc, subPh := phaseInc(hz/2, sr), uint32(0)
	vibInc, vibPh := phaseInc(s.vibRate, sr), uint32(0)
	kfBlock := math.Exp(-block / (math.Max(s.fdecay, 1e-3) * sr))
	track := math.Pow(hz/261.63, s.keytrack)
	w := 2 * math.Pi * track / sr
	fenv := s.envAmt
	var y1, y2 float32
	a := float32(1)
	drive := 1 + s.drive
	for i0 := 0; i0 < len(env); i0 += block {
		t := float64(i0) / sr
		if s.cutoff > 0 {
			a = fastPole((s.cutoff + fenv) * w)
		}
		if s.vibCents > 0 && t > s.vibDelay {
			ramp := math.Min(1, (t-s.vibDelay)/0.4)
			f := 1 + s.vibCents*ramp*float64(sinp(vibPh))*(math.Ln2/1200)
			for v := range nv {
				incs[v] = phaseInc(base[v]*f, sr)
			}
		}
		end := min(i0+block, len(env))
		dst := out[i0:end]
		s.oscillators(dst, phs[:nv], incs[:nv])
		e := env[i0:end]
		for i, x := range dst {
			x *= gain
			if s.sub != 0 {
				x += s.sub * sinp(subPh)
				subPh += subInc
			}
			y1 += a * (x - y1)
			y2 += a * (y1 - y2)
			x = y2
			if s.drive != 0 {
				x = softClip(x * drive)
			}
			dst[i] = x * e[i]
		}
		vibPh += vibInc * block
		fenv *= kfBlock
	}
	return len(env)
}

// fastPole approximates onePole's 1-exp(-w) by a Padé ratio, close enough
// for cutoffs that change every block, and far cheaper than math.Exp.
func fastPole(w float64) float32 {
	if w >= 3 {
		return 1
	}
	return float32(w / (1 + w/2))
}

// oscillators writes the sum of detuned oscillators into dst, one voice at
// a time so each inner loop is a tight run of one waveform.
func (s subtractive) oscillators(dst []float32, phs, incs []uint32) {
	for i := range dst {
		dst[i] = 0
	}
	for v := range phs {
		ph, inc := phs[v], incs[v]
		switch s.wave {
		case wavePulse:
			for i := range dst {
				dst[i] += pulse(ph, inc, s.duty)
				ph += inc
			}
		case waveTri:
			for i := range dst {
				t := float32(ph) * (1 / phaseScale)
				if t < 0.5 {
					dst[i] += 4*t - 1
				} else {
					dst[i] += 3 - 4*t
				}
				ph += inc
			}
		case waveSine:
			for i := range dst {
				dst[i] += sinp(ph)
				ph += inc
			}
		case waveSoft:
			for i := range dst {
				dst[i] += sinp(ph + fmPhase(0.9*sinp(ph)))
				ph += inc
			}
		default:
			dt := float32(inc) * (1 / phaseScale)
			for i := range dst {
				t := float32(ph) * (1 / phaseScale)
				v := 2*t - 1
				if t < dt {
					u := t / dt
					v -= u + u - u*u - 1
				} else if t > 1-dt {
					u := (t - 1) / dt
					v -= u*u + u + u + 1
				}
				dst[i] += v
				ph += inc
			}
		}
		phs[v] = ph
	}
}

// softClip is a cheap tanh-like curve that rounds peaks instead of cutting.
func softClip(x float32) float32 {
	if x > 1.5 {
		return 1
	}
	if x < -1.5 {
		return -1
	}
	return x - x*x*x*(4.0/27)
}
