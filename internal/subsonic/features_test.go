package subsonic_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/xml"
	"hash/crc32"
	"image"
	_ "image/jpeg"
	"image/png"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gosubsonic "github.com/supersonic-app/go-subsonic/subsonic"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func titles(list []*gosubsonic.Child) string {
	var out []string
	for _, s := range list {
		out = append(out, s.Title)
	}
	return strings.Join(out, ",")
}

// search3 forgives typos and finds the albums and artists of the songs it
// finds; an empty query lists everything, paged.
func TestSearchForgivesTyposAndListsEverything(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "pw")
		c := e.client("ann", "pw", true)
		r, err := c.Search3("harbour lihgts", nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Song) == 0 || r.Song[0].Title != "Harbour Lights" || len(r.Album) != 1 || r.Album[0].Name != "Night Lines" ||
			len(r.Artist) != 1 || r.Artist[0].Name != "Neon Harbor" {
			t.Fatalf("search3: %+v", r)
		}
		r, err = c.Search3("velvet statc", map[string]string{"albumCount": "0", "artistCount": "0"})
		if err != nil || titles(r.Song) != "Glass" || len(r.Album) != 0 || len(r.Artist) != 0 {
			t.Fatalf("search3 with counts: %+v %v", r, err)
		}
		all, err := c.Search3(`""`, map[string]string{"songCount": "2", "songOffset": "3"})
		if err != nil || len(all.Song) != 1 || len(all.Album) != 2 || len(all.Artist) != 2 {
			t.Fatalf("everything: %+v %v", all, err)
		}
		r2, err := c.Search2("undertw", nil)
		if err != nil || titles(r2.Song) != "Undertow" || len(r2.Album) != 1 || !r2.Album[0].IsDir || r2.Artist[0].ID != "ar-"+lib.artistID {
			t.Fatalf("search2: %+v %v", r2, err)
		}
	})
}

// A starred song is a like the web app sees; albums and artists are
// starred apart; getStarred2 lists them all and unstar takes them back.
func TestStarIsALikeAndStarredListsIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		ann := e.user("ann", "pw")
		c := e.client("ann", "pw", false)
		song := lib.harbor[1].ID
		if err := c.Star(gosubsonic.StarParameters{SongIDs: []string{song}, AlbumIDs: []string{"al-" + lib.albumID},
			ArtistIDs: []string{"ar-" + lib.artistID}}); err != nil {
			t.Fatal(err)
		}
		if liked, err := e.DB.Likes(e.ctx, ann.ID, song); err != nil || !liked {
			t.Fatalf("the web app does not see the like: %v %v", liked, err)
		}
		st, err := c.GetStarred2(nil)
		if err != nil || titles(st.Song) != "Harbour Lights" || len(st.Album) != 1 || len(st.Artist) != 1 || st.Song[0].Starred.IsZero() {
			t.Fatalf("starred2: %+v %v", st, err)
		}
		got, _ := c.GetSong(song)
		if got.Starred.IsZero() {
			t.Fatalf("the song does not say it is starred: %+v", got)
		}
		if err := c.Unstar(gosubsonic.StarParameters{SongIDs: []string{song}, AlbumIDs: []string{"al-" + lib.albumID}}); err != nil {
			t.Fatal(err)
		}
		if liked, _ := e.DB.Likes(e.ctx, ann.ID, song); liked {
			t.Fatal("unstar kept the like")
		}
		old, err := c.GetStarred(nil)
		if err != nil || len(old.Song) != 0 || len(old.Album) != 0 || len(old.Artist) != 1 {
			t.Fatalf("starred after unstar: %+v %v", old, err)
		}
		if err := c.Star(gosubsonic.StarParameters{SongIDs: []string{"nope"}}); err == nil || !strings.Contains(err.Error(), "#70") {
			t.Fatalf("starring nothing: %v", err)
		}
		if err := c.SetRating(song, 5); err != nil {
			t.Fatal(err)
		}
		if got, _ := c.GetSong(song); got.UserRating != 5 {
			t.Fatalf("rating: %d", got.UserRating)
		}
		if err := c.SetRating(song, 9); err == nil {
			t.Fatal("a rating of 9 was taken")
		}
	})
}

// Playlists round trip through the API; only the owner changes them.
func TestPlaylistRoundTripWithOwnership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "pw")
		e.user("bob", "pw2")
		ann, bob := e.client("ann", "pw", false), e.client("bob", "pw2", true)
		h := lib.harbor
		if err := ann.CreatePlaylistWithTracks([]string{h[2].ID, h[0].ID}, map[string]string{"name": "Late"}); err != nil {
			t.Fatal(err)
		}
		lists, err := ann.GetPlaylists(nil)
		if err != nil || len(lists) != 1 || lists[0].SongCount != 2 || lists[0].Owner != "ann" {
			t.Fatalf("playlists: %+v %v", lists, err)
		}
		id := lists[0].ID
		if err := ann.UpdatePlaylistTracks(id, []string{lib.single.ID}, []int{0}); err != nil {
			t.Fatal(err)
		}
		if err := ann.UpdatePlaylist(id, map[string]string{"name": "Later"}); err != nil {
			t.Fatal(err)
		}
		p, err := ann.GetPlaylist(id)
		if err != nil || p.Name != "Later" || titles(p.Entry) != "Low Tide,Glass" || p.SongCount != 2 {
			t.Fatalf("after update: %+v %v", p, err)
		}
		// Bob may read it by id, never change it.
		if seen, err := bob.GetPlaylist(id); err != nil || titles(seen.Entry) != "Low Tide,Glass" {
			t.Fatalf("bob reads: %+v %v", seen, err)
		}
		for name, try := range map[string]func() error{
			"update": func() error { return bob.UpdatePlaylistTracks(id, []string{h[1].ID}, nil) },
			"rename": func() error { return bob.UpdatePlaylist(id, map[string]string{"name": "Mine"}) },
			"replace": func() error {
				return bob.CreatePlaylistWithTracks([]string{h[1].ID}, map[string]string{"playlistId": id})
			},
			"delete": func() error { return bob.DeletePlaylist(id) },
		} {
			if err := try(); err == nil || !strings.Contains(err.Error(), "#50") {
				t.Errorf("bob's %s: %v", name, err)
			}
		}
		if p, _ := ann.GetPlaylist(id); p.Name != "Later" || titles(p.Entry) != "Low Tide,Glass" {
			t.Fatalf("bob changed it: %+v", p)
		}
		// createPlaylist with playlistId replaces the songs.
		if err := ann.CreatePlaylistWithTracks([]string{h[1].ID}, map[string]string{"playlistId": id}); err != nil {
			t.Fatal(err)
		}
		if p, _ := ann.GetPlaylist(id); titles(p.Entry) != "Harbour Lights" {
			t.Fatalf("replaced: %+v", p)
		}
		if err := ann.DeletePlaylist(id); err != nil {
			t.Fatal(err)
		}
		if _, err := ann.GetPlaylist(id); err == nil || !strings.Contains(err.Error(), "#70") {
			t.Fatalf("deleted playlist: %v", err)
		}
	})
}

// One scrobble of 9,000 ids counted 9,000 plays: the same song and time in
// one call is one play, the listen rule holds as for the web, and a call
// names at most 500 songs. Plays an app reports late with their times
// count each, once a song length apart.
func TestBatchScrobblesCannotBuyPlays(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	lib := e.library()
	e.user("ann", "pw")
	id := lib.harbor[0].ID
	scrobble := func(params ...string) answer {
		t.Helper()
		return e.raw(http.MethodGet, "scrobble", creds("ann", "pw", append([]string{"f", "json"}, params...)...))
	}
	count := func() int64 {
		t.Helper()
		s, err := e.client("ann", "pw", false).GetSong(id)
		if err != nil {
			t.Fatal(err)
		}
		return s.PlayCount
	}
	var same []string
	for range 500 {
		same = append(same, "id", id)
	}
	if a := scrobble(same...); a.errorCode() != -1 || count() != 1 {
		t.Fatalf("500 times one id: %s, %d plays", a.Body, count())
	}
	if a := scrobble(append(same, "id", id)...); a.errorCode() == -1 {
		t.Errorf("501 ids were taken: %s", a.Body)
	}
	var late []string
	for i := range 3 { // three plays in a row, an hour ago, a song length apart
		at := e.Clock.Now().Add(-time.Hour + time.Duration(i)*10*time.Minute)
		late = append(late, "id", id, "time", strconv.FormatInt(at.UnixMilli(), 10))
	}
	if a := scrobble(late...); a.errorCode() != -1 || count() != 4 {
		t.Fatalf("three late plays: %s, %d plays", a.Body, count())
	}
}

// A submitted scrobble counts a play as the web player's listen does; one
// that is not submitted only shows in getNowPlaying.
func TestScrobbleCountsAPlay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		lib := e.library()
		e.user("ann", "pw")
		c := e.client("ann", "pw", false)
		id := lib.harbor[0].ID
		if err := c.Scrobble(id, map[string]string{"submission": "false"}); err != nil {
			t.Fatal(err)
		}
		if s, _ := c.GetSong(id); s.PlayCount != 0 {
			t.Fatalf("now playing counted a play: %d", s.PlayCount)
		}
		now, err := c.GetNowPlaying()
		if err != nil || len(now) != 1 || now[0].Title != "Low Tide" || now[0].Username != "ann" {
			t.Fatalf("now playing: %+v %v", now, err)
		}
		if err := c.Scrobble(id, nil); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(10 * time.Minute) // a play counts once per song length
		if err := c.Scrobble(id, map[string]string{"submission": "true"}); err != nil {
			t.Fatal(err)
		}
		if s, _ := c.GetSong(id); s.PlayCount != 2 {
			t.Fatalf("play count %d, want 2", s.PlayCount)
		}
		if al, _ := c.GetAlbum("al-" + lib.albumID); al.PlayCount != 2 {
			t.Fatalf("album play count %d", al.PlayCount)
		}
		e.Clock.Advance(time.Hour)
		if now, _ := c.GetNowPlaying(); len(now) != 0 {
			t.Fatalf("an hour later still playing: %+v", now)
		}
	})
}

// Covers come at the stored size nearest the one asked for, or as the
// full picture (here 96 px, never enlarged) without a size or above the
// largest square; items without one get a default image; unknown ids are
// error 70.
func TestCoverArtSizes(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	c := e.client("ann", "pw", false)
	for _, tc := range []struct {
		id   string
		size string
		px   int
	}{
		{"al-" + lib.albumID, "100", 100}, {"al-" + lib.albumID, "300", 300}, {"al-" + lib.albumID, "", 96},
		{lib.harbor[0].ID, "160", 160}, {lib.harbor[1].ID, "50", 50}, // a song without its own cover shows its album's
		{"ar-" + lib.artistID, "2000", 96}, {"ar-" + lib.artistID, "640", 640}, {lib.single.ID, "100", 100}, // the default image
	} {
		params := map[string]string{}
		if tc.size != "" {
			params["size"] = tc.size
		}
		img, err := c.GetCoverArt(tc.id, params)
		if err != nil {
			t.Fatalf("%s at %s: %v", tc.id, tc.size, err)
		}
		if b := img.Bounds(); b.Dx() != tc.px || b.Dy() != tc.px {
			t.Errorf("%s at %s: %v, want %d", tc.id, tc.size, b, tc.px)
		}
	}
	def := e.raw(http.MethodGet, "getCoverArt", creds("ann", "pw", "id", lib.single.ID))
	album := e.raw(http.MethodGet, "getCoverArt", creds("ann", "pw", "id", "al-"+lib.albumID))
	if bytes.Equal(def.Body, album.Body) {
		t.Fatal("the album shows the default image")
	}
	if _, _, err := image.Decode(bytes.NewReader(def.Body)); err != nil || def.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("default: %v %v", def.Header, err)
	}
	if _, err := c.GetCoverArt("al-nope", nil); err == nil || !strings.Contains(err.Error(), "#70") {
		t.Fatalf("unknown cover: %v", err)
	}
}

// Without a size an app gets the picture at its own shape and dimensions
// (up to 3000 px on its long side), re-encoded: the uploaded file's
// metadata is not sent. A size above 640 gets it too; the web app's sizes
// stay squares. A cover stored before the full copy was kept sends its
// largest square.
func TestCoverArtWithoutASizeIsThePicture(t *testing.T) {
	e := newEnv(t, nil)
	e.user("ann", "pw")
	dir := t.TempDir()
	picture := func(name string, w, h int) string {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				copy(img.Pix[img.PixOffset(x, y):], []byte{uint8(x * 255 / w), uint8(y * 255 / h), 90, 255})
			}
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		// A text chunk the re-encoding must drop, before the end chunk.
		data := b.Bytes()
		end := bytes.LastIndex(data, []byte("IEND")) - 4
		chunk := []byte("tEXtComment\x00secret-location-52.37N")
		out := append(append([]byte{}, data[:end]...), binary.BigEndian.AppendUint32(nil, uint32(len(chunk)-4))...)
		out = append(append(out, chunk...), binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(chunk))...)
		out = append(out, data[end:]...)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	wide := e.addTrack(track{file: "sine.mp3", tags: musicify.TrackTags{Title: "Wide", Artist: "Shore", Album: "Wide"},
		cover: true, coverImage: picture("wide.png", 1200, 900)})
	huge := e.addTrack(track{file: "sine.mp3", tags: musicify.TrackTags{Title: "Huge", Artist: "Shore", Album: "Huge"},
		cover: true, coverImage: picture("huge.png", 3600, 1200)})
	fetch := func(id string, params ...string) (image.Image, []byte) {
		t.Helper()
		a := e.raw(http.MethodGet, "getCoverArt", creds("ann", "pw", append([]string{"id", id}, params...)...))
		img, _, err := image.Decode(bytes.NewReader(a.Body))
		if err != nil || a.Status != http.StatusOK || a.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("getCoverArt %s %v: %d %v %v", id, params, a.Status, a.Header, err)
		}
		return img, a.Body
	}
	for _, tc := range []struct {
		id     string
		params []string
		w, h   int
	}{
		{wide.ID, nil, 1200, 900}, {"al-" + wide.AlbumID, nil, 1200, 900}, {wide.ID, []string{"size", "1000"}, 1200, 900},
		{wide.ID, []string{"size", "640"}, 640, 640}, {wide.ID, []string{"size", "160"}, 160, 160},
		{huge.ID, nil, 3000, 1000}, // capped
	} {
		img, body := fetch(tc.id, tc.params...)
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
			t.Errorf("%s %v: %dx%d, want %dx%d", tc.id, tc.params, b.Dx(), b.Dy(), tc.w, tc.h)
		}
		if bytes.Contains(body, []byte("secret-location")) {
			t.Errorf("%s %v sends the upload's metadata", tc.id, tc.params)
		}
	}
	// The colours are the picture's, uncropped: its left edge is dark red, its right bright.
	img, _ := fetch(wide.ID)
	if r, _, _, _ := img.At(5, 450).RGBA(); r>>8 > 40 {
		t.Errorf("left edge red %d: the picture is cropped or not the original", r>>8)
	}
	if r, _, _, _ := img.At(1194, 450).RGBA(); r>>8 < 215 {
		t.Errorf("right edge red %d: the picture is cropped or not the original", r>>8)
	}
	// A cover kept before the full copy: its largest square.
	if err := e.Blobs.Delete(e.ctx, covers.FullFile(wide.CoverKey)); err != nil {
		t.Fatal(err)
	}
	for _, params := range [][]string{nil, {"size", "1000"}} {
		if img, _ := fetch(wide.ID, params...); img.Bounds().Dx() != 640 || img.Bounds().Dy() != 640 {
			t.Errorf("an older cover %v: %v, want 640", params, img.Bounds())
		}
	}
}

// Every way of signing in, and each wrong one with its code.
func TestAuthentication(t *testing.T) {
	e := newEnv(t, nil)
	e.user("ann", "app pw")
	ok := func(name string, v url.Values) {
		t.Helper()
		v.Set("f", "json")
		if a := e.raw(http.MethodGet, "ping", v); a.Res["status"] != "ok" {
			t.Errorf("%s: %s", name, a.Body)
		}
	}
	fails := func(name string, v url.Values, code int) {
		t.Helper()
		v.Set("f", "json")
		if a := e.raw(http.MethodGet, "ping", v); a.errorCode() != code || a.Status != 200 {
			t.Errorf("%s: %d %s, want code %d", name, a.Status, a.Body, code)
		}
	}
	ok("token", creds("ann", "app pw"))
	ok("plain", url.Values{"u": {"ann"}, "p": {"app pw"}})
	ok("enc", url.Values{"u": {"ANN"}, "p": {"enc:" + hex.EncodeToString([]byte("app pw"))}})
	ok("api key", url.Values{"apiKey": {"key-of-ann"}})
	fails("wrong token", creds("ann", "web password"), 40)
	fails("wrong password", url.Values{"u": {"ann"}, "p": {"nope"}}, 40)
	fails("unknown user", url.Values{"u": {"zed"}, "p": {"app pw"}}, 40)
	fails("bad hex", url.Values{"u": {"ann"}, "p": {"enc:zz"}}, 40)
	fails("no user", url.Values{"p": {"app pw"}}, 10)
	fails("no password", url.Values{"u": {"ann"}}, 10)
	fails("token without salt", url.Values{"u": {"ann"}, "t": {"abc"}}, 10)
	fails("api key with u", url.Values{"u": {"ann"}, "apiKey": {"key-of-ann"}}, 43)
	fails("p and t", url.Values{"u": {"ann"}, "p": {"app pw"}, "t": {"abc"}, "s": {"x"}}, 43)
	fails("wrong api key", url.Values{"apiKey": {"key-of-nobody"}}, 44)
	// tokenInfo says whose a key is; a wrong key is 44 there too.
	if a := e.raw(http.MethodGet, "tokenInfo", url.Values{"apiKey": {"key-of-ann"}, "f": {"json"}}); a.Res["tokenInfo"].(map[string]any)["username"] != "ann" {
		t.Errorf("tokenInfo: %s", a.Body)
	}
	if a := e.raw(http.MethodGet, "tokenInfo", url.Values{"apiKey": {"key-of-nobody"}, "f": {"json"}}); a.errorCode() != 44 {
		t.Errorf("tokenInfo of a wrong key: %s", a.Body)
	}
	ok("newer minor protocol", url.Values{"apiKey": {"key-of-ann"}, "v": {"1.17.0"}})
	ok("far newer minor protocol", url.Values{"apiKey": {"key-of-ann"}, "v": {"1.99.3"}})
	fails("another major protocol", url.Values{"apiKey": {"key-of-ann"}, "v": {"2.0.0"}}, 30)
	fails("older protocol", url.Values{"apiKey": {"key-of-ann"}, "v": {"0.9.0"}}, 20)
	if slices.ContainsFunc(e.Auth.addrs, func(a string) bool { return a != "127.0.0.1" }) || len(e.Auth.addrs) == 0 {
		t.Errorf("client addresses passed: %v", e.Auth.addrs)
	}
	// The go-subsonic client reports a wrong password as such.
	c := &gosubsonic.Client{Client: http.DefaultClient, BaseUrl: e.URL, User: "ann", ClientName: "test"}
	if err := c.Authenticate("web password"); err != gosubsonic.ErrAuthenticationFailure {
		t.Fatalf("go-subsonic: %v", err)
	}
	// The extensions are listed without signing in.
	if a := e.raw(http.MethodGet, "getOpenSubsonicExtensions", url.Values{"f": {"json"}}); a.Res["status"] != "ok" {
		t.Fatalf("extensions: %s", a.Body)
	}
}

// One answer in XML and JSON: the same data in each encoding's shape,
// by GET or POST, with or without .view; mistakes get codes, never a 500.
func TestXMLAndJSONProtocol(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	id := "al-" + lib.albumID

	x := e.raw(http.MethodGet, "getAlbum.view", creds("ann", "pw", "id", id))
	var doc struct {
		XMLName xml.Name
		Status  string `xml:"status,attr"`
		Open    string `xml:"openSubsonic,attr"`
		Album   struct {
			Name string `xml:"name,attr"`
			Song []struct {
				Title  string `xml:"title,attr"`
				Genres []struct {
					Name string `xml:"name,attr"`
				} `xml:"genres"`
			} `xml:"song"`
		} `xml:"album"`
	}
	if err := xml.Unmarshal(x.Body, &doc); err != nil || doc.XMLName.Space != "http://subsonic.org/restapi" ||
		doc.XMLName.Local != "subsonic-response" || doc.Status != "ok" || doc.Open != "true" || doc.Album.Name != "Night Lines" ||
		len(doc.Album.Song) != 3 || doc.Album.Song[0].Genres[0].Name != "Synthwave" || !strings.HasPrefix(x.Header.Get("Content-Type"), "text/xml") {
		t.Fatalf("XML: %v %s", err, x.Body)
	}

	j := e.raw(http.MethodPost, "getAlbum", creds("ann", "pw", "id", id, "f", "json"))
	album := j.Res["album"].(map[string]any)
	songs := album["song"].([]any)
	first := songs[0].(map[string]any)
	if album["name"] != "Night Lines" || len(songs) != 3 || first["title"] != "Low Tide" || first["isDir"] != false ||
		first["mediaType"] != "song" || first["duration"].(float64) != 1 || first["created"] != "2026-11-21T12:00:00.000Z" {
		t.Fatalf("JSON: %s", j.Body)
	}
	if g := first["genres"].([]any); len(g) != 1 || g[0].(map[string]any)["name"] != "Synthwave" {
		t.Fatalf("JSON genres: %v", first["genres"])
	}
	// Arrays stay arrays with one item; OpenSubsonic fields are present when empty.
	one := e.raw(http.MethodGet, "getAlbum", creds("ann", "pw", "id", "al-"+lib.single.AlbumID, "f", "json"))
	s := one.Res["album"].(map[string]any)["song"].([]any)[0].(map[string]any)
	if _, ok := s["musicBrainzId"]; !ok || len(s["genres"].([]any)) != 1 {
		t.Fatalf("one song: %s", one.Body)
	}
	ext := e.raw(http.MethodGet, "getOpenSubsonicExtensions", creds("ann", "pw", "f", "json"))
	var names []string
	for _, x := range ext.Res["openSubsonicExtensions"].([]any) {
		names = append(names, x.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "apiKeyAuthentication,formPost,indexBasedQueue,songLyrics,transcodeOffset" {
		t.Fatalf("extensions: %s", ext.Body)
	}

	for _, tc := range []struct {
		endpoint string
		params   []string
		code     int
	}{
		{"getAlbum", nil, 10}, {"getAlbum", []string{"id", "al-nope"}, 70}, {"getArtist", []string{"id", "ar-nope"}, 70},
		{"getAlbumList2", []string{"type", "newest", "size", "ten"}, 0}, {"search3", nil, 10},
		{"stream", []string{"id", "nope"}, 70}, {"getUser", []string{"username", "bob"}, 50},
		{"updatePlaylist", []string{"playlistId", "nope"}, 70}, {"noSuchCall", nil, 70},
	} {
		a := e.raw(http.MethodGet, tc.endpoint, creds("ann", "pw", append([]string{"f", "json"}, tc.params...)...))
		if a.errorCode() != tc.code || a.Status >= 500 {
			t.Errorf("%s %v: %d %s, want code %d", tc.endpoint, tc.params, a.Status, a.Body, tc.code)
		}
	}
	if a := e.raw(http.MethodOptions, "ping", nil, "Origin", "https://app.example"); a.Status != 204 || a.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("preflight: %d %v", a.Status, a.Header)
	}
	cross := e.raw(http.MethodPost, "ping", creds("ann", "pw", "f", "json"), "Origin", "https://app.example", "Sec-Fetch-Site", "cross-site")
	if cross.Res["status"] != "ok" {
		t.Fatalf("a web app on another origin: %d %s", cross.Status, cross.Body)
	}
}

// stream transcodes with ffmpeg when asked for another format, a lower
// bitrate or a start past the beginning; format=raw is the original.
func TestStreamTranscodes(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	tune := lib.harbor[2] // 12 s of MP3
	get := func(params ...string) answer {
		t.Helper()
		return e.raw(http.MethodGet, "stream", creds("ann", "pw", append([]string{"id", tune.ID}, params...)...))
	}
	opus := get("format", "opus")
	if opus.Header.Get("Content-Type") != "audio/ogg" || !bytes.HasPrefix(opus.Body, []byte("OggS")) {
		t.Fatalf("opus: %v %q", opus.Header, opus.Body[:min(8, len(opus.Body))])
	}
	raw := get("format", "raw", "maxBitRate", "64")
	if int64(len(raw.Body)) != tune.Size || raw.Header.Get("Accept-Ranges") != "bytes" {
		t.Fatalf("raw: %d bytes of %d", len(raw.Body), tune.Size)
	}
	low := get("maxBitRate", "32")
	if low.Header.Get("Content-Type") != "audio/mpeg" || int64(len(low.Body)) >= tune.Size || len(low.Body) < 30_000 {
		t.Fatalf("32 kbps: %d bytes of %d", len(low.Body), tune.Size)
	}
	late := get("maxBitRate", "32", "timeOffset", "8")
	if len(late.Body) == 0 || len(late.Body) > len(low.Body)/2 {
		t.Fatalf("from 8 s: %d bytes, from 0 s: %d", len(late.Body), len(low.Body))
	}
}

// Lyrics by song id (synced from LRC, plain from the text) and by artist and title.
func TestLyrics(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	c := e.client("ann", "pw", true)
	l, err := c.GetLyricsBySongId(lib.harbor[2].ID)
	if err != nil || len(l.StructuredLyrics) != 2 {
		t.Fatalf("lyrics: %+v %v", l, err)
	}
	synced, plain := l.StructuredLyrics[0], l.StructuredLyrics[1]
	if !synced.Synced || len(synced.Lines) != 2 || synced.Lines[0].Start != 200 || synced.Lines[0].Text != "Down we go" ||
		synced.Lines[1].Start != 1500 || plain.Synced || len(plain.Lines) != 2 || plain.Lines[1].Text != "Under the water" {
		t.Fatalf("structured: %+v", l.StructuredLyrics)
	}
	if none, err := c.GetLyricsBySongId(lib.single.ID); err != nil || len(none.StructuredLyrics) != 0 {
		t.Fatalf("no lyrics: %+v %v", none, err)
	}
	old, err := c.GetLyrics("Undertow", "Neon Harbor")
	if err != nil || old.Text != "Down we go\nUnder the water" || old.Title != "Undertow" {
		t.Fatalf("getLyrics: %+v %v", old, err)
	}
	if miss, err := c.GetLyrics("Undertow", "Someone Else"); err != nil || miss.Text != "" {
		t.Fatalf("getLyrics of another artist: %+v %v", miss, err)
	}
}

// The play queue, the user, radio stations and the scan status.
func TestQueueUserRadioAndScan(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	c := e.client("ann", "pw", false)
	if q, err := c.GetPlayQueue(); err != nil || q == nil || len(q.Entries) != 0 || q.Username != "ann" {
		t.Fatalf("no queue yet is an empty one: %+v %v", q, err)
	}
	ids := []string{lib.harbor[2].ID, lib.single.ID}
	if err := c.SavePlayQueue(ids, map[string]string{"current": lib.single.ID, "position": "4200"}); err != nil {
		t.Fatal(err)
	}
	q, err := c.GetPlayQueue()
	if err != nil || titles(q.Entries) != "Undertow,Glass" || q.Current != lib.single.ID || q.Position != 4200 || q.Username != "ann" || q.ChangedBy != "test" {
		t.Fatalf("queue: %+v %v", q, err)
	}
	u, err := c.GetUser("ann")
	if err != nil || !u.StreamRole || !u.DownloadRole || !u.PlaylistRole || u.AdminRole {
		t.Fatalf("user: %+v %v", u, err)
	}
	if err := e.DB.CreateStation(e.ctx, &musicify.Station{ID: "st1", Name: "Night Radio", UserID: ann.ID, Start: e.Clock.Now(),
		AudioKey: lib.harbor[0].AudioKey, Format: "mp3", Duration: 1}); err != nil {
		t.Fatal(err)
	}
	stations, err := c.GetInternetRadioStations()
	if err != nil || len(stations) != 1 || stations[0].Name != "Night Radio" {
		t.Fatalf("stations: %+v %v", stations, err)
	}
	// The stream URL plays without credentials: it is signed.
	res, err := http.Get(stations[0].StreamUrl)
	if err != nil || res.StatusCode != 200 || !strings.HasPrefix(stations[0].StreamUrl, e.URL+"/media/s/") {
		t.Fatalf("station stream %s: %v %v", stations[0].StreamUrl, res, err)
	}
	res.Body.Close()
	// Without library folders there is no scan to report.
	a := e.raw(http.MethodGet, "getScanStatus", creds("ann", "pw", "f", "json"))
	if st, _ := a.Res["scanStatus"].(map[string]any); st == nil || st["scanning"] != false || st["count"].(float64) != 0 {
		t.Fatalf("getScanStatus: %s", a.Body)
	}
	// Only a smoke test: the recommender has learnt nothing here; its
	// answers are tested in internal/recommend.
	similar, err := c.GetSimilarSongs2("ar-"+lib.artistID, nil)
	if err != nil || slices.ContainsFunc(similar, func(s *gosubsonic.Child) bool { return s.ArtistID == "ar-"+lib.artistID }) {
		t.Fatalf("similar: %+v %v", similar, err)
	}
}

// scanner stands in for the library scanner: it counts the scans asked for.
type scanner struct {
	mu      sync.Mutex
	started int
	status  *musicify.ScanStatus // when set, the status reported
}

func (s *scanner) Status() musicify.ScanStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status != nil {
		return *s.status
	}
	return musicify.ScanStatus{Running: s.started > 0, Seen: 7}
}

func (s *scanner) StartScan(bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started++
	return true
}

func (s *scanner) scans() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.started
}

// Only an admin starts a scan, as on the admin page; anyone may see how it
// goes (as in Navidrome), and getUser says who is an admin.
func TestOnlyAdminsStartAScan(t *testing.T) {
	e := newEnv(t, nil)
	scans := &scanner{}
	e.Subsonic.Scanner = scans
	e.user("ann", "pw")
	e.admin("boss", "pw2")

	for _, method := range []string{http.MethodGet, http.MethodPost} {
		a := e.raw(method, "startScan", creds("ann", "pw", "f", "json"))
		if a.errorCode() != 50 || a.Res["status"] != "failed" || a.Res["scanStatus"] != nil {
			t.Errorf("%s startScan by a non-admin: %s, want error 50", method, a.Body)
		}
	}
	if x := e.raw(http.MethodGet, "startScan", creds("ann", "pw")); !strings.Contains(string(x.Body), `code="50"`) {
		t.Errorf("startScan by a non-admin, XML: %s", x.Body)
	}
	if n := scans.scans(); n != 0 {
		t.Fatalf("a non-admin started %d scans", n)
	}
	a := e.raw(http.MethodGet, "getScanStatus", creds("ann", "pw", "f", "json"))
	if st, _ := a.Res["scanStatus"].(map[string]any); st == nil || st["scanning"] != false || st["count"].(float64) != 7 {
		t.Errorf("getScanStatus by a non-admin: %s", a.Body)
	}

	a = e.raw(http.MethodGet, "startScan", creds("boss", "pw2", "f", "json"))
	if st, _ := a.Res["scanStatus"].(map[string]any); a.errorCode() != -1 || st == nil || st["scanning"] != true || st["count"].(float64) != 7 {
		t.Errorf("startScan by an admin: %s", a.Body)
	}
	if n := scans.scans(); n != 1 {
		t.Errorf("an admin's startScan started %d scans, want 1", n)
	}

	if u, err := e.client("boss", "pw2", true).GetUser("boss"); err != nil || !u.AdminRole {
		t.Errorf("getUser of an admin: %+v %v", u, err)
	}
	if u, err := e.client("ann", "pw", true).GetUser("ann"); err != nil || u.AdminRole {
		t.Errorf("getUser of a non-admin: %+v %v", u, err)
	}
}

// getScanStatus tells when the last scan ran, over how many folders and
// for how long (the fields Navidrome adds), from the scanner's status.
func TestScanStatusSaysWhenAndHowLong(t *testing.T) {
	e := newEnv(t, nil)
	e.user("ann", "pw")
	started := e.Clock.Now().Add(-time.Minute)
	scans := &scanner{status: &musicify.ScanStatus{Folders: []string{"/music", "/more"}, Started: started,
		Finished: started.Add(1500 * time.Millisecond), Seen: 40}}
	e.Subsonic.Scanner = scans
	status := func() map[string]any {
		t.Helper()
		a := e.raw(http.MethodGet, "getScanStatus", creds("ann", "pw", "f", "json"))
		st, _ := a.Res["scanStatus"].(map[string]any)
		if st == nil {
			t.Fatalf("getScanStatus: %s", a.Body)
		}
		return st
	}
	st := status()
	if st["scanning"] != false || st["count"].(float64) != 40 || st["folderCount"].(float64) != 2 ||
		st["lastScan"] != started.UTC().Format("2006-01-02T15:04:05.000Z") || st["elapsedTime"].(float64) != 1500 {
		t.Fatalf("a finished scan: %v", st)
	}
	// A scan that runs: how long so far.
	scans.mu.Lock()
	scans.status = &musicify.ScanStatus{Folders: []string{"/music"}, Running: true, Started: started, Finished: started.Add(-time.Hour), Seen: 3}
	scans.mu.Unlock()
	if st := status(); st["scanning"] != true || st["elapsedTime"].(float64) != 60_000 || st["folderCount"].(float64) != 1 {
		t.Fatalf("a running scan: %v", st)
	}
	// Before any scan: no time.
	scans.mu.Lock()
	scans.status = &musicify.ScanStatus{Folders: []string{"/music"}}
	scans.mu.Unlock()
	if st := status(); st["lastScan"] != nil || st["elapsedTime"].(float64) != 0 {
		t.Fatalf("no scan yet: %v", st)
	}
}
