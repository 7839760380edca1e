package audiofeat

import (
	"math"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// A metronome's tempo is its tempo at any speed people play, at any rate
// the audio comes in.
func TestClickTracksAtKnownTempi(t *testing.T) {
	for _, bpm := range []float64{60, 72, 90, 100, 120, 135, 150, 170, 185} {
		if f := Analyze(clicks(bpm, 15, Rate), Rate); math.Abs(f.BPM-bpm) > 2 {
			t.Errorf("clicks at %.0f BPM heard at %.1f BPM", bpm, f.BPM)
		}
	}
	for _, bpm := range []float64{72, 120, 170} {
		if f := Analyze(clicks(bpm, 15, 44100), 44100); math.Abs(f.BPM-bpm) > 2 {
			t.Errorf("clicks at %.0f BPM at 44.1 kHz heard at %.1f BPM", bpm, f.BPM)
		}
	}
}

// Chords of a cadence in each of the 24 keys name their key and mode, and
// their tempo. Soft tone sequences are played between 66 and 104 BPM: a
// drumless sequence much faster than that is heard at half its tempo,
// as the slow prior for music without drums has it (docs/benchmarks.md).
func TestToneSequencesInEveryKey(t *testing.T) {
	names := [12]string{"C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"}
	for i := range 24 {
		tonic, minor := i%12, i >= 12
		bpm := 66 + 1.6*float64(i)
		want := musicify.AudioFeatures{Key: tonic, Mode: musicify.Major}
		if minor {
			want.Mode = musicify.Minor
		}
		t.Run(names[tonic]+" "+string(want.Mode), func(t *testing.T) {
			f := Analyze(cadence(tonic, minor, bpm, 6, Rate), Rate)
			if f.Key != want.Key || f.Mode != want.Mode {
				t.Errorf("heard %s, want %s", f.KeyName(), want.KeyName())
			}
			if math.Abs(f.BPM-bpm) > 2 {
				t.Errorf("heard %.1f BPM, want %.1f", f.BPM, bpm)
			}
		})
	}
}

// Each score ranks two sounds that differ in what it measures the way a
// listener would.
func TestScoresRankSoundsAsListenersWould(t *testing.T) {
	const secs = 10
	tests := []struct {
		name       string
		more, less []float32
		score      func(musicify.AudioFeatures) float64
	}{
		{"a high whistle is brighter than a low hum", mix(sine(3000, 0.3, secs, Rate), sine(6000, 0.3, secs, Rate)), sine(150, 0.3, secs, Rate),
			func(f musicify.AudioFeatures) float64 { return f.Brightness }},
		{"a metronome is more percussive than a held chord", clicks(120, secs, Rate), pad(secs, Rate),
			func(f musicify.AudioFeatures) float64 { return f.Percussiveness }},
		{"a loud bright held chord has more energy than a quiet low hum", pad(secs, Rate), sine(150, 0.02, secs, Rate),
			func(f musicify.AudioFeatures) float64 { return f.Energy }},
		{"struck notes are more acoustic than a synthesizer over sub-bass", cadence(0, false, 90, 6, Rate), pad(secs, Rate),
			func(f musicify.AudioFeatures) float64 { return f.Acousticness }},
		{"held notes are more instrumental than a sliding, wavering voice", cadence(0, false, 90, 6, Rate), voice(secs, Rate),
			func(f musicify.AudioFeatures) float64 { return f.Instrumentalness }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			more, less := tt.score(Analyze(tt.more, Rate)), tt.score(Analyze(tt.less, Rate))
			if more <= less+0.2 {
				t.Errorf("%.2f against %.2f, want the first clearly higher", more, less)
			}
			for _, v := range []float64{more, less} {
				if v < 0 || v > 1 {
					t.Errorf("score %.2f is outside 0..1", v)
				}
			}
		})
	}
	t.Run("a voice reads as vocal", func(t *testing.T) {
		if f := Analyze(voice(secs, Rate), Rate); f.Instrumentalness > 0.3 {
			t.Errorf("instrumentalness %.2f, want at most 0.3", f.Instrumentalness)
		}
	})
}

func TestEmbedding(t *testing.T) {
	a := Analyze(cadence(0, false, 90, 6, Rate), Rate)
	t.Run("is a unit vector of EmbeddingSize", func(t *testing.T) {
		if len(a.Embedding) != EmbeddingSize {
			t.Fatalf("%d dimensions, want %d", len(a.Embedding), EmbeddingSize)
		}
		norm := 0.0
		for _, v := range a.Embedding {
			norm += float64(v) * float64(v)
		}
		if math.Abs(norm-1) > 1e-4 {
			t.Errorf("squared norm %.5f, want 1", norm)
		}
	})
	t.Run("finds a song in another key more like itself than a metronome", func(t *testing.T) {
		b := Analyze(cadence(7, false, 94, 6, Rate), Rate)
		c := Analyze(clicks(94, 12, Rate), Rate)
		if ab, ac := a.Similarity(&b), a.Similarity(&c); ab <= ac {
			t.Errorf("similarity to the same cadence in G %.2f, to clicks %.2f", ab, ac)
		}
	})
	t.Run("is the same for the same audio", func(t *testing.T) {
		b := Analyze(cadence(0, false, 90, 6, Rate), Rate)
		if s := a.Similarity(&b); math.Abs(s-1) > 1e-6 {
			t.Errorf("similarity to itself %.6f", s)
		}
	})
}

func TestSilenceAndShortAudioTellNothing(t *testing.T) {
	for name, pcm := range map[string][]float32{
		"silence":       make([]float32, 10*Rate),
		"half a second": sine(440, 0.5, 0.5, Rate),
	} {
		t.Run(name, func(t *testing.T) {
			f := Analyze(pcm, Rate)
			if f.BPM != 0 || f.Energy != 0 || f.Embedding != nil || f.Version != Version {
				t.Errorf("got %+v, want version %d and nothing else", f, Version)
			}
		})
	}
}

// A float file can hold NaN or infinite samples (damaged, or made so): they
// are heard as silence, and every number of the song stays a number.
func TestSamplesThatAreNotNumbersCountAsSilence(t *testing.T) {
	clean := cadence(0, false, 90, 6, Rate)
	damaged := append([]float32(nil), clean...)
	for i := 1000; i < len(damaged); i += 20011 {
		damaged[i] = float32([]float64{math.NaN(), math.Inf(1), math.Inf(-1)}[i%3])
	}
	a, b := Analyze(clean, Rate), Analyze(damaged, Rate)
	for _, v := range []float64{b.BPM, b.KeyConfidence, b.Energy, b.Brightness, b.Percussiveness, b.Acousticness, b.Instrumentalness} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("damaged audio measured as %+v", b)
		}
	}
	if b.Key != a.Key || b.Mode != a.Mode || a.Similarity(&b) < 0.9 {
		t.Errorf("damaged audio heard in %s, %.3f alike; the clean in %s", b.KeyName(), a.Similarity(&b), a.KeyName())
	}
	nothing := make([]float32, 3*Rate)
	for i := range nothing {
		nothing[i] = float32(math.NaN())
	}
	if f := Analyze(nothing, Rate); f.Energy != 0 || f.BPM != 0 || f.Embedding != nil {
		t.Errorf("audio of NaN alone measured as %+v, want silence", f)
	}
}
