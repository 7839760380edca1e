// Package audiofeat listens to a song once and tells its tempo, key and
// mode, a few 0–1 scores of its character and an embedding for finding
// songs that sound alike. It is pure Go over mono PCM; Decode gets that
// PCM from any file ffmpeg reads.
package audiofeat

import (
	"math"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Version names the analysis. Raise it when a change alters what Analyze
// returns for the same audio: stored features of an older version are
// then recomputed by a background job.
const Version = 1

// Rate is the sample rate Decode asks for: enough for brightness up to
// 11 kHz, and half the samples of CD audio to go through.
const Rate = 22050

// MaxSeconds bounds the audio analysed: a three-hour mix is judged by its
// first ten minutes, and its PCM stays under 60 MB.
const MaxSeconds = 600

// Analyze measures the features of mono samples at rate (in Hz). Silence
// or audio under a second yields zero scores, no tempo and no embedding;
// samples that are NaN or infinite count as silence.
func Analyze(pcm []float32, rate int) musicify.AudioFeatures {
	f := musicify.AudioFeatures{Version: Version, Mode: musicify.Major, Seconds: float64(len(pcm)) / float64(rate),
		Analyzed: time.Now().UTC().Truncate(time.Millisecond)}
	if rate <= 0 || len(pcm) < rate {
		return f
	}
	s := measure(pcm, rate)
	if s.frames == 0 || s.loudFrames == 0 {
		return f
	}
	f.BPM = tempo(s.onset, s.fps)
	k := detectKey(chroma(pcm, rate))
	f.Key, f.Mode, f.KeyConfidence = k.tonic, k.mode, k.confidence
	d := s.describe()
	f.Energy, f.Brightness, f.Percussiveness = d.energy, d.brightness, d.percussiveness
	f.Acousticness, f.Instrumentalness = d.acousticness, d.instrumentalness
	f.Embedding = s.embed(d, k, f.BPM)
	return f
}

// pow2Near is the power of two closest to seconds of audio at rate, so
// frames last the same time at any rate.
func pow2Near(seconds float64, rate int) int {
	return 1 << int(math.Round(math.Log2(seconds*float64(rate))))
}

// hann is the window every frame is shaped by before its transform.
func hann(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))
	}
	return w
}

// frames calls fn with each windowed frame of n samples, hop apart, the
// last one padded with silence.
func frames(pcm []float32, n, hop int, fn func(frame []float64)) {
	w := hann(n)
	buf := make([]float64, n)
	for start := 0; start+n/2 < len(pcm); start += hop {
		for i := range n {
			v := 0.0
			if j := start + i; j < len(pcm) {
				v = float64(pcm[j])
			}
			// A damaged float file can hold samples that are not numbers:
			// silence, rather than NaN in every score and the embedding.
			if math.IsNaN(v) || math.IsInf(v, 0) {
				v = 0
			}
			buf[i] = v * w[i]
		}
		fn(buf)
	}
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// ramp maps v from [lo, hi] onto [0, 1], clamped.
func ramp(v, lo, hi float64) float64 { return clamp01((v - lo) / (hi - lo)) }
