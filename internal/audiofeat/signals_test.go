package audiofeat

import (
	"math"
	"math/rand/v2"
)

// The test signals: each is built from what it should be heard as, so a
// test knows the answer without anyone having listened.

// clicks is a metronome: a short noisy tick every beat, accented on the
// first of each four.
func clicks(bpm, seconds float64, rate int) []float32 {
	out := make([]float32, int(seconds*float64(rate)))
	r := rand.New(rand.NewPCG(1, uint64(bpm)))
	period := 60 / bpm * float64(rate)
	for beat := 0; ; beat++ {
		start := int(math.Round(float64(beat) * period))
		if start >= len(out) {
			break
		}
		gain := 0.5
		if beat%4 == 0 {
			gain = 0.9
		}
		for i := 0; i < rate/50 && start+i < len(out); i++ {
			t := float64(i) / float64(rate)
			tick := math.Sin(2*math.Pi*1500*t) + 0.5*(r.Float64()*2-1)
			out[start+i] += float32(gain * tick * math.Exp(-t/0.004))
		}
	}
	return out
}

// tone adds a note with a few harmonics that fades like a struck string.
func tone(out []float32, rate int, start, dur, midi, gain float64) {
	hz := 440 * math.Exp2((midi-69)/12)
	from := int(start * float64(rate))
	for i := 0; i < int(dur*float64(rate)) && from+i < len(out); i++ {
		t := float64(i) / float64(rate)
		v := 0.0
		for h, a := range []float64{1, 0.5, 0.3, 0.15} {
			v += a * math.Sin(2*math.Pi*hz*float64(h+1)*t)
		}
		env := math.Exp(-t/0.6) * math.Min(1, t/0.005) * math.Min(1, (dur-t)/0.01)
		out[from+i] += float32(gain * v * env)
	}
}

var (
	majorScale = []int{0, 2, 4, 5, 7, 9, 11}
	minorScale = []int{0, 2, 3, 5, 7, 8, 10}
)

// cadence plays I–IV–V–I (i–iv–V–i in minor, with the raised leading
// note as music in minor keys has it) in the key of tonic (a pitch
// class), a bass note on beats one and three and the chord struck on every
// beat, for bars bars at bpm.
func cadence(tonic int, minor bool, bpm float64, bars int, rate int) []float32 {
	beat := 60 / bpm
	out := make([]float32, int((float64(bars*4)*beat+1)*float64(rate)))
	scale := majorScale
	if minor {
		scale = minorScale
	}
	deg := func(d int) float64 {
		oct := d / 7
		return float64(12*oct + scale[d%7])
	}
	root := float64(48 + tonic) // C3 to B3
	for bar := range bars {
		chord := []int{0, 3, 4, 0}[bar%4]
		for b := range 4 {
			at := float64(bar*4+b) * beat
			if b%2 == 0 {
				tone(out, rate, at, 2*beat, root-12+deg(chord), 0.25)
			}
			for _, d := range []int{chord, chord + 2, chord + 4} {
				p := root + deg(d)
				if minor && chord == 4 && d == chord+2 {
					p++ // the leading note
				}
				tone(out, rate, at, beat, p, 0.12)
			}
		}
	}
	return out
}

// voice is a crude singer: a buzzy tone through two formants that slides
// from note to note and wavers with vibrato, as voices do and most
// instruments do not.
func voice(seconds float64, rate int) []float32 {
	out := make([]float32, int(seconds*float64(rate)))
	notes := []float64{57, 60, 62, 64, 62, 60, 59, 57}
	phase := 0.0
	var f1, f2 resonator
	f1.tune(700, 100, rate)
	f2.tune(1200, 120, rate)
	for i := range out {
		t := float64(i) / float64(rate)
		pos := t / 0.6
		n := int(pos)
		frac := pos - float64(n)
		a, b := notes[n%len(notes)], notes[(n+1)%len(notes)]
		midi := a
		if frac > 0.6 { // glide into the next note
			midi = a + (b-a)*(frac-0.6)/0.4
		}
		midi += 0.4 * math.Sin(2*math.Pi*5.5*t)
		phase += 440 * math.Exp2((midi-69)/12) / float64(rate)
		src := 2*(phase-math.Floor(phase)) - 1
		out[i] = float32(0.3 * (f1.next(src) + 0.6*f2.next(src)))
	}
	return out
}

// resonator is a two-pole band-pass filter, a formant of the voice.
type resonator struct{ a1, a2, g, y1, y2 float64 }

func (r *resonator) tune(hz, bw float64, rate int) {
	rr := math.Exp(-math.Pi * bw / float64(rate))
	r.a1, r.a2 = 2*rr*math.Cos(2*math.Pi*hz/float64(rate)), -rr*rr
	r.g = 1 - rr
}

func (r *resonator) next(x float64) float64 {
	y := r.g*x + r.a1*r.y1 + r.a2*r.y2
	r.y2, r.y1 = r.y1, y
	return y
}

// pad is a held, bright, electronic chord over a sub-bass: saw waves that
// never decay.
func pad(seconds float64, rate int) []float32 {
	out := make([]float32, int(seconds*float64(rate)))
	for i := range out {
		t := float64(i) / float64(rate)
		v := 0.0
		for _, hz := range []float64{261.6, 329.6, 392, 523.3} {
			x := hz * t
			v += 0.15 * (2*(x-math.Floor(x)) - 1)
		}
		v += 0.4 * math.Sin(2*math.Pi*41.2*t)
		out[i] = float32(v)
	}
	return out
}

// sine is a steady tone at hz.
func sine(hz, gain, seconds float64, rate int) []float32 {
	out := make([]float32, int(seconds*float64(rate)))
	for i := range out {
		out[i] = float32(gain * math.Sin(2*math.Pi*hz*float64(i)/float64(rate)))
	}
	return out
}

func mix(a, b []float32) []float32 {
	out := make([]float32, max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i] += a[i]
		}
		if i < len(b) {
			out[i] += b[i]
		}
	}
	return out
}
