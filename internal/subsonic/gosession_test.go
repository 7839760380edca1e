package subsonic_test

import (
	"io"
	"slices"
	"strings"
	"testing"

	gosubsonic "github.com/supersonic-app/go-subsonic/subsonic"

	"github.com/musicify/musicify/internal/musicify"
)

// A whole app session through the go-subsonic client (Supersonic's), in
// XML and in JSON: every call the client has, in the order an app makes
// them, on a library with accents, a compilation and a featured artist.
// Every answer passes the OpenSubsonic schema check of the transport;
// a call the server fails is a failed test.
func TestGoSubsonicAppSession(t *testing.T) {
	for _, useJSON := range []bool{false, true} {
		name := map[bool]string{false: "xml", true: "json"}[useJSON]
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, nil)
			lib := e.library()
			feat := e.addTrack(track{file: "sine.mp3", tags: musicify.TrackTags{Title: "Déjà Vu", Artist: "Beyoncé feat. Kendrick Lamar",
				AlbumArtist: "Various Artists", Album: "Ágætis Hits", Compilation: true, Track: 1, Year: 2020, Genres: []string{"Pop"},
				Credits: []musicify.Credit{{Name: "Beyoncé", Role: musicify.RoleArtist}, {Name: "Kendrick Lamar", Role: musicify.RoleFeatured},
					{Name: "Various Artists", Role: musicify.RoleAlbumArtist}}}})
			e.admin("ann", "app-secret")
			c := e.client("ann", "app-secret", useJSON)
			step := func(what string, err error) {
				t.Helper()
				if err != nil {
					t.Errorf("%s: %v", what, err)
				}
			}

			_, err := c.Ping()
			step("ping", err)
			_, err = c.GetLicense()
			step("getLicense", err)
			_, err = c.GetMusicFolders()
			step("getMusicFolders", err)
			_, err = c.GetIndexes(nil)
			step("getIndexes", err)
			artists, err := c.GetArtists(nil)
			step("getArtists", err)
			var names []string
			for _, ix := range artists.Index {
				for _, a := range ix.Artist {
					names = append(names, a.Name)
				}
			}
			for _, want := range []string{"Beyoncé", "Kendrick Lamar", "Neon Harbor"} {
				if !strings.Contains(strings.Join(names, "|"), want) {
					t.Errorf("getArtists lists %v, not %s", names, want)
				}
			}
			artistID := "ar-" + lib.artistID
			_, err = c.GetArtist(artistID)
			step("getArtist", err)
			_, err = c.GetArtistInfo(artistID, nil)
			step("getArtistInfo", err)
			_, err = c.GetArtistInfo2(artistID, nil)
			step("getArtistInfo2", err)
			albumID := "al-" + lib.albumID
			_, err = c.GetAlbum(albumID)
			step("getAlbum", err)
			_, err = c.GetAlbumInfo(albumID)
			step("getAlbumInfo", err)
			_, err = c.GetAlbumInfo2(albumID)
			step("getAlbumInfo2", err)
			_, err = c.GetMusicDirectory(artistID)
			step("getMusicDirectory", err)
			song, err := c.GetSong(feat.ID)
			step("getSong", err)
			if err == nil && song.Artist != "Beyoncé feat. Kendrick Lamar" {
				t.Errorf("getSong artist %q, want the tagged display string", song.Artist)
			}
			_, err = c.GetGenres()
			step("getGenres", err)
			for _, typ := range []string{"random", "newest", "highest", "frequent", "recent", "alphabeticalByName", "alphabeticalByArtist", "starred"} {
				_, err = c.GetAlbumList(typ, nil)
				step("getAlbumList "+typ, err)
				_, err = c.GetAlbumList2(typ, nil)
				step("getAlbumList2 "+typ, err)
			}
			_, err = c.GetAlbumList2("byYear", map[string]string{"fromYear": "2000", "toYear": "2030"})
			step("getAlbumList2 byYear", err)
			_, err = c.GetAlbumList2("byGenre", map[string]string{"genre": "Pop"})
			step("getAlbumList2 byGenre", err)
			_, err = c.GetRandomSongs(map[string]string{"size": "5"})
			step("getRandomSongs", err)
			_, err = c.GetSongsByGenre("Synthwave", nil)
			step("getSongsByGenre", err)
			_, err = c.GetTopSongs("Neon Harbor", nil)
			step("getTopSongs", err)
			_, err = c.GetSimilarSongs(lib.harbor[0].ID, nil)
			step("getSimilarSongs", err)
			_, err = c.GetSimilarSongs2(lib.harbor[0].ID, nil)
			step("getSimilarSongs2", err)
			_, err = c.Search2("harbor", nil)
			step("search2", err)
			found, err := c.Search3("kendrick", nil)
			step("search3", err)
			if err == nil && !slices.ContainsFunc(found.Artist, func(a *gosubsonic.ArtistID3) bool { return a.Name == "Kendrick Lamar" }) {
				t.Errorf("search3 kendrick does not find the featured artist: %+v", found.Artist)
			}

			step("createPlaylist", c.CreatePlaylistWithTracks([]string{lib.harbor[0].ID, feat.ID}, map[string]string{"name": "Session"}))
			lists, err := c.GetPlaylists(nil)
			step("getPlaylists", err)
			if len(lists) == 1 {
				id := lists[0].ID
				_, err = c.GetPlaylist(id)
				step("getPlaylist", err)
				step("updatePlaylist", c.UpdatePlaylist(id, map[string]string{"name": "Session 2"}))
				step("updatePlaylist tracks", c.UpdatePlaylistTracks(id, []string{lib.single.ID}, []int{0}))
				step("deletePlaylist", c.DeletePlaylist(id))
			} else {
				t.Errorf("getPlaylists: %d playlists, want the one made", len(lists))
			}

			stars := gosubsonic.StarParameters{SongIDs: []string{feat.ID}, AlbumIDs: []string{albumID}, ArtistIDs: []string{artistID}}
			step("star", c.Star(stars))
			_, err = c.GetStarred(nil)
			step("getStarred", err)
			_, err = c.GetStarred2(nil)
			step("getStarred2", err)
			step("unstar", c.Unstar(stars))
			step("setRating", c.SetRating(feat.ID, 4))
			step("scrobble now playing", c.Scrobble(feat.ID, map[string]string{"submission": "false"}))
			_, err = c.GetNowPlaying()
			step("getNowPlaying", err)
			step("scrobble", c.Scrobble(feat.ID, nil))

			body, err := c.Stream(feat.ID, nil)
			step("stream", err)
			if err == nil {
				n, _ := io.Copy(io.Discard, body)
				body.Close()
				if n != feat.Size {
					t.Errorf("stream sent %d bytes of the %d-byte original", n, feat.Size)
				}
			}
			_, err = c.GetStreamURL(feat.ID, nil)
			step("stream URL", err)
			body, err = c.Download(feat.ID)
			step("download", err)
			if err == nil {
				body.Close()
			}
			_, err = c.GetCoverArt(lib.harbor[0].ID, map[string]string{"size": "160"})
			step("getCoverArt", err)
			_, err = c.GetAvatar("ann")
			step("getAvatar", err)
			_, err = c.GetLyrics("Undertow", "Neon Harbor")
			step("getLyrics", err)
			_, err = c.GetInternetRadioStations()
			step("getInternetRadioStations", err)
		})
	}
}
