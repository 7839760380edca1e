package httpapi_test

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// A song's details carry what listening to it told, once it was analysed:
// tempo, key and scores for its info panel, never the embedding.
func TestSongDetailsCarryTheAudioFeatures(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("ada", "ada@example.com", "secret1")
	id := songIn(c.upload(upload{name: "Measured", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)

	r := c.get("/api/songs/" + id)
	if f, ok := r.Body["features"]; r.Status != 200 || !ok || f != nil {
		t.Fatalf("before the analysis: %s", r.Raw)
	}

	if err := e.DB.SetSongFeatures(context.Background(), id, &musicify.AudioFeatures{Version: 1, BPM: 123.44, Key: 9,
		Mode: musicify.Minor, KeyConfidence: 0.456, Energy: 0.734, Brightness: 0.2, Percussiveness: 0.5,
		Acousticness: 0.1, Instrumentalness: 0.9, Embedding: []float32{1, 0}}); err != nil {
		t.Fatal(err)
	}
	r = c.get("/api/songs/" + id)
	f, ok := r.Body["features"].(map[string]any)
	if r.Status != 200 || !ok {
		t.Fatalf("after the analysis: %s", r.Raw)
	}
	want := map[string]any{"bpm": 123.4, "key": "A minor", "tonic": float64(9), "mode": "minor", "keyConfidence": 0.46,
		"energy": 0.73, "brightness": 0.2, "percussiveness": 0.5, "acousticness": 0.1, "instrumentalness": 0.9, "version": float64(1)}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("features.%s = %v, want %v", k, f[k], v)
		}
	}
	if _, leaked := f["embedding"]; leaked || len(f) != len(want) {
		t.Errorf("features carry more than documented: %v", f)
	}
	if r.Body["song"] != "Measured" || r.Body["_id"] != id {
		t.Errorf("the song itself is missing from its details: %s", r.Raw)
	}
}
