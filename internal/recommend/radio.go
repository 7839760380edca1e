package recommend

import (
	"math"

	"github.com/musicify/musicify/internal/musicify"
)

// Weights of the step distance between two songs of a song radio. Tempo
// and energy weigh most because a listener hears a jump in them at once;
// timbre (the embedding) mostly breaks ties between songs of like pace.
const (
	radioTempoWeight  = 1.0  // per half octave of tempo (the most two tempos can differ, octaves folded)
	radioEnergyWeight = 1.0  // per unit of energy (0..1)
	radioSoundWeight  = 0.25 // per unit of 1 − cosine (0..2)
	// radioNoPulse is the tempo distance, in octaves, when a song has no
	// measured pulse: halfway between alike and farthest, so energy and
	// timbre decide.
	radioNoPulse = 0.25
	// radioArtistRun is how many songs in a row one artist may have when
	// another artist's song could come next.
	radioArtistRun = 2
)

// SongRadio orders a song radio of at most n songs: the seed, then each
// next song the nearest remaining one in tempo, energy and sound, so that
// the queue drifts instead of jumping. candidates are in the engine's
// order (best first); those without features follow the others in that
// order; artist gives each song's artist, so no artist plays more than
// twice in a row while another could play.
func SongRadio(seed string, candidates []string, features map[string]*musicify.AudioFeatures, artist map[string]string, n int) []string {
	if n <= 0 {
		return []string{}
	}
	out := []string{seed}
	var measured, unmeasured []string
	seen := map[string]bool{seed: true}
	for _, id := range candidates {
		if seen[id] {
			continue
		}
		seen[id] = true
		if features[id] != nil {
			measured = append(measured, id)
		} else {
			unmeasured = append(unmeasured, id)
		}
	}
	// A seed never measured has no place in the chain: the best measured
	// candidate by the engine starts it instead.
	cur := features[seed]
	for len(out) < n && len(measured) > 0 {
		i := pickNext(measured, out, artist, func(id string) float64 {
			if cur == nil {
				return 0 // ties keep the engine's order
			}
			return radioDistance(cur, features[id])
		})
		cur = features[measured[i]]
		out = append(out, measured[i])
		measured = append(measured[:i], measured[i+1:]...)
	}
	for len(out) < n && len(unmeasured) > 0 {
		i := pickNext(unmeasured, out, artist, func(string) float64 { return 0 })
		out = append(out, unmeasured[i])
		unmeasured = append(unmeasured[:i], unmeasured[i+1:]...)
	}
	return out
}

// pickNext is the index in pool of the nearest song by dist, the first on
// ties; a song that would make its artist's run too long loses to any that
// would not.
func pickNext(pool, queue []string, artist map[string]string, dist func(id string) float64) int {
	best, bestD, bestBlocked := -1, 0.0, true
	for i, id := range pool {
		d, blocked := dist(id), extendsRun(queue, artist[id], artist)
		if best < 0 || (bestBlocked && !blocked) || (blocked == bestBlocked && d < bestD) {
			best, bestD, bestBlocked = i, d, blocked
		}
	}
	return best
}

// extendsRun tells whether a song by a would be the artist's third in a
// row at the end of queue; songs with no known artist never are.
func extendsRun(queue []string, a string, artist map[string]string) bool {
	if a == "" || len(queue) < radioArtistRun {
		return false
	}
	for _, id := range queue[len(queue)-radioArtistRun:] {
		if artist[id] != a {
			return false
		}
	}
	return true
}

// radioDistance is how far apart two measured songs feel when one follows
// the other.
func radioDistance(a, b *musicify.AudioFeatures) float64 {
	return radioTempoWeight*tempoDistance(a.BPM, b.BPM)/0.5 +
		radioEnergyWeight*math.Abs(a.Energy-b.Energy) +
		radioSoundWeight*(1-a.Similarity(b))
}

// tempoDistance is how many octaves apart two tempos are, folded so that
// doubling is no change (a song at 60 BPM sits well beside one at 120, the
// same pulse counted twice as fast): 0 to 0.5.
func tempoDistance(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return radioNoPulse
	}
	d := math.Abs(math.Log2(a / b))
	d -= math.Floor(d)
	return math.Min(d, 1-d)
}
