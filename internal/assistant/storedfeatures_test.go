package assistant

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

type featureRows map[string]*musicify.AudioFeatures

func (r featureRows) SongFeaturesByIDs(_ context.Context, ids []string) (map[string]*musicify.AudioFeatures, error) {
	out := map[string]*musicify.AudioFeatures{}
	for _, id := range ids {
		if f, ok := r[id]; ok {
			out[id] = f
		}
	}
	return out, nil
}

// What the analysis stored reaches the assistant as it was measured; songs
// not analysed yet are missing, so they are judged by their genre.
func TestStoredFeaturesAreWhatTheAnalysisMeasured(t *testing.T) {
	src := StoredFeatures{Store: featureRows{
		"calm": {BPM: 72, Key: 9, Mode: musicify.Minor, Energy: 0.2, Acousticness: 0.7},
		"loud": {BPM: 128, Key: 0, Mode: musicify.Major, Energy: 0.9, Percussiveness: 0.8},
	}}
	got, err := src.SongFeatures(context.Background(), []string{"calm", "loud", "new"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Features{
		"calm": {BPM: 72, Key: 9, Minor: true, Energy: 0.2, Acousticness: 0.7},
		"loud": {BPM: 128, Energy: 0.9, Percussiveness: 0.8},
	}
	if len(got) != len(want) || got["calm"] != want["calm"] || got["loud"] != want["loud"] {
		t.Fatalf("features: %+v, want %+v", got, want)
	}
}
