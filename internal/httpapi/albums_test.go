package httpapi_test

import (
	"strings"
	"testing"
)

// listOf reads one list of an answer's objects.
func listOf(r reply, key string) []map[string]any {
	var out []map[string]any
	items, _ := r.Body[key].([]any)
	for _, x := range items {
		out = append(out, x.(map[string]any))
	}
	return out
}

// An upload without an album tag is a single: the Albums view, the album
// page and the artist page all show it, with its uploader to follow.
func TestAlbumsArtistsAndGenresOverHTTP(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("Neon-Harbor", "ann@example.com", "secret1")
	first := ann.song(t, "Slow Tide", "sine.mp3")
	ann.song(t, "City in Bloom", "chime-3s.mp3")
	ann.post("/api/view/increase", creds{"song": first})

	albums := listOf(ann.get("/api/albums?sort=plays"), "albums")
	if len(albums) != 2 || albums[0]["name"] != "Slow Tide" || albums[0]["artist"] != "Neon-Harbor" || albums[0]["plays"] != 1.0 {
		t.Fatalf("albums by plays: %v", albums)
	}
	if byName := listOf(ann.get("/api/albums?sort=name&limit=1&offset=1"), "albums"); len(byName) != 1 || byName[0]["name"] != "Slow Tide" {
		t.Errorf("second album A–Z: %v", byName)
	}
	page := ann.get("/api/albums/" + albums[0]["_id"].(string))
	songs := listOf(page, "songs")
	if page.Status != 200 || len(songs) != 1 || songs[0]["_id"] != first || songs[0]["uploader"] != "Neon-Harbor" {
		t.Fatalf("album page: %d %s", page.Status, page.Raw)
	}
	if songs[0]["albumId"] != albums[0]["_id"] || songs[0]["artistId"] != albums[0]["artistId"] {
		t.Errorf("a song links its album and artist: %v", songs[0])
	}

	artist := ann.get("/api/artists/neon-harbor")
	a, _ := artist.Body["artist"].(map[string]any)
	if artist.Status != 200 || a["name"] != "Neon-Harbor" || a["userId"] == "" || a["albums"] != 2.0 {
		t.Fatalf("artist page: %s", artist.Raw)
	}
	if byID := ann.get("/api/artists/" + a["_id"].(string)); byID.Status != 200 || !strings.Contains(byID.Raw, `"name":"Neon-Harbor"`) {
		t.Errorf("an artist by id: %d %s", byID.Status, byID.Raw)
	}
	if top := listOf(artist, "top"); len(top) != 2 || top[0]["_id"] != first {
		t.Errorf("top songs, most played first: %v", top)
	}
	if len(listOf(artist, "albums")) != 2 {
		t.Errorf("artist albums: %s", artist.Raw)
	}

	// A tagged upload is filed under its album tag, with its genre, year and track.
	tagged := ann.song(t, "Tide", "tagged.mp3")
	g := listOf(ann.get("/api/genres"), "genres")
	if len(g) != 1 || g[0]["name"] != "Ambient" || g[0]["songs"] != 1.0 || g[0]["albums"] != 1.0 {
		t.Errorf("genres: %v", g)
	}
	if r := ann.get("/api/genres"); r.Raw == "" || !strings.Contains(r.Raw, `"decades":[1990]`) {
		t.Errorf("decades: %s", r.Raw)
	}
	if s := listOf(ann.get("/api/genres/AMBIENT/songs"), "songs"); len(s) != 1 || s[0]["_id"] != tagged {
		t.Errorf("songs of a genre: %v", s)
	}
	expect(t, ann.get("/api/genres/ambient/songs?limit=0"), 400, "limit must be a whole number from 1 to 500.")
	shores := listOf(ann.get("/api/albums?genre=ambient&decade=1990"), "albums")
	if len(shores) != 1 || shores[0]["name"] != "Shores" || shores[0]["year"] != 1994.0 || shores[0]["genre"] != "Ambient" {
		t.Fatalf("albums of ambient in the 90s: %v", shores)
	}
	if s := listOf(ann.get("/api/albums/"+shores[0]["_id"].(string)), "songs"); len(s) != 1 || s[0]["_id"] != tagged ||
		s[0]["track"] != 2.0 || s[0]["album"] != "Shores" {
		t.Errorf("the tagged song: %v", s)
	}

	expect(t, ann.get("/api/albums?sort=size"), 400, "Albums sort by recent, name, artist, year, plays or random.")
	expect(t, ann.get("/api/albums?decade=1995"), 400, "A decade is a year ending in 0, such as 1990.")
	expect(t, ann.get("/api/albums?limit=9999"), 400, "limit must be a whole number from 1 to 500.")
	expect(t, ann.get("/api/albums/nope"), 404, "This album does not exist.")
	if r := e.client().get("/api/albums"); r.Status != 401 {
		t.Errorf("albums without a session: %d", r.Status)
	}
}

// An uploader chooses the name their songs go under, with its capitals:
// songs, albums and the artist page show it, the old link by username
// still opens the page, and another artist's name is refused.
func TestAnUploaderChoosesTheirArtistName(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("neon-harbor", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	song := ann.song(t, "Slow Tide", "sine.mp3")
	if r := ann.get("/api/artist/name"); r.Status != 200 || r.Body["name"] != "neon-harbor" {
		t.Fatalf("before choosing: %d %s", r.Status, r.Raw)
	}

	for name, want := range map[string]string{
		"   ":                    "Please enter your artist name.",
		strings.Repeat("x", 101): "An artist name is at most 100 characters.",
		"Neon\x07Harbor":         "An artist name cannot hold control characters.",
	} {
		r := ann.do("PUT", "/api/artist/name", creds{"name": name})
		expect(t, r, 400, want)
		if fieldOf(r) != "name" {
			t.Errorf("%q: field %q", name, fieldOf(r))
		}
	}
	if r := ann.do("PUT", "/api/artist/name", creds{"name": "  Neon   Harbor "}); r.Status != 200 || r.Body["name"] != "Neon Harbor" {
		t.Fatalf("choosing: %d %s", r.Status, r.Raw)
	}

	for _, link := range []string{"neon-harbor", "Neon%20Harbor"} {
		a, _ := ann.get("/api/artists/" + link).Body["artist"].(map[string]any)
		if a["name"] != "Neon Harbor" || a["username"] != "neon-harbor" || a["userId"] == "" {
			t.Errorf("/api/artists/%s: %v", link, a)
		}
	}
	if r := ann.get("/api/songs/" + song); r.Body["artist"] != "Neon Harbor" || r.Body["uploader"] != "neon-harbor" {
		t.Errorf("the song: %s", r.Raw)
	}
	albums := listOf(ann.get("/api/albums"), "albums")
	if len(albums) != 1 || albums[0]["artist"] != "Neon Harbor" || albums[0]["username"] != "neon-harbor" {
		t.Errorf("albums: %v", albums)
	}
	if r := ann.get("/api/artist/name"); r.Body["name"] != "Neon Harbor" {
		t.Errorf("after choosing: %s", r.Raw)
	}

	r := bob.do("PUT", "/api/artist/name", creds{"name": "NEON harbor"})
	expect(t, r, 409, `Another artist on this server is already called "NEON harbor". Please choose another name.`)
	if r := e.client().do("PUT", "/api/artist/name", creds{"name": "Anyone"}); r.Status != 401 {
		t.Errorf("without a session: %d", r.Status)
	}
}
