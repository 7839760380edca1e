package recommend

import (
	"context"
	"math"
)

// FeatureSource gives each song's audio embedding (tempo, key, energy, a
// learned vector…), as internal/audiofeat stores them in song_features. A
// RecommendSource that also is one has them loaded at start; later ones
// come through SetFeatures.
type FeatureSource interface {
	EachSongFeatures(ctx context.Context, fn func(songID string, vec []float32) error) error
}

// SetFeatures gives a song its audio embedding, so that it is recommended
// by how it sounds before anyone has played it. The vector is stored
// centred and normalized; all songs should share one length.
func (e *Engine) SetFeatures(songID string, vec []float32) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.songOf(songID)
	for int(s) >= len(e.vecs) {
		e.vecs = append(e.vecs, nil)
	}
	var norm float64
	for _, x := range vec {
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		e.vecs[s] = nil
		return
	}
	v := make([]float32, len(vec))
	for i, x := range vec {
		v[i] = float32(float64(x) / math.Sqrt(norm))
	}
	if e.vecs[s] == nil {
		e.withVecs = append(e.withVecs, s)
	}
	e.vecs[s] = v
}

func (e *Engine) vecOf(s int32) []float32 {
	if int(s) < len(e.vecs) {
		return e.vecs[s]
	}
	return nil
}

// soundScores scores every song with an embedding by its cosine with the
// seeds' weighted mean: a pass over those songs, 100k × 32 multiply-adds
// at most in the benchmark catalog.
func (e *Engine) soundScores(seeds []entry, into *scores) {
	var profile []float32
	for _, sd := range seeds {
		v := e.vecOf(sd.song)
		if v == nil {
			continue
		}
		if profile == nil {
			profile = make([]float32, len(v))
		}
		for i := range min(len(v), len(profile)) {
			profile[i] += sd.w * v[i]
		}
	}
	if profile == nil {
		return
	}
	for _, s := range e.withVecs {
		v := e.vecs[s]
		var dot float32
		for i := range min(len(v), len(profile)) {
			dot += v[i] * profile[i]
		}
		if dot > 0 {
			into.add(s, dot)
		}
	}
}
