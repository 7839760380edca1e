package httpapi_test

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// The mixes made for a person: Discover Weekly leaves out what they played
// and says why each song is there; On Repeat is their most played lately;
// any non-empty mix can be kept as a playlist.
func TestMixesAreMadeFromWhatAPersonPlays(t *testing.T) {
	e := newEnv(t)
	band := e.signUp("band", "band@example.com", "secret1")
	var ids []string
	for i, file := range []string{"sine.mp3", "sine.ogg", "sine.wav", "chime-3s.mp3"} {
		name := []string{"One", "Two", "Three", "Four"}[i]
		ids = append(ids, songIn(band.upload(upload{name: name, audio: readFixture(t, "audio", file)}))["_id"].(string))
	}
	ida := e.signUp("ida", "ida@example.com", "secret1")
	now := e.Clock.Now()
	listen := func(song string, ago time.Duration) {
		t.Helper()
		expect(t, ida.post("/api/view/increase", map[string]any{"song": song, "at": now.Add(-ago).UnixMilli()}), 200, "success")
	}
	listen(ids[0], 3*time.Hour) // One: three times lately
	listen(ids[0], 2*time.Hour)
	listen(ids[0], time.Hour)
	listen(ids[1], 5*time.Hour) // Two: twice
	listen(ids[1], 4*time.Hour)

	list := ida.get("/api/mixes")
	expect(t, list, 200, "")
	mixes, _ := list.Body["mixes"].([]any)
	var names []string
	for _, m := range mixes {
		names = append(names, m.(map[string]any)["name"].(string))
	}
	// Band's songs Ida played are one taste: a Daily Mix after the four.
	if !slices.Equal(names, []string{"Discover Weekly", "Release Radar", "On Repeat", "Repeat Rewind", "Daily Mix 1"}) {
		t.Fatalf("mixes: %s", list.Raw)
	}
	if d := mixes[4].(map[string]any); d["id"] != "daily-mix-1" || d["description"] != "band" || d["count"] != 4.0 {
		t.Errorf("Daily Mix 1: %v", d)
	}
	daily := ida.get("/api/mixes/daily-mix-1")
	dailySongs, _ := daily.Body["songs"].([]any)
	if got := songNames(daily.Body["songs"]); len(got) != 4 || got[0] != "One" || got[1] != "Two" {
		t.Fatalf("Daily Mix 1: favourites first: %v", got)
	}
	for i, want := range []string{"One of your favourites", "One of your favourites", "Because you played One"} {
		if r, _ := dailySongs[i].(map[string]any)["reason"].(map[string]any); r["text"] != want {
			t.Errorf("Daily Mix 1 song %d: reason %v, want %q", i, r, want)
		}
	}
	if n := mixes[2].(map[string]any)["count"]; n != 2.0 {
		t.Errorf("On Repeat holds %v songs, want 2: %s", n, list.Raw)
	}

	// Band's other songs are new, and Ida plays Band: the radar has them.
	radar := songNames(ida.get("/api/mixes/release-radar").Body["songs"])
	if !slices.Contains(radar, "Three") || !slices.Contains(radar, "Four") {
		t.Errorf("Release Radar: %v", radar)
	}

	onRepeat := ida.get("/api/mixes/on-repeat")
	if got := songNames(onRepeat.Body["songs"]); !slices.Equal(got, []string{"One", "Two"}) {
		t.Errorf("On Repeat: %v", got)
	}
	weekly := ida.get("/api/mixes/discover-weekly")
	got := songNames(weekly.Body["songs"])
	if len(got) == 0 || slices.Contains(got, "One") || slices.Contains(got, "Two") {
		t.Fatalf("Discover Weekly holds played songs or none: %v", got)
	}
	if !strings.Contains(weekly.Raw, `"reason":{"kind"`) || weekly.Body["mix"].(map[string]any)["period"] == "" {
		t.Errorf("Discover Weekly without reasons or week: %s", weekly.Raw)
	}

	saved := ida.post("/api/mixes/on-repeat/playlist", nil)
	expect(t, saved, 201, "success")
	p := saved.Body["playlist"].(map[string]any)
	if !strings.HasPrefix(p["name"].(string), "On Repeat · ") || p["count"] != 2.0 {
		t.Errorf("the kept playlist: %s", saved.Raw)
	}
	expect(t, ida.post("/api/mixes/repeat-rewind/playlist", nil), 400, "This mix has no songs to keep yet.")
	expect(t, ida.get("/api/mixes/daily-mix-7"), 404, `There is no mix called "daily-mix-7".`)
	expect(t, e.client().get("/api/mixes"), 401, "")
}

// songNames are the names of a list of songs in a JSON answer.
func songNames(list any) []string {
	var out []string
	items, _ := list.([]any)
	for _, s := range items {
		out = append(out, s.(map[string]any)["song"].(string))
	}
	return out
}
