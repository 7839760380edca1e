package audiofeat

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// Whatever a file decodes to, the analysis neither panics nor returns a
// number out of its range: these are the edges of what audio can be.
func TestAnyAudioGivesFiniteFeaturesInTheirRanges(t *testing.T) {
	filled := func(n int, at func(i int) float64) []float32 {
		out := make([]float32, n)
		for i := range out {
			out[i] = float32(at(i))
		}
		return out
	}
	r := rand.New(rand.NewPCG(7, 7))
	noise := func(i int) float64 { return r.Float64()*2 - 1 }
	for _, tc := range []struct {
		name string
		rate int
		pcm  []float32
	}{
		{"no samples", Rate, nil},
		{"one sample", Rate, []float32{0.5}},
		{"full-scale noise a sample short of a second", Rate, filled(Rate-1, noise)},
		{"exactly a second of silence", Rate, make([]float32, Rate)},
		{"a second and a sample of noise", Rate, filled(Rate+1, noise)},
		{"a full-scale DC offset", Rate, filled(3*Rate, func(int) float64 { return 1 })},
		{"a full-scale square wave at 1 kHz", 44100, filled(3*44100+7, func(i int) float64 { return float64(1 - 2*(i/22%2)) })},
		{"a square wave at the Nyquist frequency", Rate, filled(3*Rate, func(i int) float64 { return float64(1 - 2*(i%2)) })},
		{"a sine clipped ten times past full scale", Rate, filled(3*Rate, func(i int) float64 { return max(-1, min(1, 10*math.Sin(float64(i)/7))) })},
		{"a sine a thousand times past full scale", Rate, filled(3*Rate, func(i int) float64 { return 1000 * math.Sin(float64(i)/7) })},
		{"the largest floats, alternating", Rate, filled(2*Rate, func(i int) float64 { return math.MaxFloat32 * float64(1-2*(i%2)) })},
		{"the smallest floats", Rate, filled(2*Rate, func(i int) float64 { return math.SmallestNonzeroFloat32 * float64(i%3) })},
		{"nothing but NaN", Rate, filled(2*Rate, func(int) float64 { return math.NaN() })},
		{"infinities in noise", Rate, filled(2*Rate, func(i int) float64 { return []float64{noise(i), math.Inf(1), math.Inf(-1)}[i%3] })},
		{"twelve seconds of clicks over quiet noise at 8 kHz", 8000, filled(12*8000, func(i int) float64 { return float64(i%4000/3999) + 0.01*noise(i) })},
	} {
		t.Run(tc.name, func(t *testing.T) { checkAnalysis(t, tc.pcm, tc.rate) })
	}
	for seed := range uint64(24) {
		r := rand.New(rand.NewPCG(seed, 0x61756469))
		pcm, rate, desc := signal(r, nil)
		t.Run(fmt.Sprintf("seed %d: %s", seed, desc), func(t *testing.T) { checkAnalysis(t, pcm, rate) })
	}
}

// FuzzAnalyze makes audio from the fuzzer's bytes: they choose the length,
// the rate and the layers, and are themselves a layer of raw samples.
func FuzzAnalyze(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		pcm, rate, desc := signal(rand.New(newByteSource(data)), data)
		t.Logf("%s", desc)
		checkAnalysis(t, pcm, rate)
	})
}

// checkAnalysis checks what Analyze promises: every number finite, the
// scores and the key's confidence within 0..1, a key of the twelve, a tempo
// between 40 and 220 BPM (within the 3% of its refinement) or none, a unit
// embedding of EmbeddingSize; and nothing at all for silence and for audio
// under a second.
func checkAnalysis(t *testing.T, pcm []float32, rate int) {
	t.Helper()
	f := Analyze(pcm, rate)
	scores := []float64{f.Energy, f.Brightness, f.Percussiveness, f.Acousticness, f.Instrumentalness, f.KeyConfidence}
	bad := f.Version != Version || f.Seconds != float64(len(pcm))/float64(rate) || f.Key < 0 || f.Key > 11 ||
		(f.Mode != musicify.Major && f.Mode != musicify.Minor) ||
		(f.BPM != 0 && !(f.BPM >= minBPM*0.97 && f.BPM <= maxBPM*1.03))
	for _, v := range scores {
		bad = bad || !(v >= 0 && v <= 1)
	}
	norm := 0.0
	for _, v := range f.Embedding {
		bad = bad || math.IsNaN(float64(v)) || math.IsInf(float64(v), 0)
		norm += float64(v) * float64(v)
	}
	if f.Embedding != nil {
		bad = bad || len(f.Embedding) != EmbeddingSize || math.Abs(norm-1) > 1e-4
	}
	heard := false
	for _, v := range pcm {
		heard = heard || (v != 0 && !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0))
	}
	if len(pcm) < rate || !heard {
		bad = bad || f.Embedding != nil || f.BPM != 0 || f.Energy != 0 || f.KeyConfidence != 0
	}
	if bad {
		t.Fatalf("%d samples at %d Hz measured as %+v (embedding's squared norm %.6f)", len(pcm), rate, f, norm)
	}
}

// signal is audio of random make: a length (none, a sample, about a second
// either side, a few seconds, odd ones), a rate at which music is decoded,
// and layers of what files hold, well made or not: a DC offset, full-scale
// square waves, sines up to the Nyquist frequency, noise, clicks, raw
// samples (raw, or random bytes, read as floats: NaN, infinities, the
// largest and smallest floats); then clipping, gain far past full scale, a
// fade to nearly nothing, or damage.
func signal(r *rand.Rand, raw []byte) (pcm []float32, rate int, desc string) {
	rate = []int{8000, 11025, 16000, 22050, 22050, 22050, 44100, 48000}[r.IntN(8)]
	n := []int{0, 1, rate - 1, rate, rate + 1, rate + r.IntN(4*rate), 2*rate + 2*r.IntN(rate) + 1}[r.IntN(7)]
	desc = fmt.Sprintf("%d samples at %d Hz", n, rate)
	x := make([]float64, n)
	for range 1 + r.IntN(4) {
		amp, hz := r.Float64(), r.Float64()*float64(rate)/2
		var layer func(i int) float64
		switch k := r.IntN(6); k {
		case 0:
			desc += fmt.Sprintf(", DC offset %.2f", 2*amp-1)
			layer = func(int) float64 { return 2*amp - 1 }
		case 1:
			desc += fmt.Sprintf(", full-scale square wave at %.0f Hz", hz)
			layer = func(i int) float64 { return math.Copysign(1, math.Sin(2*math.Pi*hz*float64(i)/float64(rate))) }
		case 2:
			desc += fmt.Sprintf(", sine at %.0f Hz", hz)
			layer = func(i int) float64 { return amp * math.Sin(2*math.Pi*hz*float64(i)/float64(rate)) }
		case 3:
			desc += ", noise"
			layer = func(int) float64 { return amp * (2*r.Float64() - 1) }
		case 4:
			period := 1 + r.IntN(rate)
			desc += fmt.Sprintf(", a click every %d samples", period)
			layer = func(i int) float64 {
				if i%period == 0 {
					return amp
				}
				return 0
			}
		case 5:
			if len(raw) < 4 {
				raw = make([]byte, 4+4*r.IntN(64))
				for i := range raw {
					raw[i] = byte(r.Uint32())
				}
			}
			desc += fmt.Sprintf(", %d raw samples over and over", len(raw)/4)
			layer = func(i int) float64 {
				j := 4 * (i % (len(raw) / 4))
				return float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[j:])))
			}
		}
		for i := range x {
			x[i] += layer(i)
		}
	}
	gain, clip := 1.0, false
	switch r.IntN(6) {
	case 0:
		gain, clip = 1+20*r.Float64(), true
		desc += fmt.Sprintf(", clipped %.1f times past full scale", gain)
	case 1:
		gain = math.Pow(10, 6*r.Float64())
		desc += fmt.Sprintf(", %.0f times past full scale", gain)
	case 2:
		gain = 1e-6
		desc += ", nearly silent"
	}
	pcm = make([]float32, n)
	for i, v := range x {
		if v *= gain; clip {
			v = max(-1, min(1, v))
		}
		pcm[i] = float32(v)
	}
	if n > 0 && r.IntN(5) == 0 {
		desc += ", damaged"
		for range 1 + r.IntN(20) {
			pcm[r.IntN(n)] = float32([]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat32}[r.IntN(4)])
		}
	}
	return pcm, rate, desc
}

// byteSource feeds a fuzzer's bytes to rand.Rand one a choice (each byte
// spread over the whole word, so IntN reads it as a fraction), then a PCG
// seeded by them, so every input makes one signal.
type byteSource struct {
	b   []byte
	pcg *rand.PCG
}

func newByteSource(b []byte) *byteSource {
	var seed [16]byte
	for i, c := range b {
		seed[i%16] ^= c + byte(i)
	}
	return &byteSource{b: b, pcg: rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))}
}

func (s *byteSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return s.pcg.Uint64()
	}
	c := s.b[0]
	s.b = s.b[1:]
	return uint64(c) * 0x0101010101010101
}
