package httpapi_test

import (
	"context"
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

func TestSongRadioStartsAtTheSeedAndStepsToTheNearestEnergy(t *testing.T) {
	e := newEnv(t)
	band := e.signUp("the-band", "band@example.com", "secret1")
	other := e.signUp("other-band", "other@example.com", "secret1")
	seed, loud, calm, mid := band.song(t, "Seed", "sine.mp3"), band.song(t, "Loud", "sine.ogg"), other.song(t, "Calm", "sine.wav"), other.song(t, "Mid", "sine.m4a")
	unmeasured := band.song(t, "Unmeasured", "sine.flac")
	for id, energy := range map[string]float64{seed: 0.2, loud: 0.95, calm: 0.25, mid: 0.6} {
		f := &musicify.AudioFeatures{Version: 1, BPM: 100, Energy: energy, Embedding: []float32{1, 0}}
		if err := e.DB.SetSongFeatures(context.Background(), id, f); err != nil {
			t.Fatal(err)
		}
	}
	// One listener played them all: the engine finds them alike.
	fan := e.signUp("fan", "fan@example.com", "secret1")
	for _, id := range []string{seed, loud, calm, mid, unmeasured} {
		fan.post("/api/view/increase", creds{"song": id})
	}

	got := ids(t, fan.get("/api/recommend/radio/"+seed))
	if want := []string{seed, calm, mid, loud, unmeasured}; !slices.Equal(got, want) {
		t.Fatalf("radio: %v, want %v (seed, then by energy 0.25, 0.6, 0.95, then the unmeasured song)", got, want)
	}
	if got := ids(t, fan.get("/api/recommend/radio/"+seed+"?limit=2")); !slices.Equal(got, []string{seed, calm}) {
		t.Fatalf("radio of 2: %v", got)
	}
	expect(t, fan.get("/api/recommend/radio/"+seed+"?limit=101"), 400, "limit must be a whole number from 1 to 100.")
	expect(t, fan.get("/api/recommend/radio/nope"), 404, "This song does not exist.")
	if r := e.client().get("/api/recommend/radio/" + seed); r.Status != 401 {
		t.Fatalf("signed out: %d %s", r.Status, r.Raw)
	}
}
