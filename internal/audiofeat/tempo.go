package audiofeat

import "math"

// The tempi the analysis considers, in beats per minute.
const (
	minBPM = 40.0
	maxBPM = 220.0
)

// multiples is how many multiples of a candidate period its score sums.
const multiples = 4

// The prior over tempi is log-normal, one octave wide, centred between
// slowCenter for music of soft, sparse attacks (a piano in a large room)
// and fastCenter for music driven by drums: listeners tap the slower of
// two pulses when nothing strikes, the faster when drums push.
const (
	slowCenter = 75.0
	fastCenter = 125.0
)

// tempo finds the beat period in the onset envelope: the autocorrelation
// of the envelope peaks at the period and its multiples, so a candidate's
// score sums the autocorrelation at its first few multiples. Of the
// candidates a factor of two apart, which all score well, a prior picks
// one. Zero means no pulse was heard.
func tempo(onset []float64, fps float64) float64 {
	mean := 0.0
	for _, v := range onset {
		mean += v / float64(len(onset))
	}
	// The mean rise of the bands (dB a frame) says how hard the music
	// strikes: about 0.6 for the ambient demo songs, 1.3 and up for drums.
	center := slowCenter * math.Pow(fastCenter/slowCenter, ramp(mean, 0.5, 1.3))
	env := detrend(onset, int(fps))
	maxLag := int(math.Ceil(60/minBPM*fps)) * (multiples + 1)
	acf := autocorrelation(env, min(maxLag, len(env)/2))
	if len(acf) < 4 || acf[0] <= 0 {
		return 0
	}
	score := func(bpm float64) float64 {
		period := 60 / bpm * fps
		s, n := 0.0, 0
		for k := 1; k <= multiples; k++ {
			v, ok := at(acf, float64(k)*period)
			if !ok {
				break
			}
			s += v
			n++
		}
		if n == 0 {
			return math.Inf(-1)
		}
		return s / float64(n)
	}
	best, bestScore := 0.0, math.Inf(-1)
	for bpm := minBPM; bpm <= maxBPM; bpm += 0.5 {
		prior := math.Exp(-0.5 * sq(math.Log2(bpm/center)))
		if s := score(bpm) * prior; s > bestScore {
			best, bestScore = bpm, s
		}
	}
	if bestScore <= 0 {
		return 0
	}
	// Refine within a few per cent, with the multiples up to the longest
	// lag: a small error of the period grows with each, which sharpens it.
	fine := func(bpm float64) float64 {
		period := 60 / bpm * fps
		s, n := 0.0, 0
		for k := 1; ; k++ {
			v, ok := at(acf, float64(k)*period)
			if !ok {
				break
			}
			s += v
			n++
		}
		return s / float64(max(n, 1))
	}
	top, topScore := best, math.Inf(-1)
	for bpm := best * 0.97; bpm <= best*1.03; bpm += 0.02 {
		if s := fine(bpm); s > topScore {
			top, topScore = bpm, s
		}
	}
	return math.Round(top*10) / 10
}

// detrend removes the envelope's running mean over about a second, so
// slow swells do not read as a pulse.
func detrend(x []float64, width int) []float64 {
	out := make([]float64, len(x))
	half := max(1, width/2)
	sum := 0.0
	lo, hi := 0, 0
	for i := range x {
		for hi < len(x) && hi <= i+half {
			sum += x[hi]
			hi++
		}
		for lo < i-half {
			sum -= x[lo]
			lo++
		}
		out[i] = math.Max(0, x[i]-sum/float64(hi-lo))
	}
	return out
}

// autocorrelation up to maxLag, each lag divided by its number of
// products so long lags are not penalised for overlapping less.
func autocorrelation(x []float64, maxLag int) []float64 {
	out := make([]float64, maxLag+1)
	for lag := 0; lag <= maxLag; lag++ {
		s := 0.0
		for i := lag; i < len(x); i++ {
			s += x[i] * x[i-lag]
		}
		out[lag] = s / float64(len(x)-lag)
	}
	if out[0] > 0 {
		z := out[0]
		for i := range out {
			out[i] /= z
		}
	}
	return out
}

// at reads the autocorrelation at a fractional lag, between its samples.
func at(acf []float64, lag float64) (float64, bool) {
	i := int(lag)
	if i+1 >= len(acf) {
		return 0, false
	}
	f := lag - float64(i)
	return acf[i]*(1-f) + acf[i+1]*f, true
}
