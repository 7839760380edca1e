package synth

import "math"

// seconds allocates a drum sample t seconds long.
func seconds(t, sr float64) []float32 { return make([]float32, int(t*sr)+1) }

// synthKick is a sine swept down in pitch (the drum head) with a short
// filtered-noise beater, gently saturated for punch.
func synthKick(ks kitSpec, j, sr float64, r *rng) []float32 {
	out := seconds(ks.kickDecay*6, sr)
	src := newNoise(r)
	var ph uint32
	kAmp := math.Exp(-1 / (ks.kickDecay * sr))
	kBend := math.Exp(-1 / (ks.kickBend * sr))
	bend, amp := (ks.kickHi-ks.kickLo)*j, 1.0
	click := ks.kickClick
	kClick := decayMul(0.012, sr)
	var lp float32
	cl := onePole(2500, sr) // a soft beater, not a tick
	for i := range out {
		hz := ks.kickLo*j + bend
		ph += phaseInc(hz, sr)
		x := sinp(ph) * float32(amp)
		lp += cl * (src.next() - lp)
		x += lp * click
		out[i] = softClip(1.3 * x)
		bend *= kBend
		amp *= kAmp
		click = flush(click * kClick)
	}
	fadeIn(out, 0.0008, sr)
	return out
}

// synthSnare is two body modes under band-passed noise (the wires); with
// crunch the noise is held in steps like an 8-bit console's.
func synthSnare(ks kitSpec, j, sr float64, r *rng) []float32 {
	out := seconds(math.Max(ks.snareDecay, 0.2)*1.1, sr)
	src := newNoise(r)
	i1, i2 := phaseInc(ks.snareTone*j, sr), phaseInc(ks.snareTone*1.47*j, sr)
	var p1, p2 uint32
	kb, kn := decayMul(0.18, sr), decayMul(ks.snareDecay, sr)
	body, rattle := ks.snareBody, float32(1)
	hp := onePole(1200, sr)
	lp := onePole(9000, sr)
	var low, y, held float32
	hold := crunchHold(ks.crunch/2, sr)
	for i := range out {
		n := src.next()
		if hold > 0 {
			if i%hold == 0 {
				held = n
			}
			n = held
		}
		low += hp * (n - low)
		y += lp * ((n - low) - y)
		out[i] = body*(sinp(p1)+0.5*sinp(p2)) + rattle*y*1.6
		p1 += i1
		p2 += i2
		body *= kb
		rattle *= kn
	}
	fadeIn(out, 0.0005, sr)
	return out
}

// synthClap is three quick bursts of band-passed noise and a short room
// tail: several hands, not one.
func synthClap(sr float64, r *rng) []float32 {
	out := seconds(0.35, sr)
	src := newNoise(r)
	hp, lp := onePole(900, sr), onePole(2800, sr)
	var low, y float32
	for i := range out {
		t := float64(i) / sr
		// three quick hands, then the room
		var e float32
		switch {
		case t < 0.03:
			e = float32(math.Exp(-math.Mod(t, 0.01) / 0.003))
		default:
			e = float32(math.Exp(-(t - 0.03) / 0.06))
		}
		n := src.next()
		low += hp * (n - low)
		y += lp * ((n - low) - y)
		out[i] = 2.5 * y * e
	}
	fadeIn(out, 0.0005, sr)
	return out
}

// hatRatios are the 808's six square-wave oscillators, as ratios.
var hatRatios = [6]float64{1, 1.4826, 1.8004, 2.5461, 2.6306, 3.8966}

// synthHat is the 808 recipe: six detuned square waves (or noise, or a
// blend) through a steep high-pass. Long decays make open hats and crashes.
func synthHat(ks kitSpec, decay float64, level float32, sr float64, r *rng) []float32 {
	out := seconds(decay*1.05, sr)
	src := newNoise(r)
	var phs, incs [6]uint32
	for k, ratio := range hatRatios {
		incs[k] = phaseInc(320*ratio, sr)
		phs[k] = r.next32()
	}
	hp1, hp2 := onePole(6500, sr), onePole(6500, sr)
	var l1, l2, held float32
	amp, k := level, decayMul(decay, sr)
	hold := crunchHold(ks.crunch, sr)
	for i := range out {
		var m float32
		for o := range phs {
			if phs[o] < 1<<31 {
				m++
			} else {
				m--
			}
			phs[o] += incs[o]
		}
		n := src.next()
		if hold > 0 {
			if i%hold == 0 {
				held = n
			}
			n = held
		}
		x := ks.metal*m/6 + (1-ks.metal)*n
		l1 += hp1 * (x - l1)
		h := x - l1
		l2 += hp2 * (h - l2)
		out[i] = (h - l2) * amp * 1.8
		amp *= k
	}
	fadeIn(out, 0.0005, sr)
	return out
}

// synthShaker is high noise with a soft swell, like beads in a shell.
func synthShaker(j, sr float64, r *rng) []float32 {
	out := seconds(0.12, sr)
	src := newNoise(r)
	hp := onePole(5000*j, sr)
	var low float32
	for i := range out {
		t := float64(i) / sr
		e := float32(math.Min(1, t/0.02) * math.Exp(-t/0.035))
		n := src.next()
		low += hp * (n - low)
		out[i] = (n - low) * e
	}
	return out
}

// synthRim is a cross-stick click: two short wooden modes and a tick.
func synthRim(j, sr float64, r *rng) []float32 {
	out := seconds(0.08, sr)
	src := newNoise(r)
	i1, i2 := phaseInc(1700*j, sr), phaseInc(520*j, sr)
	var p1, p2 uint32
	a, k := float32(1), decayMul(0.05, sr)
	for i := range out {
		out[i] = a * (0.6*sinp(p1) + 0.5*sinp(p2) + 0.3*src.next()*a)
		p1 += i1
		p2 += i2
		a *= k
	}
	fadeIn(out, 0.0003, sr)
	return out
}

// synthRide is an inharmonic bell ping over a shimmer of high noise.
func synthRide(j, sr float64, r *rng) []float32 {
	out := seconds(0.7, sr)
	src := newNoise(r)
	var phs, incs [4]uint32
	ratios := [4]float64{1, 1.34, 1.87, 2.41}
	for k := range phs {
		incs[k] = phaseInc(2900*ratios[k]*j, sr)
		phs[k] = r.next32()
	}
	hp := onePole(5000, sr)
	var low float32
	amp, k := float32(1), decayMul(0.7, sr)
	for i := range out {
		var m float32
		for o := range phs {
			m += sinp(phs[o])
			phs[o] += incs[o]
		}
		n := src.next()
		low += hp * (n - low)
		out[i] = amp * (0.25*m + 0.5*(n-low)*amp)
		amp *= k
	}
	fadeIn(out, 0.0005, sr)
	return out
}

// trimTail cuts a drum where it has fallen 40 dB below its peak, with a
// short fade, so inaudible tails cost no mixing time.
func trimTail(x []float32, sr float64) []float32 {
	peak := float32(0)
	for _, v := range x {
		peak = max(peak, abs32(v))
	}
	end := len(x)
	for end > 0 && abs32(x[end-1]) < 0.01*peak {
		end--
	}
	fade := int(0.01 * sr)
	end = min(len(x), end+fade)
	x = x[:end]
	for i := range min(fade, end) {
		x[end-1-i] *= float32(i) / float32(fade)
	}
	return x
}

// crunchHold is the sample-and-hold period for an 8-bit noise rate.
func crunchHold(hz, sr float64) int {
	if hz <= 0 {
		return 0
	}
	return max(int(sr/hz), 1)
}

// fadeIn ramps the first t seconds so a sample never starts on a step.
func fadeIn(out []float32, t, sr float64) {
	n := min(int(t*sr)+1, len(out))
	for i := range n {
		out[i] *= float32(i) / float32(n)
	}
}
