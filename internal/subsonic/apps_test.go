package subsonic_test

import (
	"bytes"
	"image/jpeg"
	"image/png"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Bookmarks are kept per user and song: created, moved (keeping when they
// were made), listed with their song, deleted; mistakes get codes.
func TestBookmarks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "pw")
		e.user("bob", "pw")
		song := lib.harbor[1].ID
		made := e.Clock.Now()
		if a := e.raw(http.MethodGet, "createBookmark", creds("ann", "pw", "f", "json", "id", song, "position", "61000", "comment", "the bridge")); a.Res["status"] != "ok" {
			t.Fatalf("createBookmark: %s", a.Body)
		}
		e.Clock.Advance(time.Minute)
		if a := e.raw(http.MethodPost, "createBookmark", creds("ann", "pw", "f", "json", "id", song, "position", "90500")); a.Res["status"] != "ok" {
			t.Fatalf("moving it: %s", a.Body)
		}
		a := e.raw(http.MethodGet, "getBookmarks", creds("ann", "pw", "f", "json"))
		list := a.Res["bookmarks"].(map[string]any)["bookmark"].([]any)
		if len(list) != 1 {
			t.Fatalf("getBookmarks: %s", a.Body)
		}
		b := list[0].(map[string]any)
		entry := b["entry"].(map[string]any)
		if b["position"].(float64) != 90500 || b["username"] != "ann" || b["comment"] != nil || entry["id"] != song ||
			entry["title"] != "Harbour Lights" || b["created"] != made.UTC().Format("2006-01-02T15:04:05.000Z") || b["changed"] == b["created"] {
			t.Fatalf("bookmark: %s", a.Body)
		}
		// Bob sees none of Ann's, and cannot delete hers: he names only his own.
		if a := e.raw(http.MethodGet, "getBookmarks", creds("bob", "pw", "f", "json")); len(a.Res["bookmarks"].(map[string]any)["bookmark"].([]any)) != 0 {
			t.Fatalf("bob's bookmarks: %s", a.Body)
		}
		e.raw(http.MethodGet, "deleteBookmark", creds("bob", "pw", "f", "json", "id", song))
		if a := e.raw(http.MethodGet, "getBookmarks", creds("ann", "pw", "f", "json")); len(a.Res["bookmarks"].(map[string]any)["bookmark"].([]any)) != 1 {
			t.Fatalf("bob deleted ann's bookmark: %s", a.Body)
		}
		for name, tc := range map[string]struct {
			params []string
			code   int
		}{
			"no position":       {[]string{"id", song}, 10},
			"no id":             {[]string{"position", "5"}, 10},
			"negative position": {[]string{"id", song, "position", "-5"}, 0},
			"words as position": {[]string{"id", song, "position", "soon"}, 0},
			"unknown song":      {[]string{"id", "nope", "position", "5"}, 70},
			"long comment":      {[]string{"id", song, "position", "5", "comment", strings.Repeat("x", 1001)}, 0},
		} {
			a := e.raw(http.MethodGet, "createBookmark", creds("ann", "pw", append([]string{"f", "json"}, tc.params...)...))
			if a.errorCode() != tc.code || a.Status != 200 {
				t.Errorf("%s: %d %s, want code %d", name, a.Status, a.Body, tc.code)
			}
		}
		if a := e.raw(http.MethodGet, "deleteBookmark", creds("ann", "pw", "f", "json", "id", song)); a.Res["status"] != "ok" {
			t.Fatalf("deleteBookmark: %s", a.Body)
		}
		if a := e.raw(http.MethodGet, "getBookmarks", creds("ann", "pw")); !strings.Contains(string(a.Body), "<bookmarks></bookmarks>") {
			t.Fatalf("getBookmarks in XML after delete: %s", a.Body)
		}
	})
}

// What Musicify does not have answers in Subsonic form, never 404: lists
// are empty, actions are error 50 with a sentence saying why.
func TestNotServedCallsAnswerInSubsonicForm(t *testing.T) {
	e := newEnv(t, nil)
	e.user("ann", "pw")
	for _, call := range []string{"getPodcasts", "getNewestPodcasts", "getVideos", "getChatMessages"} {
		a := e.raw(http.MethodGet, call, creds("ann", "pw", "f", "json"))
		if a.Status != 200 || a.Res["status"] != "ok" {
			t.Errorf("%s: %d %s", call, a.Status, a.Body)
		}
	}
	for _, call := range []string{"refreshPodcasts", "createPodcastChannel", "deletePodcastChannel", "deletePodcastEpisode",
		"downloadPodcastEpisode", "getPodcastEpisode", "getVideoInfo", "hls", "getCaptions", "addChatMessage",
		"createUser", "updateUser", "deleteUser", "changePassword", "createInternetRadioStation", "updateInternetRadioStation",
		"deleteInternetRadioStation", "updateShare", "deleteShare", "search", "getTranscodeDecision", "getTranscodeStream"} {
		a := e.raw(http.MethodGet, call, creds("ann", "pw", "f", "json"))
		msg, _ := a.Res["error"].(map[string]any)["message"].(string)
		if a.Status != 200 || a.errorCode() != 50 || !strings.HasSuffix(msg, ".") || len(msg) < 30 {
			t.Errorf("%s: %d %s", call, a.Status, a.Body)
		}
	}
	if a := e.raw(http.MethodGet, "getPodcasts", creds("ann", "pw")); !strings.Contains(string(a.Body), "<podcasts></podcasts>") {
		t.Errorf("getPodcasts in XML: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "noSuchCall", creds("ann", "pw", "f", "json")); a.Status != 404 || a.errorCode() != 70 {
		t.Errorf("an unknown call: %d %s", a.Status, a.Body)
	}
}

// getUsers is for admins; getAvatar draws a picture for anyone; a share is
// the public link the web app shares.
func TestUsersAvatarsAndShares(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	boss := e.admin("boss", "pw2")
	if a := e.raw(http.MethodGet, "getUsers", creds("ann", "pw", "f", "json")); a.errorCode() != 50 {
		t.Fatalf("getUsers by a non-admin: %s", a.Body)
	}
	a := e.raw(http.MethodGet, "getUsers", creds("boss", "pw2", "f", "json"))
	var names []string
	for _, u := range a.Res["users"].(map[string]any)["user"].([]any) {
		names = append(names, u.(map[string]any)["username"].(string))
	}
	if strings.Join(names, ",") != "ann,boss" && strings.Join(names, ",") != "boss,ann" {
		t.Fatalf("getUsers: %s", a.Body)
	}

	var pics [][]byte
	for _, name := range []string{"ann", "ANN", "boss"} {
		a := e.raw(http.MethodGet, "getAvatar", creds("ann", "pw", "username", name))
		img, err := png.Decode(bytes.NewReader(a.Body))
		if a.Status != 200 || a.Header.Get("Content-Type") != "image/png" || err != nil || img.Bounds().Dx() != 160 {
			t.Fatalf("getAvatar %s: %d %v %v", name, a.Status, a.Header, err)
		}
		// A disc (transparent corners) with the white initial in the middle, as the web app draws it.
		if _, _, _, corner := img.At(0, 0).RGBA(); corner != 0 {
			t.Fatalf("getAvatar %s: the corner is not transparent", name)
		}
		white := 0
		for y := 50; y < 110; y++ {
			for x := 50; x < 110; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r > 0xf000 && g > 0xf000 && b > 0xf000 {
					white++
				}
			}
		}
		if white < 200 {
			t.Fatalf("getAvatar %s: no letter in the middle (%d white pixels)", name, white)
		}
		pics = append(pics, a.Body)
	}
	if !bytes.Equal(pics[0], pics[1]) || bytes.Equal(pics[0], pics[2]) {
		t.Fatalf("each user has their own picture, the same each time")
	}
	if a := e.raw(http.MethodGet, "getAvatar", creds("ann", "pw", "f", "json", "username", "zed")); a.errorCode() != 70 {
		t.Fatalf("getAvatar of nobody: %s", a.Body)
	}

	// A picture the person chose is sent instead of the drawn one.
	key, err := covers.Store(t.Context(), e.Blobs, e.Logger, filepath.Join("..", "..", "testdata", "images", "cover.png"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.DB.SetArtistCover(t.Context(), boss.ID, key); err != nil {
		t.Fatal(err)
	}
	a = e.raw(http.MethodGet, "getAvatar", creds("ann", "pw", "username", "boss"))
	if img, err := jpeg.Decode(bytes.NewReader(a.Body)); a.Status != 200 || a.Header.Get("Content-Type") != "image/jpeg" || err != nil || img.Bounds().Dx() != 160 {
		t.Fatalf("getAvatar of a chosen picture: %d %v %v", a.Status, a.Header, err)
	}

	if a := e.raw(http.MethodGet, "getShares", creds("ann", "pw", "f", "json")); len(a.Res["shares"].(map[string]any)["share"].([]any)) != 0 {
		t.Fatalf("getShares: %s", a.Body)
	}
	a = e.raw(http.MethodGet, "createShare", creds("ann", "pw", "f", "json", "id", lib.single.ID))
	sh := a.Res["shares"].(map[string]any)["share"].([]any)[0].(map[string]any)
	if sh["url"] != e.URL+"/share?id="+lib.single.ID+"&type=song" || sh["username"] != "ann" || len(sh["entry"].([]any)) != 1 {
		t.Fatalf("createShare of a song: %s", a.Body)
	}
	p := &musicify.Playlist{Name: "Road", UserID: ann.ID}
	if err := e.DB.CreatePlaylist(e.ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.AddPlaylistSong(e.ctx, p.ID, lib.harbor[0].ID); err != nil {
		t.Fatal(err)
	}
	a = e.raw(http.MethodGet, "createShare", creds("boss", "pw2", "f", "json", "id", p.ID))
	sh = a.Res["shares"].(map[string]any)["share"].([]any)[0].(map[string]any)
	if sh["url"] != e.URL+"/share?id="+p.ID+"&type=playlist" || sh["description"] != "Road" || len(sh["entry"].([]any)) != 1 {
		t.Fatalf("createShare of a playlist: %s", a.Body)
	}
	// The link's item is what the web app's share page shows to anyone.
	if res, err := http.Get(e.URL + "/api/share/playlist/" + p.ID); err != nil || res.StatusCode != 200 {
		t.Fatalf("the share link: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	for _, tc := range []struct {
		ids  []string
		code int
	}{{nil, 10}, {[]string{"nope"}, 70}, {[]string{lib.single.ID, p.ID}, 0}, {[]string{"al-" + lib.albumID}, 0}} {
		v := creds("ann", "pw", "f", "json")
		for _, id := range tc.ids {
			v.Add("id", id)
		}
		if a := e.raw(http.MethodGet, "createShare", v); a.errorCode() != tc.code {
			t.Errorf("createShare %v: %s, want code %d", tc.ids, a.Body, tc.code)
		}
	}
}

// Biographies and album notes are read from the library beside the music:
// text files and Kodi NFOs; the images are the covers getCoverArt sends.
func TestArtistAndAlbumInfoFromTheLibrary(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	put := func(key, text string) {
		t.Helper()
		if _, err := e.Blobs.Put(e.ctx, key, strings.NewReader(text)); err != nil {
			t.Fatal(err)
		}
	}
	info := func(call, id string) map[string]any {
		t.Helper()
		a := e.raw(http.MethodGet, call, creds("ann", "pw", "f", "json", "id", id))
		for _, key := range []string{"artistInfo", "artistInfo2", "albumInfo"} {
			if m, ok := a.Res[key].(map[string]any); ok {
				return m
			}
		}
		t.Fatalf("%s %s: %s", call, id, a.Body)
		return nil
	}
	if got := info("getArtistInfo", "ar-"+lib.artistID); got["biography"] != nil {
		t.Fatalf("no biography file yet: %v", got)
	}
	put("lib/f1/Neon Harbor/artist.nfo", `<?xml version="1.0" encoding="UTF-8"?>
<artist><name>Neon Harbor</name><biography>Synths from a port town.</biography></artist>
https://musicbrainz.org/artist/x`)
	put("lib/f1/Neon Harbor/Night Lines/album.nfo", `<album><title>Night Lines</title><plot>Plot.</plot><review>Recorded at night.</review></album>`)
	put("lib/f1/Velvet Static/Glass/album.txt", "  One long piece.\n")
	// Someone who plays both artists makes them alike.
	for _, id := range []string{lib.harbor[0].ID, lib.single.ID} {
		if a := e.raw(http.MethodGet, "scrobble", creds("ann", "pw", "f", "json", "id", id)); a.errorCode() != -1 {
			t.Fatalf("scrobble: %s", a.Body)
		}
	}
	for _, call := range []string{"getArtistInfo", "getArtistInfo2"} {
		got := info(call, "ar-"+lib.artistID)
		if got["biography"] != "Synths from a port town." {
			t.Errorf("%s: %v", call, got)
		}
		// The one other artist's song is among those like Neon Harbor's.
		sim, _ := got["similarArtist"].([]any)
		if len(sim) != 1 || sim[0].(map[string]any)["name"] != "Velvet Static" || sim[0].(map[string]any)["id"] != "ar-"+lib.single.ArtistID {
			t.Errorf("%s similar artists: %v", call, got["similarArtist"])
		}
	}
	cover := lib.harbor[0].CoverKey
	for _, id := range []string{"al-" + lib.albumID, lib.harbor[1].ID} { // an album's id, or a song's
		got := info("getAlbumInfo", id)
		if got["notes"] != "Recorded at night." || got["largeImageUrl"] != e.URL+"/media/"+cover+"-640.jpg" ||
			got["smallImageUrl"] != e.URL+"/media/"+cover+"-160.jpg" {
			t.Errorf("getAlbumInfo %s: %v", id, got)
		}
	}
	if got := info("getAlbumInfo2", "al-"+lib.single.AlbumID); got["notes"] != "One long piece." || got["largeImageUrl"] != nil {
		t.Errorf("getAlbumInfo2 of a coverless album with a text file: %v", got)
	}
	// The image URLs open without credentials, as apps load them.
	res, err := http.Get(info("getAlbumInfo", "al-"+lib.albumID)["largeImageUrl"].(string))
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("the large image: %v %v", res, err)
	}
	res.Body.Close()
	// The non-ID3 similar songs are the ID3 ones.
	a := e.raw(http.MethodGet, "getSimilarSongs", creds("ann", "pw", "f", "json", "id", lib.harbor[0].ID))
	b := e.raw(http.MethodGet, "getSimilarSongs2", creds("ann", "pw", "f", "json", "id", lib.harbor[0].ID))
	if a.Res["similarSongs"] == nil || !reflect.DeepEqual(a.Res["similarSongs"], b.Res["similarSongs2"]) {
		t.Fatalf("getSimilarSongs %s vs %s", a.Body, b.Body)
	}
	if a := e.raw(http.MethodGet, "getArtistInfo", creds("ann", "pw", "f", "json", "id", "ar-nope")); a.errorCode() != 70 {
		t.Fatalf("unknown artist: %s", a.Body)
	}
}

// indexBasedQueue: a song queued twice is told apart by its place; the
// same queue reads back by song id, and mistakes are error 10.
func TestPlayQueueByIndex(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	a := e.raw(http.MethodGet, "getPlayQueueByIndex", creds("ann", "pw", "f", "json"))
	if pq := a.Res["playQueueByIndex"].(map[string]any); pq["username"] != "ann" || pq["currentIndex"] != nil {
		t.Fatalf("no queue yet: %s", a.Body)
	}
	x, y := lib.harbor[0].ID, lib.single.ID
	save := creds("ann", "pw", "f", "json", "id", x, "id", y, "id", x, "currentIndex", "2", "position", "3000")
	if a := e.raw(http.MethodPost, "savePlayQueueByIndex", save); a.Res["status"] != "ok" {
		t.Fatalf("savePlayQueueByIndex: %s", a.Body)
	}
	a = e.raw(http.MethodGet, "getPlayQueueByIndex", creds("ann", "pw", "f", "json"))
	pq := a.Res["playQueueByIndex"].(map[string]any)
	if pq["currentIndex"].(float64) != 2 || pq["position"].(float64) != 3000 || len(pq["entry"].([]any)) != 3 || pq["changedBy"] != "test" {
		t.Fatalf("getPlayQueueByIndex: %s", a.Body)
	}
	// The same queue by id: the song playing is the one at that place.
	if a := e.raw(http.MethodGet, "getPlayQueue", creds("ann", "pw", "f", "json")); a.Res["playQueue"].(map[string]any)["current"] != x {
		t.Fatalf("getPlayQueue: %s", a.Body)
	}
	// A queue saved by id reads back by index at the current song's place.
	if a := e.raw(http.MethodGet, "savePlayQueue", creds("ann", "pw", "f", "json", "id", x, "id", y, "current", y)); a.Res["status"] != "ok" {
		t.Fatalf("savePlayQueue: %s", a.Body)
	}
	a = e.raw(http.MethodGet, "getPlayQueueByIndex", creds("ann", "pw", "f", "json"))
	if pq := a.Res["playQueueByIndex"].(map[string]any); pq["currentIndex"].(float64) != 1 {
		t.Fatalf("by index after savePlayQueue: %s", a.Body)
	}
	for name, params := range map[string][]string{
		"index past the end":  {"id", x, "currentIndex", "1"},
		"negative index":      {"id", x, "currentIndex", "-1"},
		"songs without index": {"id", x},
		"index without songs": {"currentIndex", "0"},
	} {
		if a := e.raw(http.MethodGet, "savePlayQueueByIndex", creds("ann", "pw", append([]string{"f", "json"}, params...)...)); a.errorCode() != 10 {
			t.Errorf("%s: %s, want code 10", name, a.Body)
		}
	}
	// No songs clears the queue.
	if a := e.raw(http.MethodGet, "savePlayQueueByIndex", creds("ann", "pw", "f", "json")); a.Res["status"] != "ok" {
		t.Fatalf("clearing: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "getPlayQueueByIndex", creds("ann", "pw", "f", "json")); a.Res["playQueueByIndex"].(map[string]any)["entry"] != nil {
		t.Fatalf("after clearing: %s", a.Body)
	}
}
