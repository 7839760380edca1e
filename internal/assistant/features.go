package assistant

import (
	"context"
	"math"

	"github.com/musicify/musicify/internal/musicify"
)

// Features are what audio analysis (package audiofeat, table
// song_features) measured of one song. Zero means not measured.
type Features struct {
	BPM   float64
	Key   int  // 0 = C … 11 = B
	Minor bool // the mode
	// Each 0..1.
	Energy, Brightness, Percussiveness, Acousticness, Instrumentalness float64
}

// FeatureSource reads the features of songs; songs not analysed yet are
// missing from the map. Until analysis runs, the assistant judges songs by
// their genre (genreTraits), so both paths answer the same questions.
type FeatureSource interface {
	SongFeatures(ctx context.Context, songIDs []string) (map[string]Features, error)
}

// profile is what a mood or activity sounds like: measured features when a
// song has them, else how well each genre usually fits.
type profile struct {
	energy     [2]float64 // wanted range, 0..1
	bpm        [2]float64
	minor      int // +1 favours minor keys, -1 major, 0 either
	acoustic   float64
	instrument float64            // wanted instrumentalness at least
	genres     map[string]float64 // genre → fit 0..1
}

var profiles = map[string]profile{
	"calm":      {energy: [2]float64{0, 0.4}, bpm: [2]float64{55, 95}, acoustic: 0.4, genres: g("ambient", 1, "lo-fi", 0.8, "classical", 0.9, "folk", 0.6, "jazz", 0.5)},
	"chill":     {energy: [2]float64{0.1, 0.5}, bpm: [2]float64{65, 105}, genres: g("lo-fi", 1, "jazz", 0.7, "ambient", 0.7, "synthwave", 0.5, "soul", 0.6)},
	"sad":       {energy: [2]float64{0, 0.45}, bpm: [2]float64{50, 95}, minor: 1, genres: g("ambient", 0.8, "folk", 0.7, "blues", 1, "jazz", 0.5, "lo-fi", 0.5)},
	"happy":     {energy: [2]float64{0.5, 1}, bpm: [2]float64{95, 140}, minor: -1, genres: g("chiptune", 1, "pop", 1, "folk", 0.7, "disco", 0.9, "jazz", 0.4, "synthwave", 0.4)},
	"upbeat":    {energy: [2]float64{0.6, 1}, bpm: [2]float64{105, 150}, genres: g("chiptune", 1, "synthwave", 0.8, "pop", 1, "disco", 1, "electronic", 0.9, "folk", 0.4)},
	"energetic": {energy: [2]float64{0.7, 1}, bpm: [2]float64{115, 180}, genres: g("chiptune", 1, "electronic", 1, "rock", 1, "metal", 1, "punk", 1, "synthwave", 0.7)},
	"running":   {energy: [2]float64{0.65, 1}, bpm: [2]float64{120, 180}, genres: g("chiptune", 1, "electronic", 1, "synthwave", 0.8, "pop", 0.8, "rock", 0.8)},
	"focus":     {energy: [2]float64{0.15, 0.55}, bpm: [2]float64{60, 110}, instrument: 0.7, genres: g("lo-fi", 1, "ambient", 0.9, "classical", 0.9, "jazz", 0.4)},
	"sleep":     {energy: [2]float64{0, 0.25}, bpm: [2]float64{40, 80}, genres: g("ambient", 1, "classical", 0.7, "lo-fi", 0.4, "folk", 0.3)},
	"party":     {energy: [2]float64{0.7, 1}, bpm: [2]float64{105, 135}, genres: g("electronic", 1, "pop", 1, "disco", 1, "hip hop", 0.9, "latin", 1, "chiptune", 0.8, "synthwave", 0.8)},
	"romantic":  {energy: [2]float64{0.2, 0.6}, bpm: [2]float64{65, 105}, genres: g("jazz", 1, "soul", 1, "folk", 0.5, "lo-fi", 0.4)},
}

// genreTempo is a genre's usual tempo, the guess for songs not analysed.
var genreTempo = map[string]float64{
	"ambient": 68, "lo-fi": 80, "jazz": 90, "folk": 98, "synthwave": 104, "chiptune": 138, "electronic": 125,
	"rock": 120, "pop": 115, "hip hop": 90, "classical": 85, "metal": 140, "blues": 80, "country": 105,
	"reggae": 80, "soul": 95, "disco": 120, "punk": 160, "latin": 110,
}

// genreEra is the decade a genre sounds like, the guess for songs whose year is unknown.
var genreEra = map[string]string{"synthwave": "1980s", "chiptune": "1980s", "disco": "1970s", "punk": "1970s", "metal": "1980s"}

func g(pairs ...any) map[string]float64 {
	m := map[string]float64{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i].(string)] = toFloat(pairs[i+1])
	}
	return m
}

func toFloat(v any) float64 {
	switch n := v.(type) {
	case int:
		return float64(n)
	case float64:
		return n
	}
	return 0
}

// inRange scores how near x is to [lo, hi]: 1 inside, falling off outside.
func inRange(x, lo, hi, width float64) float64 {
	switch {
	case x < lo:
		return math.Max(0, 1-(lo-x)/width)
	case x > hi:
		return math.Max(0, 1-(x-hi)/width)
	}
	return 1
}

// moodFit scores a song for a mood: by its features when measured, else
// by its genres.
func moodFit(p profile, f *Features, songGenres []string) float64 {
	if f != nil && (f.Energy > 0 || f.BPM > 0) {
		s := 0.45*inRange(f.Energy, p.energy[0], p.energy[1], 0.3) + 0.35*inRange(f.BPM, p.bpm[0], p.bpm[1], 25)
		switch {
		case p.minor > 0 && f.Minor, p.minor < 0 && !f.Minor:
			s += 0.1
		case p.minor == 0:
			s += 0.05
		}
		if p.acoustic > 0 {
			s += 0.05 * math.Min(1, f.Acousticness/p.acoustic)
		}
		if p.instrument > 0 && f.Instrumentalness >= p.instrument {
			s += 0.05
		}
		return s
	}
	best := 0.0
	for _, genre := range songGenres {
		best = math.Max(best, p.genres[genre])
	}
	return best
}

// tempoOf is a song's measured tempo, else its genre's usual one, and
// whether it was measured.
func tempoOf(f *Features, songGenres []string) (float64, bool) {
	if f != nil && f.BPM > 0 {
		return f.BPM, true
	}
	for _, genre := range songGenres {
		if t, ok := genreTempo[genre]; ok {
			return t, false
		}
	}
	return 0, false
}

// StoredFeatures is the FeatureSource of the features the analysis stored
// (the song_features table, through the store).
type StoredFeatures struct {
	Store interface {
		SongFeaturesByIDs(ctx context.Context, ids []string) (map[string]*musicify.AudioFeatures, error)
	}
}

func (s StoredFeatures) SongFeatures(ctx context.Context, songIDs []string) (map[string]Features, error) {
	stored, err := s.Store.SongFeaturesByIDs(ctx, songIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Features, len(stored))
	for id, f := range stored {
		out[id] = Features{BPM: f.BPM, Key: f.Key, Minor: f.Mode == musicify.Minor, Energy: f.Energy,
			Brightness: f.Brightness, Percussiveness: f.Percussiveness, Acousticness: f.Acousticness,
			Instrumentalness: f.Instrumentalness}
	}
	return out, nil
}
