package synth

import (
	"math"
	"testing"
)

// busOf puts a stereo signal on a four-channel bus, sends empty.
func busOf(frames int, f func(i int) float32) []float32 {
	bus := make([]float32, busWidth*frames)
	for i := range frames {
		bus[busWidth*i+busL] = f(i)
		bus[busWidth*i+busR] = f(i)
	}
	return bus
}

func sine(amp, hz, sr float64) func(int) float32 {
	return func(i int) float32 { return float32(amp * math.Sin(2*math.Pi*hz*float64(i)/sr)) }
}

// peakIn is the largest magnitude of frames [a, b) of interleaved stereo.
func peakIn(st []float32, a, b int) float64 {
	p := 0.0
	for _, x := range st[2*a : 2*b] {
		p = max(p, math.Abs(float64(x)))
	}
	return p
}

func TestLoudnessMeter(t *testing.T) {
	const sr = 44100
	tests := []struct {
		name string
		amp  float64
		want float64
	}{
		{"a full-scale 1 kHz sine on both channels reads 0 LUFS", 1, 0},
		{"a -20 dBFS sine reads -20 LUFS", 0.1, -20},
		{"a -40 dBFS sine reads -40 LUFS", 0.01, -40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frames := 5 * sr
			_, m := finish(busOf(frames, sine(tt.amp, 1000, sr)), frames, sr, finishing{})
			got := gated(m.hops, func(int) float64 { return 1 })
			if math.Abs(got-tt.want) > 0.5 {
				t.Errorf("got %.2f LUFS, want %.1f", got, tt.want)
			}
		})
	}
}

func TestFinishFades(t *testing.T) {
	const sr = 8000
	frames := 10 * sr
	out, _ := finish(busOf(frames, sine(0.5, 440, sr)), frames, sr, finishing{fadeIn: 0.5, fadeOutFrom: 6})
	t.Run("starts from silence", func(t *testing.T) {
		if p := peakIn(out, 0, 40); p > 0.05 {
			t.Errorf("first 5 ms peak at %.3f", p)
		}
	})
	t.Run("plays at full level between the fades", func(t *testing.T) {
		if p := peakIn(out, 2*sr, 3*sr); math.Abs(p-0.5) > 0.03 {
			t.Errorf("middle peak %.3f, want 0.5", p)
		}
	})
	t.Run("is at half level halfway through the fade out", func(t *testing.T) {
		if p := peakIn(out, 8*sr-100, 8*sr+100); math.Abs(p-0.25) > 0.03 {
			t.Errorf("peak %.3f at the fade's midpoint, want 0.25", p)
		}
	})
	t.Run("ends in silence", func(t *testing.T) {
		if p := peakIn(out, frames-80, frames); p > 1e-3 {
			t.Errorf("last 10 ms peak at %.4f", p)
		}
	})
}

func TestNormalize(t *testing.T) {
	const sr = 44100
	frames := 6 * sr
	tests := []struct {
		name string
		f    func(int) float32
	}{
		{"lifts a quiet sine to the target", sine(0.02, 220, sr)},
		{"lowers a loud sine to the target", sine(0.9, 220, sr)},
		{"limits a signal with sharp peaks", func(i int) float32 {
			x := float32(0.05 * math.Sin(2*math.Pi*150*float64(i)/sr))
			if i%9000 == 0 {
				x += 0.9 // a click every 200 ms, far above the body
			}
			return x
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, m := finish(busOf(frames, tt.f), frames, sr, finishing{})
			normalize(out, m, sr)
			_, after := finish(busOf(frames, func(i int) float32 { return out[2*i] }), frames, sr, finishing{})
			if l := gated(after.hops, func(int) float64 { return 1 }); math.Abs(l-targetLUFS) > 1 {
				t.Errorf("loudness %.2f LUFS, want %.0f", l, targetLUFS)
			}
			if p := peakIn(out, 0, frames); p > ceiling+1e-4 {
				t.Errorf("peak %.4f above the ceiling %.2f", p, ceiling)
			}
		})
	}
	t.Run("leaves silence silent", func(t *testing.T) {
		out, m := finish(busOf(frames, func(int) float32 { return 0 }), frames, sr, finishing{})
		normalize(out, m, sr)
		if p := peakIn(out, 0, frames); p != 0 {
			t.Errorf("silence became %.4f", p)
		}
	})
}
