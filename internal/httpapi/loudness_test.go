package httpapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Players level songs by the loudness the API gives: a library file's
// ReplayGain tag, when it has one, stands for the song's loudness.
func TestALibrarySongsReplayGainIsItsLoudness(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	measured := -9.0
	add := func(name string, track, album *float64) string {
		s := &musicify.Song{ID: musicify.NewID(), Name: name, Format: "flac", Size: 10, SHA256: "lib:" + name,
			AudioKey: musicify.LibraryKeyPrefix + "f/" + name, LibraryPath: "f/" + name,
			ModTime: time.UnixMilli(1_700_000_000_000), Fingerprint: name, Loudness: &measured}
		tags := musicify.TrackTags{Title: name, Artist: "Neon Shore", Album: "Tidal", ReplayGainTrack: track, ReplayGainAlbum: album}
		if err := e.DB.AddLibrarySong(ctx, s, tags); err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	f := func(v float64) *float64 { return &v }
	c := e.signUp("lib", "lib@example.com", "secret1")
	for _, tc := range []struct {
		name         string
		track, album *float64
		want         float64
	}{
		{"Track gain", f(-6.5), f(-7.25), -11.5},
		{"Album gain", nil, f(-3), -15},
		{"No tags", nil, nil, -9},
	} {
		id := add(tc.name, tc.track, tc.album)
		if got := c.get("/api/songs/" + id).Body["loudness"]; got != tc.want {
			t.Errorf("%s: loudness = %v, want %v", tc.name, got, tc.want)
		}
	}
}
