package audiofeat

import "math"

// EmbeddingSize is the length of every embedding of this Version.
const EmbeddingSize = 60

// embed packs what the analysis heard into a unit vector whose cosine
// with another song's says how alike they sound. Each block is scaled to
// spread over about ±1 in music, so none outweighs the rest by its units:
//   - 20 timbre bands (pairs of mel bands): their mean level against the
//     song's own mean, so loudness does not count twice, and how much
//     each varies;
//   - 12 pitch classes relative to the tonic: the colour of the harmony,
//     the same for a song in any key;
//   - 8 scores: energy, brightness, percussiveness, acousticness,
//     instrumentalness, tempo (octaves from 100), mode, dynamics.
func (s *spectral) embed(d description, k key, bpm float64) []float32 {
	v := make([]float64, 0, EmbeddingSize)
	n := float64(s.loudFrames)
	var mean, std [melBands / 2]float64
	avg := 0.0
	for b := range mean {
		m1, m2 := s.melSum[2*b]/n, s.melSum[2*b+1]/n
		q := (s.melSq[2*b] + s.melSq[2*b+1]) / (2 * n)
		mean[b] = (m1 + m2) / 2
		std[b] = math.Sqrt(math.Max(0, q-sq(mean[b])))
		avg += mean[b] / float64(len(mean))
	}
	for _, m := range mean {
		v = append(v, (m-avg)/20)
	}
	for _, sd := range std {
		v = append(v, (sd-8)/6)
	}
	top := 0.0
	for _, c := range k.chroma {
		top = math.Max(top, c)
	}
	for _, c := range k.chroma {
		if top > 0 {
			c /= top
		}
		v = append(v, 0.5*(c-0.5)/0.3)
	}
	mode := 1.0
	if k.mode == "minor" {
		mode = -1
	}
	tempo := 0.0
	if bpm > 0 {
		tempo = math.Log2(bpm / 100)
	}
	v = append(v, 2*d.energy-1, 2*d.brightness-1, 2*d.percussiveness-1, 2*d.acousticness-1,
		2*d.instrumentalness-1, tempo, 0.5*mode, (d.dynamics-6)/4)
	norm := 0.0
	for _, x := range v {
		norm += x * x
	}
	out := make([]float32, len(v))
	if norm = math.Sqrt(norm); norm > 0 {
		for i, x := range v {
			out[i] = float32(x / norm)
		}
	}
	return out
}
