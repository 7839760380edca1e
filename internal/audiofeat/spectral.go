package audiofeat

import "math"

// melBands is how many mel bands describe the timbre (the embedding keeps
// them merged into fewer).
const melBands = 40

// floorDB is the level below which a band counts as silent, so the hiss
// of a fade does not read as onsets.
const floorDB = -80.0

// spectral is what the short frames (about 93 ms, a quarter apart) tell:
// the onset envelope for the tempo and running sums for the scores.
type spectral struct {
	fps        float64   // onset frames a second
	onset      []float64 // spectral flux of the log-mel bands, per frame
	highOnset  []float64 // the same, of the bands above 3 kHz only
	frames     int
	loudFrames int // frames above the silence floor
	// Sums over loud frames: of each band's dB level and its square, of
	// the frame's loudness in dB and its square.
	melSum, melSq [melBands]float64
	dbSum, dbSq   float64
	// Energy-weighted sums of centroid and rolloff (Hz), energy shares
	// above 4 kHz and below 120 Hz, and the flatness of loud frames.
	centroid, rolloff, weight float64
	high, sub, flat           float64
	// glides counts loud frames whose main pitch moved by less than a
	// semitone since the last, as a sung line does; pitched the frames
	// that had a clear pitch at all.
	glides, pitched int
	peakDB          float64 // loudest frame, dBFS
}

// melFilter is one triangular band: weights for bins from lo on.
type melFilter struct {
	lo int
	w  []float64
}

func hzToMel(f float64) float64 { return 2595 * math.Log10(1+f/700) }
func melToHz(m float64) float64 { return 700 * (math.Pow(10, m/2595) - 1) }

func melFilters(n, rate int) []melFilter {
	top := math.Min(10000, float64(rate)/2)
	lo, hi := hzToMel(30), hzToMel(top)
	edges := make([]float64, melBands+2)
	for i := range edges {
		edges[i] = melToHz(lo + (hi-lo)*float64(i)/float64(melBands+1))
	}
	binHz := float64(rate) / float64(n)
	out := make([]melFilter, melBands)
	for b := range out {
		l, c, r := edges[b], edges[b+1], edges[b+2]
		first := int(math.Ceil(l / binHz))
		f := melFilter{lo: first}
		for k := first; float64(k)*binHz < r; k++ {
			hz := float64(k) * binHz
			w := (hz - l) / (c - l)
			if hz > c {
				w = (r - hz) / (r - c)
			}
			f.w = append(f.w, math.Max(0, w))
		}
		if len(f.w) == 0 { // narrower than a bin at low rates: take the nearest
			f.lo, f.w = int(math.Round(c/binHz)), []float64{1}
		}
		out[b] = f
	}
	return out
}

// measure runs the short frames over the audio once.
func measure(pcm []float32, rate int) *spectral {
	n := pow2Near(0.093, rate)
	hop := n / 4
	s := &spectral{fps: float64(rate) / float64(hop), peakDB: math.Inf(-1)}
	fft := newRealFFT(n)
	filters := melFilters(n, rate)
	power := make([]float64, n/2+1)
	var mel, prev [melBands]float64
	binHz := float64(rate) / float64(n)
	// A full-scale sine under the Hann window peaks at (n/4)²: levels are
	// in dB relative to that, so 0 dB is as loud as audio gets.
	ref := sq(float64(n) / 4)
	voiceLo, voiceHi := int(150/binHz), int(1000/binHz)
	flatLo, flatHi := int(100/binHz), min(n/2, int(8000/binHz))
	lastPitch := 0.0
	highBand := melBands
	for b, f := range filters {
		if float64(f.lo)*binHz >= 3000 {
			highBand = b
			break
		}
	}
	frames(pcm, n, hop, func(x []float64) {
		fft.power(x, power)
		s.frames++
		total := 0.0
		for _, p := range power {
			total += p
		}
		// The frame's mean square by Parseval (one-sided spectrum, Hann's
		// mean square of 3/8), in dB of full scale.
		db := 10 * math.Log10(2*total/(float64(n)*float64(n)*0.375)+1e-12)
		flux, highFlux := 0.0, 0.0
		for b, f := range filters {
			e := 0.0
			for i, w := range f.w {
				if k := f.lo + i; k < len(power) {
					e += w * power[k]
				}
			}
			mel[b] = math.Max(floorDB, 10*math.Log10(e/ref+1e-12))
			rise := math.Max(0, mel[b]-prev[b])
			flux += rise
			if b >= highBand {
				highFlux += rise
			}
		}
		if s.frames == 1 {
			flux, highFlux = 0, 0
		}
		s.highOnset = append(s.highOnset, highFlux/float64(melBands-highBand))
		prev = mel
		s.onset = append(s.onset, flux/melBands)
		if db < -60 {
			lastPitch = 0
			return
		}
		s.loudFrames++
		s.peakDB = math.Max(s.peakDB, db)
		s.dbSum += db
		s.dbSq += db * db
		for b, v := range mel {
			s.melSum[b] += v
			s.melSq[b] += v * v
		}
		var moment, high, sub float64
		for k, p := range power {
			hz := float64(k) * binHz
			moment += hz * math.Sqrt(p)
			if hz >= 4000 {
				high += p
			} else if hz < 120 {
				sub += p
			}
		}
		mag := 0.0
		for _, p := range power {
			mag += math.Sqrt(p)
		}
		acc, roll := 0.0, 0.0
		for k, p := range power {
			acc += p
			if acc >= 0.85*total {
				roll = float64(k) * binHz
				break
			}
		}
		w := math.Sqrt(total)
		s.weight += w
		s.centroid += w * moment / mag
		s.rolloff += w * roll
		s.high += high / total
		s.sub += sub / total
		var logSum, linSum float64
		for _, p := range power[flatLo:flatHi] {
			logSum += math.Log(p + 1e-12)
			linSum += p
		}
		cnt := float64(flatHi - flatLo)
		s.flat += math.Exp(logSum/cnt) / (linSum/cnt + 1e-12)
		lastPitch = s.pitch(power, voiceLo, voiceHi, binHz, lastPitch)
	})
	return s
}

// pitch finds the strongest peak between lo and hi, refined between bins,
// and counts a glide when it moved by a sliver of a semitone: instruments
// hold a note or jump a semitone or more, a voice slides and wavers.
func (s *spectral) pitch(power []float64, lo, hi int, binHz, last float64) float64 {
	best, at := 0.0, 0
	sum := 0.0
	for k := lo; k < hi && k+1 < len(power); k++ {
		sum += power[k]
		if power[k] > best && power[k] >= power[k-1] && power[k] >= power[k+1] {
			best, at = power[k], k
		}
	}
	if at == 0 || best < 0.2*sum { // no clear line
		return 0
	}
	a, b, c := math.Log(power[at-1]+1e-12), math.Log(best+1e-12), math.Log(power[at+1]+1e-12)
	shift := 0.0
	if d := a - 2*b + c; d < 0 {
		shift = 0.5 * (a - c) / d
	}
	hz := (float64(at) + shift) * binHz
	s.pitched++
	if last > 0 {
		if d := math.Abs(12 * math.Log2(hz/last)); d > 0.08 && d < 0.8 {
			s.glides++
		}
	}
	return hz
}
