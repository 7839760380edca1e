package audiofeat

import "math"

// description is the character of a song in a few numbers: the 0–1 scores
// people read, and the measures they are made of, which the embedding
// keeps too.
type description struct {
	energy, brightness, percussiveness, acousticness, instrumentalness float64

	loudness  float64 // mean level of the loud frames, dBFS
	dynamics  float64 // standard deviation of that level, dB
	drive     float64 // mean rise of the bands a frame, dB (as for the tempo)
	strikes   float64 // the same, of the bands above 3 kHz: drums, picks
	onsetRate float64 // onsets a second
	centroid  float64 // Hz, weighted by the frames' energy
	rolloff   float64 // Hz under which 85% of the energy lies
	sub       float64 // share of the energy under 120 Hz
	glide     float64 // share of pitched frames whose pitch slid
}

// describe turns the sums of the short frames into scores. The ranges
// each measure is read against are those of music: a song mastered for
// streaming sits near -14 dBFS, a compressed one varies by 3 dB and a
// quiet acoustic one by 12.
func (s *spectral) describe() description {
	n := float64(s.loudFrames)
	d := description{loudness: s.dbSum / n}
	d.dynamics = math.Sqrt(math.Max(0, s.dbSq/n-sq(d.loudness)))
	for i, v := range s.onset {
		d.drive += v
		d.strikes += s.highOnset[i]
	}
	d.drive /= float64(len(s.onset))
	d.strikes /= float64(len(s.onset))
	d.onsetRate = onsetRate(s.onset, s.fps)
	if s.weight > 0 {
		d.centroid, d.rolloff = s.centroid/s.weight, s.rolloff/s.weight
	}
	d.sub = s.sub / n
	if s.pitched > 0 {
		d.glide = float64(s.glides) / float64(s.pitched)
	}

	d.brightness = 0.5*ramp(math.Log2(d.centroid+1), math.Log2(400), math.Log2(4000)) +
		0.5*ramp(math.Log2(d.rolloff+1), math.Log2(1000), math.Log2(10000))
	d.percussiveness = 0.5*ramp(d.onsetRate, 0.5, 6) + 0.5*ramp(d.strikes, 0.2, 2.2)
	d.energy = 0.35*ramp(d.loudness, -40, -8) + 0.25*ramp(d.drive, 0.3, 1.6) +
		0.2*d.brightness + 0.2*(1-ramp(d.dynamics, 3, 12))
	// Acoustic instruments decay and vary, carry little sub-bass and few
	// sustained highs; synthesizers hold bright, even tones over a deep bass.
	d.acousticness = 0.35*(1-d.brightness) + 0.35*ramp(d.dynamics, 3, 12) + 0.3*(1-ramp(d.sub, 0.05, 0.35))
	// A voice slides and wavers between notes; most instruments hold them.
	d.instrumentalness = 1 - ramp(d.glide, 0.1, 0.4)
	return d
}

// onsetRate counts the peaks of the onset envelope that rise well above
// its running mean, and by at least half a dB a band (a held note's
// flicker does not count), a second.
func onsetRate(onset []float64, fps float64) float64 {
	env := detrend(onset, int(fps))
	mean := 0.0
	for _, v := range env {
		mean += v / float64(len(env))
	}
	peaks := 0
	for i := 1; i+1 < len(env); i++ {
		if env[i] > env[i-1] && env[i] >= env[i+1] && env[i] > max(2*mean, 0.5) {
			peaks++
		}
	}
	return float64(peaks) / (float64(len(env)) / fps)
}
