package synth

import "math"

// Oscillators run on 32-bit phase accumulators that wrap for free; the sine
// comes from a table because math.Sin per sample would eat the time budget.
const (
	tableBits  = 12
	tableSize  = 1 << tableBits
	fracBits   = 32 - tableBits
	fracScale  = 1.0 / (1 << fracBits)
	phaseScale = 4294967296.0
	radToPhase = phaseScale / (2 * math.Pi)
)

// sineTable holds one cycle plus a guard point for interpolation; it is
// written once at start-up and only read afterwards, so renders may share it.
// As an array its index needs no bounds check.
var sineTable = func() (t [tableSize + 1]float32) {
	for i := range t {
		t[i] = float32(math.Sin(2 * math.Pi * float64(i) / tableSize))
	}
	return t
}()

// tiny is where a decaying level counts as silent; flushing to zero there
// keeps the CPU out of denormal arithmetic, which is many times slower.
const tiny = 1e-7

// flush zeroes a decaying level once it is inaudible.
func flush(x float32) float32 {
	if x < tiny && x > -tiny {
		return 0
	}
	return x
}

// sinp is sin(2π·phase/2³²) by linear interpolation in the table.
func sinp(ph uint32) float32 {
	i := ph >> fracBits
	f := float32(ph&(1<<fracBits-1)) * fracScale
	a := sineTable[i]
	return a + (sineTable[i+1]-a)*f
}

// phaseInc is the per-sample phase step for hz, kept below Nyquist.
func phaseInc(hz, sr float64) uint32 {
	r := hz / sr
	if r >= 0.5 {
		r = 0.499
	}
	if r < 0 {
		r = 0
	}
	return uint32(r * phaseScale)
}

// fmPhase converts a modulation of at most ±3 radians to accumulator units
// with a single float32 conversion, for FM inner loops.
func fmPhase(x float32) uint32 { return uint32(int32(x * radToPhase)) }

// polyBLEP smooths the step of a saw or pulse edge, which removes most of the
// aliasing a naive waveform would fold back into the audible band.
func polyBLEP(t, dt float32) float32 {
	if t < dt {
		t /= dt
		return t + t - t*t - 1
	}
	if t > 1-dt {
		t = (t - 1) / dt
		return t*t + t + t + 1
	}
	return 0
}

// pulse is a band-limited pulse wave with the given duty cycle.
func pulse(ph, inc uint32, duty float32) float32 {
	t := float32(ph) * (1 / phaseScale)
	dt := float32(inc) * (1 / phaseScale)
	v := float32(-1)
	if t < duty {
		v = 1
	}
	v += polyBLEP(t, dt)
	t2 := t - duty
	if t2 < 0 {
		t2++
	}
	return v - polyBLEP(t2, dt)
}

// onePole returns the coefficient of a one-pole low-pass at hz.
func onePole(hz, sr float64) float32 {
	if hz >= sr/2 {
		return 1
	}
	return float32(1 - math.Exp(-2*math.Pi*hz/sr))
}

// decayMul is the per-sample multiplier that falls by 60 dB in t60 seconds.
func decayMul(t60, sr float64) float32 {
	if t60 <= 0 {
		return 0
	}
	return float32(math.Pow(10, -3/(t60*sr)))
}

// adsr is a classic envelope; times are in seconds. Attack is linear, decay
// is exponential toward the sustain level, release is a smooth curve to zero.
type adsr struct {
	a, d float64
	s    float32
	r    float64
}

// length is the envelope's total length in samples for a gate of dur seconds.
func (e adsr) length(dur, sr float64) int {
	return int(dur*sr) + int(e.r*sr) + 1
}

// fill writes the envelope for a gate of dur seconds and its release into out
// and returns how many samples it wrote.
func (e adsr) fill(out []float32, dur, sr float64) int {
	n := min(e.length(dur, sr), len(out))
	out = out[:n]
	gate := min(int(dur*sr), n)
	att := min(max(int(e.a*sr), 1), gate)
	lvl := float32(0)
	step := 1 / float32(max(int(e.a*sr), 1))
	for i := range att {
		lvl = float32(i+1) * step
		out[i] = lvl
	}
	// Decay toward sustain in blocks: flushing the tiny remainder once per
	// block is enough to stay out of denormals.
	kd := float32(1)
	if e.d > 0 {
		kd = float32(math.Exp(-1 / (e.d * sr)))
	}
	x := lvl - e.s
	for i0 := att; i0 < gate; i0 += 64 {
		seg := out[i0:min(i0+64, gate)]
		for i := range seg {
			x *= kd
			seg[i] = e.s + x
		}
		x = flush(x)
	}
	if gate > att {
		lvl = e.s + x
	}
	rel := out[gate:]
	inv := 1 / float32(len(rel))
	for j := range rel {
		r := 1 - float32(j+1)*inv
		rel[j] = lvl * r * r
	}
	return n
}
