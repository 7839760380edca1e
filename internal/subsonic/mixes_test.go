package subsonic_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
)

// The mixes made for the caller are among their playlists, read-only:
// listed when they hold songs, fetched by id with their songs in order.
func TestMixesAreReadOnlyPlaylists(t *testing.T) {
	e := newEnv(t, nil)
	e.Subsonic.Mixes = &mixes.Service{Store: e.DB, Recommender: e.Engine, Songs: e.DB, Now: e.Clock.Now}
	lib := e.library()
	ann := e.user("ann", "pw")
	now := e.Clock.Now()
	for i, song := range []string{lib.harbor[1].ID, lib.harbor[1].ID, lib.harbor[1].ID, lib.single.ID, lib.single.ID} {
		if _, _, err := e.DB.CountListen(e.ctx, song, ann.ID, now.Add(-time.Duration(i+1)*time.Hour), musicify.ListenRule{PerDay: 100}); err != nil {
			t.Fatal(err)
		}
	}

	// Once: not on repeat, but with harbor[1] a taste of two songs.
	if _, _, err := e.DB.CountListen(e.ctx, lib.harbor[0].ID, ann.ID, now.Add(-10*time.Hour), musicify.ListenRule{PerDay: 100}); err != nil {
		t.Fatal(err)
	}

	lists := e.raw(http.MethodGet, "getPlaylists", creds("ann", "pw", "f", "json")).Res["playlists"].(map[string]any)["playlist"].([]any)
	var onRepeat map[string]any
	for _, p := range lists {
		if p := p.(map[string]any); p["id"] == "mix-on-repeat" {
			onRepeat = p
		}
		if p := p.(map[string]any); p["id"] == "mix-repeat-rewind" {
			t.Errorf("an empty mix is listed: %v", p)
		}
	}
	if onRepeat == nil || onRepeat["name"] != "On Repeat" || onRepeat["readonly"] != true || onRepeat["songCount"] != 2.0 ||
		onRepeat["coverArt"] != lib.harbor[1].ID || onRepeat["owner"] != "ann" {
		t.Fatalf("On Repeat among the playlists: %v", lists)
	}

	a := e.raw(http.MethodGet, "getPlaylist", creds("ann", "pw", "f", "json", "id", "mix-on-repeat"))
	entries, _ := a.Res["playlist"].(map[string]any)["entry"].([]any)
	if len(entries) != 2 || entries[0].(map[string]any)["id"] != lib.harbor[1].ID || entries[1].(map[string]any)["id"] != lib.single.ID {
		t.Fatalf("getPlaylist of a mix: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "updatePlaylist", creds("ann", "pw", "f", "json", "playlistId", "mix-on-repeat", "name", "Mine")); a.errorCode() != 50 {
		t.Errorf("a mix was changed: %s", a.Body)
	}
	// Ann's plays make one taste: one Daily Mix, read-only too; the others
	// of the six were not made today.
	var daily map[string]any
	for _, p := range lists {
		if p := p.(map[string]any); p["id"] == "mix-daily-mix-1" {
			daily = p
		}
	}
	if daily == nil || daily["name"] != "Daily Mix 1" || daily["readonly"] != true || daily["songCount"].(float64) < 2 {
		t.Errorf("Daily Mix 1 among the playlists: %v", lists)
	}
	if a := e.raw(http.MethodGet, "getPlaylist", creds("ann", "pw", "f", "json", "id", "mix-daily-mix-2")); a.errorCode() != 70 {
		t.Errorf("a Daily Mix not made: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "getPlaylist", creds("ann", "pw", "f", "json", "id", "mix-daily-9")); a.errorCode() != 70 {
		t.Errorf("an unknown mix: %s", a.Body)
	}
}
