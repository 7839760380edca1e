package httpapi_test

import (
	"net/url"
	"testing"
)

// An upload's album, track, disc, year and genre tags place it on its album.
func TestUploadsAreFiledByTheirAlbumTags(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("tide-pool", "tide@example.com", "secret1")
	// The second track first, and it sorts first by name: the album orders by track.
	second := songIn(c.upload(upload{name: "Afterglow", audio: readFixture(t, "audio", "album-track2.mp3")}))
	first := songIn(c.upload(upload{name: "Harbor Lights", audio: readFixture(t, "audio", "album-track1.mp3")}))
	if first["albumId"] == "" || first["albumId"] != second["albumId"] || first["album"] != "Low Tide Tapes" ||
		first["track"] != 1.0 || second["track"] != 2.0 || first["year"] != 1994.0 || first["genre"] != "Dream Pop" ||
		first["uploader"] != "tide-pool" {
		t.Fatalf("songs: %v / %v", first, second)
	}

	r := c.get("/api/albums/" + first["albumId"].(string))
	album, _ := r.Body["album"].(map[string]any)
	songs, _ := r.Body["songs"].([]any)
	if r.Status != 200 || album["name"] != "Low Tide Tapes" || album["year"] != 1994.0 || album["genre"] != "Dream Pop" ||
		album["songs"] != 2.0 || len(songs) != 2 ||
		songs[0].(map[string]any)["song"] != "Harbor Lights" || songs[1].(map[string]any)["song"] != "Afterglow" ||
		album["artist"] != "tide-pool" || album["userId"] == "" {
		t.Fatalf("album: %s", r.Raw)
	}

	list := c.get("/api/albums?genre=" + url.QueryEscape("dream pop") + "&decade=1990")
	albums, _ := list.Body["albums"].([]any)
	if list.Status != 200 || len(albums) != 1 || albums[0].(map[string]any)["_id"] != first["albumId"] {
		t.Fatalf("albums of the genre and decade: %s", list.Raw)
	}
	if r := c.get("/api/albums?decade=2000"); r.Raw != `{"albums":[]}`+"\n" && r.Raw != `{"albums":[]}` {
		t.Fatalf("albums of another decade: %s", r.Raw)
	}
	genres := c.get("/api/genres")
	gs, _ := genres.Body["genres"].([]any)
	if len(gs) != 1 || gs[0].(map[string]any)["name"] != "Dream Pop" || gs[0].(map[string]any)["albums"] != 1.0 {
		t.Fatalf("genres: %s", genres.Raw)
	}
}
