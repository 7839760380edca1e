package musicify

import (
	"context"
	"math"
	"strconv"
	"time"
)

// Mode is a key's mode as the analysis hears it: major or minor.
type Mode string

// The modes a key is told in; church modes fold into the nearer of them.
const (
	Major Mode = "major"
	Minor Mode = "minor"
)

// AudioFeatures is what listening to a song once tells: its tempo, key,
// character and an embedding for finding songs that sound alike. Scores
// run from 0 to 1.
type AudioFeatures struct {
	// Version is the analysis that measured them: a newer one recomputes
	// every song measured by an older.
	Version int
	BPM     float64 // beats per minute
	Key     int     // pitch class of the tonic: 0 is C, 9 is A
	Mode    Mode
	// KeyConfidence is how clearly the key stood out (0 none, 1 certain).
	KeyConfidence    float64
	Energy           float64 // loudness, density and drive
	Brightness       float64 // share of high frequencies
	Percussiveness   float64 // how much is struck rather than held
	Acousticness     float64 // an estimate: natural decays, soft highs
	Instrumentalness float64 // an estimate: no voice-like pitch glides
	// Embedding is a unit vector: the cosine of two songs' embeddings,
	// their dot product, says how alike they sound (Similarity).
	Embedding []float32
	// Seconds is how much audio was analysed (long files: their start).
	Seconds  float64
	Analyzed time.Time
}

var pitchNames = [12]string{"C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"}

// KeyName spells the key as people read it, e.g. "A minor".
func (f *AudioFeatures) KeyName() string {
	return pitchNames[((f.Key%12)+12)%12] + " " + string(f.Mode)
}

// Similarity is the cosine of two songs' embeddings, from -1 (opposite)
// to 1 (alike); 0 when either is missing or they come from analyses whose
// embeddings do not compare.
func (f *AudioFeatures) Similarity(g *AudioFeatures) float64 {
	if f == nil || g == nil || f.Version != g.Version || len(f.Embedding) != len(g.Embedding) || len(f.Embedding) == 0 {
		return 0
	}
	var dot, na, nb float64
	for i, a := range f.Embedding {
		b := float64(g.Embedding[i])
		dot += float64(a) * b
		na += float64(a) * float64(a)
		nb += b * b
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// FeaturesJobPayload is the payload of the job that analyses a song at
// version: SongsToMeasure reads it to leave alone songs whose analysis
// failed at this version.
func FeaturesJobPayload(version int) string { return "v" + strconv.Itoa(version) }

// FeatureStore keeps each song's audio features, beside the song and
// removed with it. Lookups of a song never analysed return ENOTFOUND.
type FeatureStore interface {
	// SetSongFeatures stores f for the song, replacing what an older
	// analysis stored, and emits EventSongAnalyzed; ENOTFOUND when the
	// song is gone.
	SetSongFeatures(ctx context.Context, songID string, f *AudioFeatures) error
	SongFeatures(ctx context.Context, songID string) (*AudioFeatures, error)
	// SongFeaturesByIDs returns the features of those of ids that have
	// them, by song id.
	SongFeaturesByIDs(ctx context.Context, ids []string) (map[string]*AudioFeatures, error)
	// EachSongFeatures streams every analysed song's features, for an
	// index built at start.
	EachSongFeatures(ctx context.Context, fn func(songID string, f *AudioFeatures) error) error
	// SongsToMeasure lists the songs with no features of version or
	// later and no job of kind waiting, running, or failed at version
	// (payload FeaturesJobPayload).
	SongsToMeasure(ctx context.Context, version int, kind string) ([]*Song, error)
}
