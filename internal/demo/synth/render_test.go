package synth

import (
	"math"
	"sync"
	"testing"
)

// testRate keeps the race-enabled test run quick; every property checked
// here holds at any sample rate.
const testRate = 8000

// testSongs is the whole catalog, or under the race detector the first song
// of every artist, which still runs every style's code.
func testSongs() []SongSpec {
	songs := Catalog()
	if !raceDetector {
		return songs
	}
	var out []SongSpec
	seen := map[string]bool{}
	for _, s := range songs {
		if !seen[s.Artist] {
			seen[s.Artist] = true
			out = append(out, s)
		}
	}
	return out
}

// rendered caches testSongs at testRate for the property tests.
var rendered = sync.OnceValue(func() [][]float32 {
	songs := testSongs()
	out := make([][]float32, len(songs))
	var wg sync.WaitGroup
	for i, s := range songs {
		wg.Go(func() { out[i] = Render(s, testRate) })
	}
	wg.Wait()
	return out
})

func TestRenderEverySong(t *testing.T) {
	songs := testSongs()
	pcm := rendered()
	for i, s := range songs {
		t.Run(s.Title, func(t *testing.T) {
			x := pcm[i]
			t.Run("is as long as its duration", func(t *testing.T) {
				want := s.Duration().Seconds() * testRate * 2
				if math.Abs(float64(len(x))-want) > 2 || len(x) != 2*s.Frames(testRate) {
					t.Errorf("got %d samples, want %.0f", len(x), want)
				}
			})
			t.Run("stays under the ceiling with finite samples", func(t *testing.T) {
				for j, v := range x {
					if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
						t.Fatalf("sample %d is %v", j, v)
					}
					if v > 0.95 || v < -0.95 {
						t.Fatalf("sample %d is %v, beyond 0.95", j, v)
					}
				}
			})
			t.Run("plays in every quarter", func(t *testing.T) {
				q := len(x) / 4 &^ 1
				for k := range 4 {
					if r := rms(x[k*q : (k+1)*q]); r < 0.01 {
						t.Errorf("quarter %d has RMS %.4f: silence", k+1, r)
					}
				}
			})
			t.Run("is about as loud as streaming music", func(t *testing.T) {
				if l := lufs(x, testRate); l < -16 || l > -12 {
					t.Errorf("loudness %.1f LUFS, want -16 to -12", l)
				}
			})
			t.Run("starts and ends in silence", func(t *testing.T) {
				if first, last := math.Abs(float64(x[0])), math.Abs(float64(x[len(x)-1])); first > 1e-3 || last > 1e-3 {
					t.Errorf("first sample %.4f, last %.4f; want silence at both ends", first, last)
				}
			})
		})
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	s := testSongs()[1]
	a, b := Render(s, testRate), Render(s, testRate)
	if len(a) != len(b) {
		t.Fatalf("lengths differ: %d and %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("sample %d differs: %v and %v", i, a[i], b[i])
		}
	}
	// The parallel catalog render must match a render on its own.
	if c := rendered()[1]; !equal(a, c) {
		t.Fatal("rendering alongside other songs changed the result")
	}
}

func TestSongsDiffer(t *testing.T) {
	songs := testSongs()
	pcm := rendered()
	spectra := make([][]float64, len(pcm))
	for i := range pcm {
		spectra[i] = logSpectrum(pcm[i])
	}
	for i := range songs {
		for j := i + 1; j < len(songs); j++ {
			if c := correlation(pcm[i], pcm[j]); c > 0.5 {
				t.Errorf("%q and %q correlate at %.2f", songs[i].Title, songs[j].Title, c)
			}
			if c := pearson(spectra[i], spectra[j]); c > 0.95 {
				t.Errorf("%q and %q have nearly the same spectrum (correlation %.3f)", songs[i].Title, songs[j].Title, c)
			}
		}
	}
	t.Run("a different seed makes a different song", func(t *testing.T) {
		s := songs[0]
		other := s
		other.Seed++
		if c := correlation(Render(s, testRate), Render(other, testRate)); c > 0.5 {
			t.Errorf("changing the seed left the song correlated at %.2f", c)
		}
	})
}

func TestRenderRejectsBadRate(t *testing.T) {
	if x := Render(Catalog()[0], 0); x != nil {
		t.Fatalf("rate 0 gave %d samples, want nil", len(x))
	}
}

// lufs measures interleaved stereo with the package's BS.1770 meter.
func lufs(st []float32, sr int) float64 {
	frames := len(st) / 2
	bus := make([]float32, busWidth*frames)
	for i := range frames {
		bus[busWidth*i+busL], bus[busWidth*i+busR] = st[2*i], st[2*i+1]
	}
	_, m := finish(bus, frames, float64(sr), finishing{})
	return gated(m.hops, func(int) float64 { return 1 })
}

func rms(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return math.Sqrt(s / float64(max(len(x), 1)))
}

func equal(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// correlation is the normalised dot product over the common length.
func correlation(a, b []float32) float64 {
	n := min(len(a), len(b))
	var ab, aa, bb float64
	for i := range n {
		x, y := float64(a[i]), float64(b[i])
		ab += x * y
		aa += x * x
		bb += y * y
	}
	return ab / math.Sqrt(aa*bb+1e-12)
}

// logSpectrum is a song's long-term log spectrum in semitone bands from
// 55 Hz to 3.5 kHz (Goertzel on a few excerpts). Songs in other keys,
// tempos and timbres put their energy in different bands, so two songs'
// spectra correlate well below 1, while a copy, or a song that ignores its
// spec, correlates at or near 1.
func logSpectrum(x []float32) []float64 {
	b := bands(x)
	for i := range b {
		b[i] = math.Log(b[i] + 1e-9)
	}
	return b
}

func pearson(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i] / float64(len(a))
		mb += b[i] / float64(len(b))
	}
	var ab, aa, bb float64
	for i := range a {
		ab += (a[i] - ma) * (b[i] - mb)
		aa += (a[i] - ma) * (a[i] - ma)
		bb += (b[i] - mb) * (b[i] - mb)
	}
	return ab / math.Sqrt(aa*bb+1e-12)
}

func bands(x []float32) []float64 {
	const n = 4096
	out := make([]float64, 72)
	frames := len(x) / 2
	for e := 1; e <= 6; e++ {
		at := frames * e / 8
		for k := range out {
			hz := 55 * math.Exp2(float64(k)/12)
			w := 2 * math.Pi * hz / testRate
			c := 2 * math.Cos(w)
			var s1, s2 float64
			for i := range n {
				s := float64(x[2*(at+i)]) + c*s1 - s2
				s2, s1 = s1, s
			}
			out[k] += s1*s1 + s2*s2 - c*s1*s2
		}
	}
	for k := range out {
		out[k] = math.Sqrt(out[k])
	}
	return out
}
