package recommend

import (
	"context"
	"math"

	"github.com/musicify/musicify/internal/musicify"
)

// FeatureSource gives each song's audio embedding (tempo, key, energy, a
// learned vector…), as internal/audiofeat stores them in song_features. A
// RecommendSource that also is one has them loaded at start; later ones
// come through SetFeatures.
type FeatureSource interface {
	EachSongFeatures(ctx context.Context, fn func(songID string, f *musicify.AudioFeatures) error) error
}

// SetFeatures gives a song its audio embedding, so that it is recommended
// by how it sounds before anyone has played it. Songs are compared by
// cosine, so the vectors should be centred with columns of like scale (a
// learned embedding is; raw tempo and energy want eval.Standardize); all
// songs should share one length. The vector is stored normalized.
func (e *Engine) SetFeatures(songID string, vec []float32) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s, ok := e.songIndex[songID]
	if !ok || !e.songs[s].alive {
		return // as the database keeps no features of a song it does not hold
	}
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
