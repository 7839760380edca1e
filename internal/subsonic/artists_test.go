package subsonic_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A song "Neon Harbor feat. Mara" shows its tagged string as its artist
// and each artist under its own id and name: the featured artist is found
// by search3 and opens with getArtist, contributors carry their role and
// instrument, and the answers follow the OpenSubsonic schema.
func TestASongShowsEachOfItsArtistsAndContributors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		e.user("ann", "app-secret")
		duet := e.addTrack(track{file: "sine.mp3", tags: musicify.TrackTags{Title: "Duet", Artist: "Neon Harbor feat. Mara",
			Album: "Pairs", Track: 1, Credits: []musicify.Credit{
				{Name: "Neon Harbor", Role: musicify.RoleArtist}, {Name: "Mara", Role: musicify.RoleFeatured},
				{Name: "Neon Harbor", Role: musicify.RoleAlbumArtist}, {Name: "Lena", Role: musicify.RoleAlbumArtist},
				{Name: "Cy", Role: musicify.RoleComposer}, {Name: "Di", Role: "performer", SubRole: "piano"}}}})
		get := func(endpoint string, params ...string) map[string]any {
			t.Helper()
			a := e.raw(http.MethodGet, endpoint, creds("ann", "app-secret", append([]string{"f", "json"}, params...)...))
			if a.Status != http.StatusOK || a.Res["status"] != "ok" {
				t.Fatalf("%s: %d %s", endpoint, a.Status, a.Body)
			}
			return a.Res
		}
		compact := func(v any) string {
			b, _ := json.Marshal(v)
			return string(b)
		}
		song := get("getSong", "id", duet.ID)["song"].(map[string]any)
		harbor, mara := "ar-"+duet.ArtistID, ""
		for _, a := range song["artists"].([]any) {
			if a.(map[string]any)["name"] == "Mara" {
				mara = a.(map[string]any)["id"].(string)
			}
		}
		if song["artist"] != "Neon Harbor feat. Mara" || song["displayArtist"] != "Neon Harbor feat. Mara" || song["artistId"] != harbor ||
			compact(song["artists"]) != `[{"id":"`+harbor+`","name":"Neon Harbor"},{"id":"`+mara+`","name":"Mara"}]` {
			t.Fatalf("song artists: %s", compact(song))
		}
		if song["displayAlbumArtist"] != "Neon Harbor & Lena" || len(song["albumArtists"].([]any)) != 2 ||
			song["displayComposer"] != "Cy" {
			t.Errorf("album artists and composer: %s", compact(song))
		}
		contributors := song["contributors"].([]any)
		if len(contributors) != 2 || contributors[0].(map[string]any)["role"] != "composer" ||
			contributors[1].(map[string]any)["role"] != "performer" || contributors[1].(map[string]any)["subRole"] != "piano" ||
			contributors[1].(map[string]any)["artist"].(map[string]any)["name"] != "Di" {
			t.Errorf("contributors: %s", compact(contributors))
		}
		if mara == "" || mara == harbor {
			t.Fatalf("Mara's id %q (Neon Harbor's %q)", mara, harbor)
		}
		// The featured artist is an artist of their own, found by search3.
		artist := get("getArtist", "id", mara)["artist"].(map[string]any)
		if artist["name"] != "Mara" || len(artist["album"].([]any)) != 0 {
			t.Errorf("getArtist(Mara): %s", compact(artist))
		}
		found := get("search3", "query", "mara", "songCount", "0", "albumCount", "0")["searchResult3"].(map[string]any)
		ok := false
		for _, a := range found["artist"].([]any) {
			ok = ok || a.(map[string]any)["id"] == mara
		}
		if !ok {
			t.Errorf("search3 mara: %s", compact(found))
		}
		// The second album artist lists the album it is album artist of.
		var lena string
		for _, a := range song["albumArtists"].([]any) {
			if a.(map[string]any)["name"] == "Lena" {
				lena = a.(map[string]any)["id"].(string)
			}
		}
		if albums := get("getArtist", "id", lena)["artist"].(map[string]any)["album"].([]any); len(albums) != 1 {
			t.Errorf("getArtist(Lena) albums: %s", compact(albums))
		}
		album := get("getAlbum", "id", song["albumId"].(string))["album"].(map[string]any)
		if album["displayArtist"] != "Neon Harbor" || compact(album["artists"]) != `[{"id":"`+harbor+`","name":"Neon Harbor"}]` {
			t.Errorf("album: %s", compact(album))
		}
	})
}
