package recommend

import (
	"context"
	"math"
	"sort"

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

// soundTop bounds the songs the sound signal proposes: the best matches
// matter, and the rest would only cost the blend time.
const soundTop = 300

// soundScores scores the songs whose embedding is closest (by cosine) to
// the seeds' weighted mean, keeping the soundTop best: a pass over the
// songs with one (100k × 32 multiply-adds in the benchmark catalog).
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
	best := make([]candidate, 0, 2*soundTop)
	var floor float32 // the worst kept score, once best was cut
	for _, s := range e.withVecs {
		v := e.vecs[s]
		var dot float32
		for i := range min(len(v), len(profile)) {
			dot += v[i] * profile[i]
		}
		if dot <= floor {
			continue
		}
		best = append(best, candidate{s, dot})
		if len(best) == cap(best) { // cut to the soundTop best, now and then
			sort.Slice(best, func(a, b int) bool { return best[a].score > best[b].score })
			best, floor = best[:soundTop], best[soundTop-1].score
		}
	}
	if len(best) > soundTop {
		sort.Slice(best, func(a, b int) bool { return best[a].score > best[b].score })
		best = best[:soundTop]
	}
	for _, c := range best {
		into.add(c.song, c.score)
	}
}
