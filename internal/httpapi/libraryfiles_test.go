package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// libraryEnv is a server whose media store also serves one library
// folder holding fixture tunes, scanned in.
func libraryEnv(t *testing.T, tweak ...func(*httpapi.Server)) (*env, string, []byte) {
	t.Helper()
	dir := t.TempDir()
	audio := readFixture(t, "audio", "tune-12s.mp3")
	rel := filepath.Join("Neon Shore", "Ebb & Flow", "01 Low Tide?.mp3")
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, rel), audio, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, append([]func(*httpapi.Server){func(api *httpapi.Server) {
		db := api.Albums.(*sqlstore.DB)
		folder, err := db.LibraryFolder(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		api.Blobs = library.NewBlobs(api.Blobs, []*musicify.LibraryFolder{folder})
	}}, tweak...)...)
	s := &library.Scanner{Store: e.DB, Folders: []string{dir}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if st, err := s.Scan(context.Background(), false); err != nil || st.Added != 1 {
		t.Fatalf("scan = %+v, %v", st, err)
	}
	songs, err := e.DB.Songs(context.Background())
	if err != nil || len(songs) != 1 {
		t.Fatalf("songs = %v, %v", songs, err)
	}
	return e, songs[0].ID, audio
}

func TestALibrarySongStreamsWithRangeFromItsFolder(t *testing.T) {
	e, id, audio := libraryEnv(t)
	c := e.signUp("lib", "lib@example.com", "secret1")
	s := c.get("/api/songs/" + id).Body
	u, _ := s["audio"].(string)
	if !strings.HasPrefix(u, "/media/s/lib/") || !strings.Contains(u, "Neon%20Shore%2FEbb%20&%20Flow%2F01%20Low%20Tide%3F.mp3?") {
		t.Fatalf("audio url = %q", u)
	}
	res, got := e.client().fetch(u, "Range", "bytes=100-2099")
	if res.StatusCode != 206 || !bytes.Equal(got, audio[100:2100]) || res.Header.Get("Content-Type") != "audio/mpeg" {
		t.Fatalf("signed range: %d, %d bytes, %v", res.StatusCode, len(got), res.Header)
	}
	// The session-checked URL an expired link falls back to.
	fallback := "/media/" + strings.TrimPrefix(strings.SplitN(u, "?", 2)[0], "/media/s/")
	if res, got := c.fetch(fallback, "Range", "bytes=0-9"); res.StatusCode != 206 || !bytes.Equal(got, audio[:10]) {
		t.Errorf("session-checked range: %d %q", res.StatusCode, got)
	}
	if res, _ := e.client().fetch(fallback); res.StatusCode != 401 {
		t.Errorf("without a session: %d", res.StatusCode)
	}
	res, got = c.fetch(s["download"].(string))
	if res.StatusCode != 200 || !bytes.Equal(got, audio) {
		t.Errorf("download: %d, %d bytes", res.StatusCode, len(got))
	}
}

func TestLibraryPathsCannotLeaveTheFolder(t *testing.T) {
	e, id, _ := libraryEnv(t)
	c := e.signUp("lib", "lib@example.com", "secret1")
	u := c.get("/api/songs/" + id).Body["audio"].(string)
	folder := strings.Split(strings.TrimPrefix(u, "/media/s/lib/"), "/")[0]
	secret := filepath.Join(filepath.Dir(e.Media), "secret.mp3")
	if err := os.WriteFile(secret, []byte("ID3 secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"/media/lib/" + folder + "/..%2F..%2Fsecret.mp3",
		"/media/lib/" + folder + "/%2Fetc%2Fpasswd.mp3",
		"/media/lib/nope/x.mp3",
		"/media/lib/" + folder + "/Neon%20Shore%2Fcover.txt",
	} {
		if res, _ := c.fetch(p); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, res.StatusCode)
		}
	}
}

// Only songs the scan imported are served: not another file dropped into
// the folder since, and not a FIFO, which would hold the request forever.
func TestOnlyImportedLibraryFilesAreServed(t *testing.T) {
	e, id, audio := libraryEnv(t)
	c := e.signUp("lib", "lib@example.com", "secret1")
	u := c.get("/api/songs/" + id).Body["audio"].(string)
	fallback := "/media/" + strings.TrimPrefix(strings.SplitN(u, "?", 2)[0], "/media/s/")
	folder := strings.Split(strings.TrimPrefix(fallback, "/media/lib/"), "/")[0]
	var dir string
	if err := e.DB.Pool().QueryRow(`SELECT path FROM library_folders WHERE id = ?`, folder).Scan(&dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "never imported.mp3"), audio, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.mp3"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"never%20imported.mp3", "pipe.mp3"} {
		if res, _ := c.fetch("/media/lib/" + folder + "/" + name); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", name, res.StatusCode)
		}
	}
	if res, got := c.fetch(fallback, "Range", "bytes=0-9"); res.StatusCode != 206 || !bytes.Equal(got, audio[:10]) {
		t.Errorf("the imported song: %d %q", res.StatusCode, got)
	}
}

func TestLibraryFilesAreServedEvenWhenMediaRedirectsToTheBucket(t *testing.T) {
	e, id, audio := libraryEnv(t, func(api *httpapi.Server) {
		api.SignMedia = func(ctx context.Context, key, contentType, disposition string) (string, error) {
			return "https://bucket.example.com/" + key, nil
		}
	})
	c := e.signUp("lib", "lib@example.com", "secret1")
	u := c.get("/api/songs/" + id).Body["audio"].(string)
	res, got := c.fetch(u, "Range", "bytes=0-99")
	if res.StatusCode != 206 || !bytes.Equal(got, audio[:100]) {
		t.Errorf("a library file was not served here: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// A library's artists are nobody's account: search finds them through
// their songs, with an accent or a letter missing.
func TestSearchFindsTheArtistsOfLibrarySongs(t *testing.T) {
	e, _, _ := libraryEnv(t)
	c := e.signUp("lib", "lib@example.com", "secret1")
	for _, q := range []string{"neon shore", "neon shor", "ebb flow"} {
		var got struct {
			Artists []map[string]any `json:"artists"`
		}
		r := c.get("/api/search?q=" + strings.ReplaceAll(q, " ", "+"))
		if err := jsonUnmarshal([]byte(r.Raw), &got); err != nil || r.Status != 200 {
			t.Fatalf("search %q: %d %s", q, r.Status, r.Raw)
		}
		if len(got.Artists) != 1 || got.Artists[0]["name"] != "Neon Shore" || got.Artists[0]["userId"] != "" {
			t.Errorf("search %q: artists %v", q, got.Artists)
		}
	}
	if a := c.post("/api/search/artist", creds{"artist": "neon shore"}); !strings.Contains(a.Raw, `"name":"Neon Shore"`) {
		t.Errorf("search artist: %s", a.Raw)
	}
}

// Albums are found through their songs, "and" finds '&', and the top
// result is the item whose name is the words typed, whatever its group.
func TestSearchFindsAlbumsAndTheTopResult(t *testing.T) {
	e, id, _ := libraryEnv(t)
	c := e.signUp("lib", "lib@example.com", "secret1")
	type item = map[string]any
	var got struct {
		Top struct {
			Type   string `json:"type"`
			Song   item   `json:"song"`
			Artist item   `json:"artist"`
			Album  item   `json:"album"`
		} `json:"top"`
		Songs   []item `json:"songs"`
		Artists []item `json:"artists"`
		Albums  []item `json:"albums"`
	}
	search := func(q string) {
		t.Helper()
		got.Top.Song, got.Top.Artist, got.Top.Album = nil, nil, nil
		r := c.get("/api/search?q=" + url.QueryEscape(q))
		if err := jsonUnmarshal([]byte(r.Raw), &got); err != nil || r.Status != 200 {
			t.Fatalf("search %q: %d %s", q, r.Status, r.Raw)
		}
	}
	search("ebb and flow")
	if len(got.Albums) != 1 || got.Albums[0]["name"] != "Ebb & Flow" || got.Albums[0]["artist"] != "Neon Shore" {
		t.Errorf("ebb and flow: albums %v", got.Albums)
	}
	if got.Top.Type != "album" || got.Top.Album["_id"] != got.Albums[0]["_id"] || got.Top.Song != nil {
		t.Errorf("ebb and flow: top %+v", got.Top)
	}
	search("neon shore")
	if got.Top.Type != "artist" || got.Top.Artist["name"] != "Neon Shore" || got.Top.Album != nil {
		t.Errorf("neon shore: top %+v", got.Top)
	}
	search("low tide")
	if got.Top.Type != "song" || got.Top.Song["_id"] != id || got.Top.Song["audio"] == "" {
		t.Errorf("low tide: top %+v", got.Top)
	}
	if r := c.get("/api/search?q=zzzz"); r.Raw != `{"top":null,"songs":[],"artists":[],"albums":[],"playlists":[],"users":[]}`+"\n" {
		t.Errorf("nothing found: %s", r.Raw)
	}
}
