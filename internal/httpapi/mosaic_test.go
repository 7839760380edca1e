package httpapi_test

import (
	"fmt"
	"testing"
)

// mosaicOf reads a playlist's mosaic from its JSON.
func mosaicOf(t *testing.T, p map[string]any) []string {
	t.Helper()
	raw, ok := p["mosaic"].([]any)
	if !ok {
		t.Fatalf("no mosaic list in %v", p)
	}
	out := make([]string, len(raw))
	for i, v := range raw {
		out[i] = v.(string)
	}
	return out
}

// A playlist without a cover shows its first songs' small covers (each
// once, songs without a cover skipped), in every answer that lists it;
// a cover of its own replaces the mosaic.
func TestAPlaylistWithoutACoverCarriesAMosaicOfItsSongsCovers(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("mona", "mona@example.com", "secret1")
	png := readFixture(t, "images", "cover.png")
	var ids, smalls []string
	for i, f := range []string{"sine.mp3", "sine.ogg", "sine.wav", "sine.flac", "chime-3s.mp3"} {
		u := upload{name: fmt.Sprintf("Song %d", i), audio: readFixture(t, "audio", f)}
		if i != 1 { // the second song has no cover
			u.cover = png
		}
		r := c.upload(u)
		expect(t, r, 200, "success")
		ids = append(ids, songIn(r)["_id"].(string))
		smalls = append(smalls, songIn(r)["coverSmall"].(string))
	}
	id := playlistIn(c.post("/api/playlist/create", creds{"name": "Tiles"}))["_id"].(string)
	empty := playlistIn(c.post("/api/playlist/create", creds{"name": "Nothing yet"}))
	if got := mosaicOf(t, empty); len(got) != 0 {
		t.Errorf("an empty playlist's mosaic = %v", got)
	}
	var last reply
	for _, s := range ids {
		last = c.do("PUT", "/api/playlist/add", creds{"id": id, "songs": s})
		expect(t, last, 200, "success")
	}
	want := fmt.Sprint([]string{smalls[0], smalls[2], smalls[3], smalls[4]})

	if got := mosaicOf(t, playlistIn(last)); fmt.Sprint(got) != want {
		t.Errorf("after adding: %v, want %v", got, want)
	}
	if item, _ := c.detail(t, id); fmt.Sprint(mosaicOf(t, item)) != want {
		t.Errorf("the playlist's page: %v, want %v", item["mosaic"], want)
	}
	var all []map[string]any
	if err := jsonUnmarshal([]byte(c.get("/api/playlist/all").Raw), &all); err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p["_id"] == id && fmt.Sprint(mosaicOf(t, p)) != want {
			t.Errorf("the list of playlists: %v, want %v", p["mosaic"], want)
		}
	}
	for _, url := range mosaicOf(t, playlistIn(last)) {
		if res, _ := c.fetch(url); res.StatusCode != 200 {
			t.Errorf("tile %s: %d", url, res.StatusCode)
		}
	}

	covered := c.playlistCover(t, map[string]string{"id": id}, png)
	expect(t, covered, 200, "success")
	if got := mosaicOf(t, playlistIn(covered)); len(got) != 0 {
		t.Errorf("with a cover of its own the mosaic is %v, want none", got)
	}
}
