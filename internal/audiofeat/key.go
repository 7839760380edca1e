package audiofeat

import (
	"math"

	"github.com/musicify/musicify/internal/musicify"
)

// chromaLow and chromaHigh bound the notes that count towards the key:
// from the bass's low E to three octaves above middle C, where the
// harmonics of the notes below start to blur the picture.
const (
	chromaLow  = 28.0 // MIDI, E1 (41 Hz)
	chromaHigh = 96.0 // MIDI, C7 (2093 Hz)
	bassHigh   = 50.0 // MIDI, D3: the bass line, which tells the tonic
)

// tonicBass is how much a key gains per standard deviation its tonic
// stands out in the bass; a tenth of a correlation was enough to settle
// relative and modal keys on the demo songs without moving the others.
const tonicBass = 0.1

// pitchProfile is how much each pitch class sounded over the song, each
// long frame counting alike however loud: treble and bass apart.
type pitchProfile struct {
	all, bass [12]float64
}

// chroma runs long frames (about 370 ms, half apart) over the audio: long
// enough to tell a low E from an F, which are 5 Hz apart.
func chroma(pcm []float32, rate int) pitchProfile {
	n := pow2Near(0.74, rate)
	fft := newRealFFT(n)
	power := make([]float64, n/2+1)
	binHz := float64(rate) / float64(n)
	lo, hi := int(midiHz(chromaLow-1)/binHz), int(midiHz(chromaHigh+1)/binHz)+1
	var p pitchProfile
	frames(pcm, n, n/2, func(x []float64) {
		fft.power(x, power)
		var all, bass [12]float64
		// Peaks only, each at its frequency refined between bins: the
		// window spreads a low note over its neighbours' bins, a semitone
		// apart down there.
		for k := max(lo, 1); k < hi && k+1 < len(power); k++ {
			c := power[k]
			if c <= power[k-1] || c < power[k+1] {
				continue
			}
			a, b, d := math.Log(power[k-1]+1e-20), math.Log(c+1e-20), math.Log(power[k+1]+1e-20)
			shift := 0.0
			if den := a - 2*b + d; den < 0 {
				shift = 0.5 * (a - d) / den
			}
			midi := 69 + 12*math.Log2((float64(k)+shift)*binHz/440)
			if midi < chromaLow || midi > chromaHigh {
				continue
			}
			near := math.Round(midi)
			w := math.Cos(math.Pi * (midi - near)) // a quarter-tone off counts half
			m := math.Sqrt(c) * w * w
			pc := ((int(near) % 12) + 12) % 12
			all[pc] += m
			if midi <= bassHigh {
				bass[pc] += m
			}
		}
		addNormalized(&p.all, &all)
		addNormalized(&p.bass, &bass)
	})
	return p
}

// addNormalized adds a frame's chroma scaled to its largest class, so a
// quiet verse weighs as much as a loud chorus; silent frames add nothing.
func addNormalized(sum, frame *[12]float64) {
	top := 0.0
	for _, v := range frame {
		top = math.Max(top, v)
	}
	if top < 1e-3 {
		return
	}
	for i, v := range frame {
		sum[i] += v / top
	}
}

// The Krumhansl–Kessler key profiles: how well each pitch class fits a
// major or minor key on C, from listeners' ratings.
var (
	majorProfile = [12]float64{6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88}
	minorProfile = [12]float64{6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17}
)

type key struct {
	tonic      int
	mode       musicify.Mode
	confidence float64
	// scores are the correlations of the 24 keys, majors first, for the
	// embedding's key-relative chroma.
	chroma [12]float64 // the pitch profile turned so the tonic is first
}

// detectKey is the Krumhansl–Schmuckler method: the key whose profile
// correlates best with the song's pitch profile. A key whose tonic stands
// out in the bass gains a little: relative keys (C major, A minor) and
// modes (D Dorian) share their notes, but a song keeps coming home to its
// own root in the bass.
func detectKey(p pitchProfile) key {
	c, bass := p.all, zscores(p.bass)
	best, second := math.Inf(-1), math.Inf(-1)
	var k key
	for tonic := range 12 {
		for _, m := range []struct {
			mode    musicify.Mode
			profile *[12]float64
		}{{musicify.Major, &majorProfile}, {musicify.Minor, &minorProfile}} {
			var rotated [12]float64
			for i := range rotated {
				rotated[i] = c[(i+tonic)%12]
			}
			r := correlation(rotated[:], m.profile[:]) + tonicBass*bass[tonic]
			if r > best {
				second, best = best, r
				k = key{tonic: tonic, mode: m.mode, chroma: rotated}
			} else if r > second {
				second = r
			}
		}
	}
	if math.IsInf(best, -1) || math.IsNaN(best) {
		return key{mode: musicify.Major}
	}
	// Confidence grows with how well the best fits and by how much it
	// beats the runner-up (often the relative major or minor).
	k.confidence = clamp01(best) * clamp01(4*(best-second)+0.25)
	return k
}

// zscores says how far each class stands above the mean, in standard deviations.
func zscores(v [12]float64) [12]float64 {
	mean, sd := 0.0, 0.0
	for _, x := range v {
		mean += x / 12
	}
	for _, x := range v {
		sd += sq(x-mean) / 12
	}
	var z [12]float64
	if sd = math.Sqrt(sd); sd > 0 {
		for i, x := range v {
			z[i] = (x - mean) / sd
		}
	}
	return z
}

func midiHz(m float64) float64 { return 440 * math.Exp2((m-69)/12) }

func correlation(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var num, da, db float64
	for i := range a {
		x, y := a[i]-ma, b[i]-mb
		num += x * y
		da += x * x
		db += y * y
	}
	if da == 0 || db == 0 {
		return 0
	}
	return num / math.Sqrt(da*db)
}
