package subsonic_test

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	gosubsonic "github.com/supersonic-app/go-subsonic/subsonic"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A Subsonic app browses artists, opens an album and plays part of a
// track, on both stores.
func TestBrowseArtistsToAlbumAndStreamARange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "app-secret")
		c := e.client("ann", "app-secret", false)

		artists, err := c.GetArtists(nil)
		if err != nil {
			t.Fatal(err)
		}
		var harbor *gosubsonic.ArtistID3
		var names []string
		for _, ix := range artists.Index {
			for _, a := range ix.Artist {
				names = append(names, ix.Name+":"+a.Name)
				if a.Name == "Neon Harbor" {
					harbor = a
				}
			}
		}
		if strings.Join(names, " ") != "N:Neon Harbor V:Velvet Static" || harbor.AlbumCount != 1 || harbor.ID != "ar-"+lib.artistID {
			t.Fatalf("artists: %v %+v", names, harbor)
		}
		artist, err := c.GetArtist(harbor.ID)
		if err != nil || len(artist.Album) != 1 || artist.Album[0].Name != "Night Lines" || artist.Album[0].SongCount != 3 {
			t.Fatalf("artist: %+v %v", artist, err)
		}
		album, err := c.GetAlbum(artist.Album[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, s := range album.Song {
			titles = append(titles, s.Title)
		}
		first := album.Song[0]
		if strings.Join(titles, ",") != "Low Tide,Harbour Lights,Undertow" || album.Year != 2021 || album.Genre != "Synthwave" ||
			first.Track != 1 || first.Album != "Night Lines" || first.Artist != "Neon Harbor" || first.AlbumID != album.ID ||
			first.ArtistID != harbor.ID || first.ContentType != "audio/mpeg" || first.Suffix != "mp3" || first.Size != lib.harbor[0].Size ||
			first.Path != "Neon Harbor/Night Lines/01 Low Tide.mp3" || first.Type != "music" || first.ReplayGain == nil || first.ReplayGain.TrackGain != -6.5 ||
			len(first.Genres) != 1 || first.Genres[0].Name != "Synthwave" || first.MusicBrainzID != "mb-0" {
			t.Fatalf("album: %+v\nfirst: %+v", album, first)
		}

		// The player asks for a range of the original bytes.
		original, _ := e.Blobs.Open(e.ctx, lib.harbor[0].AudioKey)
		want, _ := io.ReadAll(original.Body)
		original.Body.Close()
		a := e.raw(http.MethodGet, "stream", creds("ann", "app-secret", "id", first.ID), "Range", "bytes=100-199")
		if a.Status != http.StatusPartialContent || !bytes.Equal(a.Body, want[100:200]) ||
			a.Header.Get("Content-Range") != "bytes 100-199/"+strconv.Itoa(len(want)) || a.Header.Get("Content-Type") != "audio/mpeg" {
			t.Fatalf("range: %d %v %d bytes", a.Status, a.Header, len(a.Body))
		}
		full, err := c.Stream(first.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(full)
		full.Close()
		if !bytes.Equal(got, want) {
			t.Fatalf("whole stream: %d bytes, want %d", len(got), len(want))
		}
		dl := e.raw(http.MethodGet, "download", creds("ann", "app-secret", "id", first.ID))
		if !bytes.Equal(dl.Body, want) || !strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %v %d bytes", dl.Header, len(dl.Body))
		}
	})
}

// The folder-style calls walk artist -> album -> songs by the ids they hand out.
func TestFolderBrowsing(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	c := e.client("ann", "pw", false)
	ix, err := c.GetIndexes(nil)
	if err != nil || len(ix.Index) != 2 || ix.Index[0].Name != "N" || ix.Index[0].Artist[0].ID != "ar-"+lib.artistID {
		t.Fatalf("indexes: %+v %v", ix, err)
	}
	// The index says when the artists last changed, the same on every call
	// until they change, and an app that has it since then gets no artists.
	e.Clock.Advance(time.Hour)
	again, err := c.GetIndexes(nil)
	if err != nil || again.LastModified != ix.LastModified || ix.LastModified == 0 {
		t.Fatalf("lastModified moved between two calls: %d then %d (%v)", ix.LastModified, again.LastModified, err)
	}
	since, err := c.GetIndexes(map[string]string{"ifModifiedSince": strconv.FormatInt(ix.LastModified, 10)})
	if err != nil || len(since.Index) != 0 || since.LastModified != ix.LastModified {
		t.Fatalf("ifModifiedSince of the last change: %+v %v", since, err)
	}
	dir, err := c.GetMusicDirectory(ix.Index[0].Artist[0].ID)
	if err != nil || len(dir.Child) != 1 || !dir.Child[0].IsDir || dir.Child[0].Title != "Night Lines" {
		t.Fatalf("artist dir: %+v %v", dir, err)
	}
	songs, err := c.GetMusicDirectory(dir.Child[0].ID)
	if err != nil || len(songs.Child) != 3 || songs.Child[2].Title != "Undertow" || songs.Child[2].IsDir || songs.Parent != dir.ID {
		t.Fatalf("album dir: %+v %v", songs, err)
	}
	if _, err := c.GetMusicDirectory(lib.single.ID); err == nil || !strings.Contains(err.Error(), "#70") {
		t.Fatalf("a song is no directory: %v", err)
	}
	folders, err := c.GetMusicFolders()
	if err != nil || len(folders) != 1 {
		t.Fatalf("folders: %v %v", folders, err)
	}
	g, err := c.GetGenres()
	if err != nil || len(g) != 2 || g[0].Name != "Ambient" || g[1].Name != "Synthwave" || g[1].SongCount != 3 || g[1].AlbumCount != 1 {
		t.Fatalf("genres: %+v %v", g, err)
	}
	song, err := c.GetSong(lib.single.ID)
	if err != nil || song.Title != "Glass" || song.Suffix != "ogg" {
		t.Fatalf("song: %+v %v", song, err)
	}
	if _, err := c.GetSong("nope"); err == nil || !strings.Contains(err.Error(), "#70") {
		t.Fatalf("unknown song: %v", err)
	}
	info, err := c.GetArtistInfo2("ar-"+lib.artistID, nil)
	if err != nil || info == nil {
		t.Fatalf("artist info: %v %v", info, err)
	}
	if _, err := c.GetAlbumInfo2("al-" + lib.albumID); err != nil {
		t.Fatal(err)
	}
}

// Album lists of every type, paged.
func TestAlbumLists(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	c := e.client("ann", "pw", true)
	names := func(typ string, params map[string]string) string {
		t.Helper()
		list, err := c.GetAlbumList2(typ, params)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		var out []string
		for _, a := range list {
			out = append(out, a.Name)
		}
		return strings.Join(out, ",")
	}
	for typ, want := range map[string]string{
		"newest": "Glass,Night Lines", "alphabeticalByName": "Glass,Night Lines", "alphabeticalByArtist": "Night Lines,Glass",
		"starred": "", "highest": "",
	} {
		if got := names(typ, nil); got != want {
			t.Errorf("%s: %q, want %q", typ, got, want)
		}
	}
	if got := names("alphabeticalByName", map[string]string{"size": "1", "offset": "1"}); got != "Night Lines" {
		t.Errorf("paged: %q", got)
	}
	if got := names("byGenre", map[string]string{"genre": "synthwave"}); got != "Night Lines" {
		t.Errorf("byGenre: %q", got)
	}
	if got := names("byYear", map[string]string{"fromYear": "2022", "toYear": "2018"}); got != "Night Lines,Glass" {
		t.Errorf("byYear newest first: %q", got)
	}
	if err := c.Star(gosubsonic.StarParameters{AlbumIDs: []string{"al-" + lib.albumID}}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetRating("al-"+lib.single.AlbumID, 4); err != nil {
		t.Fatal(err)
	}
	if got := names("starred", nil); got != "Night Lines" {
		t.Errorf("starred: %q", got)
	}
	if got := names("highest", nil); got != "Glass" {
		t.Errorf("highest: %q", got)
	}
	// The client library checks these itself: raw calls reach the server.
	if a := e.raw(http.MethodGet, "getAlbumList2", creds("ann", "pw", "type", "sideways", "f", "json")); a.errorCode() != 0 {
		t.Errorf("unknown type: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "getAlbumList2", creds("ann", "pw", "type", "byYear", "f", "json")); a.errorCode() != 10 {
		t.Errorf("byYear without years: %s", a.Body)
	}
	folder, err := c.GetAlbumList("alphabeticalByName", nil)
	if err != nil || len(folder) != 2 || !folder[0].IsDir || folder[0].Title != "Glass" {
		t.Fatalf("getAlbumList: %+v %v", folder, err)
	}

	random, err := c.GetRandomSongs(map[string]string{"size": "10", "genre": "Synthwave"})
	if err != nil || len(random) != 3 {
		t.Fatalf("random: %v %v", len(random), err)
	}
	byGenre, err := c.GetSongsByGenre("Ambient", nil)
	if err != nil || len(byGenre) != 1 || byGenre[0].Title != "Glass" {
		t.Fatalf("by genre: %+v %v", byGenre, err)
	}
	e.scrobble(lib.harbor[1].ID)
	top, err := c.GetTopSongs("neon harbor", map[string]string{"count": "2"})
	if err != nil || len(top) != 2 || top[0].Title != "Harbour Lights" {
		t.Fatalf("top songs: %+v %v", top, err)
	}
	if none, err := c.GetTopSongs("Nobody", nil); err != nil || len(none) != 0 {
		t.Fatalf("top songs of nobody: %v %v", none, err)
	}
}

// scrobble counts a play for ann.
func (e *env) scrobble(id string) {
	e.t.Helper()
	if a := e.raw(http.MethodGet, "scrobble", creds("ann", "pw", "id", id, "f", "json")); a.errorCode() != -1 {
		e.t.Fatalf("scrobble: %s", a.Body)
	}
}

// /rest/stream, /rest/download and /rest/getCoverArt refuse the ranges the
// web app's media refuse: they answered "bytes=-0" with an empty 206 and an
// impossible Content-Range, and served overlapping ranges.
func TestSubsonicMediaRefuseUnsatisfiableRanges(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	lib := e.library()
	e.user("ann", "app-secret")
	id := lib.harbor[0].ID
	for _, endpoint := range []string{"stream", "download", "getCoverArt"} {
		for _, rng := range []string{"bytes=-0", "bytes=0-99,50-149", "bytes=" + strings.Repeat("0-0,", 16) + "1-1"} {
			a := e.raw(http.MethodGet, endpoint, creds("ann", "app-secret", "id", id), "Range", rng)
			if a.Status != http.StatusRequestedRangeNotSatisfiable || !strings.HasPrefix(a.Header.Get("Content-Range"), "bytes */") {
				t.Errorf("%s with %s: %d %v", endpoint, rng, a.Status, a.Header)
			}
		}
		if a := e.raw(http.MethodGet, endpoint, creds("ann", "app-secret", "id", id), "Range", "bytes=0-9"); a.Status != http.StatusPartialContent || len(a.Body) != 10 {
			t.Errorf("%s with one range: %d, %d bytes", endpoint, a.Status, len(a.Body))
		}
	}
}

// "recent" and "frequent" are the caller's own plays: only albums they
// played, by their last play or by how often; nobody else's count.
func TestRecentAndFrequentAreTheCallersPlays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "pw")
		e.user("bob", "pw")
		names := func(who, typ string, more ...string) string {
			t.Helper()
			a := e.raw(http.MethodGet, "getAlbumList2", creds(who, "pw", append([]string{"type", typ, "f", "json"}, more...)...))
			var out []string
			list, _ := a.Res["albumList2"].(map[string]any)["album"].([]any)
			for _, al := range list {
				out = append(out, al.(map[string]any)["name"].(string))
			}
			return strings.Join(out, ",")
		}
		for _, typ := range []string{"recent", "frequent"} {
			if got := names("ann", typ); got != "" {
				t.Fatalf("%s before any play: %q", typ, got)
			}
		}
		play := func(id string) {
			t.Helper()
			e.Clock.Advance(time.Hour) // past the once-per-song-length rule
			e.scrobble(id)
		}
		play(lib.harbor[0].ID)
		play(lib.harbor[1].ID)
		play(lib.harbor[2].ID)
		play(lib.single.ID)
		if got := names("ann", "recent"); got != "Glass,Night Lines" {
			t.Errorf("recent: %q", got)
		}
		if got := names("ann", "frequent"); got != "Night Lines,Glass" {
			t.Errorf("frequent: %q", got)
		}
		if got := names("ann", "recent", "size", "1", "offset", "1"); got != "Night Lines" {
			t.Errorf("recent, paged: %q", got)
		}
		play(lib.harbor[0].ID)
		if got := names("ann", "recent"); got != "Night Lines,Glass" {
			t.Errorf("recent after another play: %q", got)
		}
		if got := names("bob", "recent") + names("bob", "frequent"); got != "" {
			t.Errorf("bob played nothing: %q", got)
		}
		a := e.raw(http.MethodGet, "getAlbumList", creds("ann", "pw", "type", "frequent", "f", "json"))
		if list := a.Res["albumList"].(map[string]any)["album"].([]any); len(list) != 2 || list[0].(map[string]any)["title"] != "Night Lines" {
			t.Errorf("getAlbumList frequent: %s", a.Body)
		}
	})
}
