package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

func fixture(parts ...string) string {
	return filepath.Join(append([]string{"..", "..", "testdata"}, parts...)...)
}

func readFixture(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(fixture(parts...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// upload is a multipart upload; empty values leave the part out.
type upload struct {
	name, text      string
	audio, cover    []byte
	audioFile       string
	withoutNamePart bool
}

func (c *client) upload(u upload) reply {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if !u.withoutNamePart {
		_ = mw.WriteField("song", u.name)
	}
	if u.text != "" {
		_ = mw.WriteField("text", u.text)
	}
	if u.audio != nil {
		name := u.audioFile
		if name == "" {
			name = "song.bin"
		}
		fw, _ := mw.CreateFormFile("audio", name)
		_, _ = fw.Write(u.audio)
	}
	if u.cover != nil {
		fw, _ := mw.CreateFormFile("cover", "cover.img")
		_, _ = fw.Write(u.cover)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.e.URL+"/api/upload", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{Status: res.StatusCode, Raw: string(raw), Header: res.Header}
	_ = jsonUnmarshal(raw, &r.Body)
	return r
}

func songIn(r reply) map[string]any {
	s, _ := r.Body["song"].(map[string]any)
	return s
}

// fetch GETs a media URL with extra headers and returns the whole answer.
func (c *client) fetch(path string, header ...string) (*http.Response, []byte) {
	c.e.t.Helper()
	req, _ := http.NewRequest("GET", c.e.URL+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// mediaFiles lists what is stored, the spool directory included.
func mediaFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, rel)
		}
		return nil
	})
	return files
}

func TestUploadEveryAcceptedFormat(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("uma", "uma@example.com", "secret1")
	for _, tc := range []struct{ file, format string }{
		{"sine.mp3", "mp3"}, {"sine.aac", "aac"}, {"sine.m4a", "m4a"}, {"sine.ogg", "ogg"},
		{"sine.opus", "opus"}, {"sine.flac", "flac"}, {"sine.wav", "wav"}, {"sine.webm", "webm"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			audio := readFixture(t, "audio", tc.file)
			// The name of the file says nothing: the content decides.
			r := c.upload(upload{name: "Tone " + tc.format, audio: audio, audioFile: "whatever.txt"})
			expect(t, r, 200, "success")
			s := songIn(r)
			if s["format"] != tc.format || s["song"] != "Tone "+tc.format || s["artist"] != "uma" ||
				s["duration"].(float64) < 0.9 || s["count"].(float64) != 0 || s["cover"] != "/default-cover.svg" || s["mine"] != true {
				t.Fatalf("song = %v", s)
			}
			res, got := c.fetch(s["audio"].(string))
			if res.StatusCode != 200 || !bytes.Equal(got, audio) {
				t.Fatalf("stream: %d, %d bytes (want %d)", res.StatusCode, len(got), len(audio))
			}
		})
	}
	list := c.get("/api/search/all")
	if list.Status != 200 || strings.Count(list.Raw, `"_id"`) != 8 || !strings.HasPrefix(list.Raw, `[{"_id"`) {
		t.Fatalf("all songs: %s", list.Raw)
	}
}

func TestUploadRefusals(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("vic", "vic@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	big := append(append([]byte{}, readFixture(t, "audio", "tune-12s.mp3")...), make([]byte, 6<<20)...)
	for _, tc := range []struct {
		name    string
		up      upload
		status  int
		message string
	}{
		{"a text file named .mp3", upload{name: "x", audio: readFixture(t, "audio", "text.mp3"), audioFile: "text.mp3"}, 415, "This file is not an audio file we can play"},
		{"a PNG sent as audio", upload{name: "x", audio: readFixture(t, "images", "cover.png"), audioFile: "a.mp3"}, 415, "This file is not an audio file we can play"},
		{"a video", upload{name: "x", audio: readFixture(t, "video", "clip.mp4"), audioFile: "a.m4a"}, 415, "This file is not an audio file we can play"},
		{"a file over the limit", upload{name: "x", audio: big}, 413, "The upload is larger than the 5 MB limit."},
		{"no name", upload{name: "  ", audio: mp3}, 400, "Please give the song a name (song)."},
		{"no name part", upload{withoutNamePart: true, audio: mp3}, 400, "Please give the song a name (song)."},
		{"no file", upload{name: "x"}, 400, "Please choose an audio file (audio)."},
		{"an empty file", upload{name: "x", audio: []byte{}}, 400, "Please choose an audio file (audio)."},
		{"a name too long", upload{name: strings.Repeat("n", 201), audio: mp3}, 400, "The song name is too long: at most 200 characters (song)."},
		{"a cover that is not an image", upload{name: "x", audio: mp3, cover: mp3}, 415, "The cover is not an image we can use (JPEG, PNG, WebP or GIF)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, c.upload(tc.up), tc.status, tc.message)
		})
	}
	if files := mediaFiles(t, e.Media); len(files) != 0 {
		t.Errorf("refused uploads left files: %v", files)
	}
	if songs, _ := e.DB.Songs(context.Background()); len(songs) != 0 {
		t.Errorf("refused uploads left rows: %d", len(songs))
	}
	t.Run("a request that is not multipart", func(t *testing.T) {
		expect(t, c.post("/api/upload", creds{"song": "x"}), 400, "Send this as a multipart form.")
	})
	t.Run("without a session", func(t *testing.T) {
		expect(t, e.client().upload(upload{name: "x", audio: mp3}), 401, "You are not signed in.")
	})
}

func TestTheSameBytesTwiceAreAConflict(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("wes", "wes@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	expect(t, c.upload(upload{name: "First take", audio: mp3}), 200, "success")
	expect(t, c.upload(upload{name: "Again", audio: mp3}), 409, "You already uploaded this file as “First take”.")
	// Someone else may upload the same file.
	other := e.signUp("xan", "xan@example.com", "secret1")
	expect(t, other.upload(upload{name: "Mine too", audio: mp3}), 200, "success")
}

// failingBlobs fails the Put of keys containing a word, after writing nothing.
type failingBlobs struct {
	musicify.BlobStore
	on string
}

func (f failingBlobs) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if strings.Contains(key, f.on) {
		return 0, errors.New("disk full")
	}
	return f.BlobStore.Put(ctx, key, r)
}

type failingSongs struct{ musicify.SongStore }

func (failingSongs) CreateUpload(context.Context, *musicify.Song, int64, ...*musicify.Job) (int64, error) {
	return 0, errors.New("database gone")
}

func TestAFailedUploadLeavesNothingBehind(t *testing.T) {
	for name, breakIt := range map[string]func(*catalog.Service){
		"the cover cannot be stored": func(l *catalog.Service) { l.Blobs = failingBlobs{l.Blobs, "covers/"} },
		"the audio cannot be stored": func(l *catalog.Service) { l.Blobs = failingBlobs{l.Blobs, "original"} },
		"the row cannot be written":  func(l *catalog.Service) { l.Songs = failingSongs{l.Songs} },
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, func(s *httpapi.Server) { breakIt(s.Catalog.(*catalog.Service)) })
			c := e.signUp("yul", "yul@example.com", "secret1")
			r := c.upload(upload{name: "Doomed", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")})
			expect(t, r, 500, "Something went wrong. Please try again.")
			if files := mediaFiles(t, e.Media); len(files) != 0 {
				t.Errorf("files left: %v", files)
			}
			if songs, _ := e.DB.Songs(context.Background()); len(songs) != 0 {
				t.Errorf("rows left: %d", len(songs))
			}
		})
	}
}

func TestStreamingWithRange(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("zed", "zed@example.com", "secret1")
	audio := readFixture(t, "audio", "tune-12s.mp3")
	size := len(audio)
	s := songIn(c.upload(upload{name: "Ranges", audio: audio}))
	// The session-checked URL, which older clients keep using; the API
	// hands out signed ones (signedmedia_test.go).
	url := "/media/songs/" + s["_id"].(string) + "/original.mp3"
	if !strings.HasPrefix(s["audio"].(string), "/media/s/songs/"+s["_id"].(string)+"/original.mp3?") {
		t.Fatalf("audio url %q", s["audio"])
	}
	for _, tc := range []struct {
		rng          string
		from, to     int
		contentRange string
	}{
		{"bytes=0-99", 0, 100, fmt.Sprintf("bytes 0-99/%d", size)},
		{"bytes=-100", size - 100, size, fmt.Sprintf("bytes %d-%d/%d", size-100, size-1, size)},
		{"bytes=1000-", 1000, size, fmt.Sprintf("bytes 1000-%d/%d", size-1, size)},
		{"bytes=65536-90000", 65536, 90001, fmt.Sprintf("bytes 65536-90000/%d", size)},
	} {
		res, got := c.fetch(url, "Range", tc.rng)
		if res.StatusCode != 206 || res.Header.Get("Content-Range") != tc.contentRange || !bytes.Equal(got, audio[tc.from:tc.to]) {
			t.Errorf("%s: %d %q, %d bytes", tc.rng, res.StatusCode, res.Header.Get("Content-Range"), len(got))
		}
	}
	res, _ := c.fetch(url, "Range", fmt.Sprintf("bytes=%d-", size))
	if res.StatusCode != 416 || res.Header.Get("Content-Range") != fmt.Sprintf("bytes */%d", size) {
		t.Errorf("unsatisfiable: %d %q", res.StatusCode, res.Header.Get("Content-Range"))
	}
	res, got := c.fetch(url)
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "audio/mpeg" || etag == "" || res.Header.Get("Last-Modified") == "" ||
		!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || res.Header.Get("Accept-Ranges") != "bytes" || !bytes.Equal(got, audio) {
		t.Errorf("whole file: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := c.fetch(url, "If-None-Match", etag); res.StatusCode != 304 {
		t.Errorf("If-None-Match: %d", res.StatusCode)
	}
	if res, _ := e.client().fetch(url); res.StatusCode != 401 {
		t.Errorf("without a session: %d", res.StatusCode)
	}
	if res, _ := c.fetch("/media/songs/" + s["_id"].(string) + "/other.mp3"); res.StatusCode != 404 {
		t.Errorf("a file the song does not have: %d", res.StatusCode)
	}
}

func TestDownloadGivesTheOriginalBytes(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("ada", "ada@example.com", "secret1")
	audio := readFixture(t, "audio", "sine.flac")
	s := songIn(c.upload(upload{name: `Für "Elise"`, audio: audio}))
	res, got := c.fetch(s["download"].(string))
	want := `attachment; filename="F_r _Elise_.flac"; filename*=UTF-8''F%C3%BCr%20%22Elise%22.flac`
	if res.StatusCode != 200 || !bytes.Equal(got, audio) || res.Header.Get("Content-Disposition") != want ||
		res.Header.Get("Content-Length") != fmt.Sprint(len(audio)) {
		t.Fatalf("download: %d %q len %s", res.StatusCode, res.Header.Get("Content-Disposition"), res.Header.Get("Content-Length"))
	}
	if res, _ := e.client().fetch("/media/songs/" + s["_id"].(string) + "/download"); res.StatusCode != 401 {
		t.Errorf("the session-checked download without a session: %d", res.StatusCode)
	}
}

func TestCoversAreStoredAtTheSizesShown(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("bea", "bea@example.com", "secret1")
	s := songIn(c.upload(upload{name: "Pictured", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.jpg")}))
	for field, size := range map[string]int{"cover": 640, "coverSmall": 160} {
		// Covers are public: shared links show them to people not signed in.
		res, b := e.client().fetch(s[field].(string))
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if res.StatusCode != 200 || err != nil || cfg.Width != size || bytes.Contains(b, []byte("secret-location")) {
			t.Errorf("%s: %d %+v %v", field, res.StatusCode, cfg, err)
		}
	}
	if res, _ := e.client().fetch("/media/covers/../musicify.db"); res.StatusCode == 200 {
		t.Error("a path outside the covers was served")
	}
}

func TestViewsAreCounted(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("cal", "cal@example.com", "secret1")
	id := songIn(c.upload(upload{name: "Counted", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	for _, step := range []struct {
		name  string
		after time.Duration
		want  float64
	}{
		{"a first listen", 0, 1},
		{"the same listen sent again", 0, 1},
		{"again before the song could have ended", 20 * time.Second, 1},
		{"a second play once it could have", time.Minute, 2},
	} {
		e.Clock.Advance(step.after)
		r := c.post("/api/view/increase", creds{"song": id})
		if r.Status != 200 || r.Body["count"] != step.want {
			t.Fatalf("%s: %s", step.name, r.Raw)
		}
	}
	if s := c.get("/api/songs/" + id); s.Body["count"] != float64(2) {
		t.Errorf("song count: %s", s.Raw)
	}
	expect(t, c.post("/api/view/increase", creds{"song": "nope"}), 404, "This song does not exist.")
	expect(t, c.post("/api/view/increase", creds{}), 400, "Please say which song was played (song).")
	expect(t, e.client().post("/api/view/increase", creds{"song": id}), 401, "")
}

// A thousand listens of one song in a second were all counted, and took
// the song to the top: now the same person counts once per song length,
// and a flood of listens is refused.
func TestPlaysCannotBeBoughtByRepeatingTheRequest(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Limits.ListensPer10Min = 20 })
	c := e.signUp("cal", "cal@example.com", "secret1")
	id := songIn(c.upload(upload{name: "Bought", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	for i := range 20 {
		if r := c.post("/api/view/increase", creds{"song": id}); r.Status != 200 || r.Body["count"] != float64(1) {
			t.Fatalf("listen %d: %s", i+1, r.Raw)
		}
	}
	if r := c.post("/api/view/increase", creds{"song": id}); r.Status != http.StatusTooManyRequests {
		t.Fatalf("the 21st listen in ten minutes: %d %s", r.Status, r.Raw)
	}
	if s := c.get("/api/songs/" + id); s.Body["count"] != float64(1) {
		t.Errorf("song count: %s", s.Raw)
	}
}

func TestOnlyTheUploaderDeletesASong(t *testing.T) {
	e := newEnv(t)
	owner := e.signUp("dee", "dee@example.com", "secret1")
	other := e.signUp("eli", "eli@example.com", "secret1")
	s := songIn(owner.upload(upload{name: "Mine", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")}))
	id := s["_id"].(string)
	if r := other.get("/api/songs/" + id); r.Body["mine"] != false {
		t.Errorf("mine for another user: %s", r.Raw)
	}
	expect(t, other.do("DELETE", "/api/songs/"+id, nil), 403, "Only the person who uploaded a song can delete it.")
	if len(mediaFiles(t, e.Media)) != 4 { // the original, the cover at 160 and 640 px and at full size
		t.Fatalf("files after a refused delete: %v", mediaFiles(t, e.Media))
	}
	expect(t, owner.do("DELETE", "/api/songs/"+id, nil), 200, "success")
	if files := mediaFiles(t, e.Media); len(files) != 0 {
		t.Errorf("files after delete: %v", files)
	}
	expect(t, owner.get("/api/songs/"+id), 404, "This song does not exist.")
	expect(t, owner.do("DELETE", "/api/songs/"+id, nil), 404, "This song does not exist.")
}

func TestArtists(t *testing.T) {
	e := newEnv(t)
	fay := e.signUp("fay-band", "fay@example.com", "secret1")
	e.signUp("gil", "gil@example.com", "secret1") // no songs: not an artist
	fay.upload(upload{name: "Old", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")})
	e.Clock.Advance(1e9)
	newer := songIn(fay.upload(upload{name: "New", audio: readFixture(t, "audio", "sine.ogg"), cover: readFixture(t, "images", "cover.gif")}))
	e.Clock.Advance(1e9)
	fay.upload(upload{name: "Newest, no cover", audio: readFixture(t, "audio", "sine.wav")})

	r := fay.get("/api/search/allartist")
	if r.Status != 200 || !strings.Contains(r.Raw, `"name":"fay-band"`) || strings.Contains(r.Raw, "gil") ||
		!strings.Contains(r.Raw, `"songs":3`) || !strings.Contains(r.Raw, `"cover":"`+newer["cover"].(string)+`"`) {
		t.Fatalf("artists: %s", r.Raw)
	}
	a := fay.get("/api/artists/FAY-BAND")
	songs, _ := a.Body["songs"].([]any)
	if a.Status != 200 || len(songs) != 3 || songs[0].(map[string]any)["song"] != "Newest, no cover" {
		t.Fatalf("artist page: %s", a.Raw)
	}
	expect(t, fay.get("/api/artists/gil"), 404, "This artist has no songs.")
}

func (c *client) artistCover(img []byte) reply {
	c.e.t.Helper()
	if img == nil {
		return c.form("/api/artist/cover")
	}
	return c.form("/api/artist/cover", part{name: "cover", file: "me.png", body: img})
}

// The artist cover is also the person's picture: in their own profile, in
// the people lists others see, and gone again (files and all) when removed.
func TestAPictureShowsWhereThePersonDoesAndCanBeRemoved(t *testing.T) {
	e := newEnv(t)
	ida := e.signUp("ida", "ida@example.com", "secret1")
	jon := e.signUp("jon", "jon@example.com", "secret1")
	if me := ida.get("/api/auth/session"); strings.Contains(me.Raw, "picture") {
		t.Fatalf("a picture before one was chosen: %s", me.Raw)
	}
	before := len(mediaFiles(t, e.Media))
	expect(t, ida.artistCover(readFixture(t, "images", "cover.png")), 200, "success")

	me := ida.get("/api/auth/session").Body["user"].(map[string]any)
	large, _ := me["picture"].(string)
	small, _ := me["pictureSmall"].(string)
	if !strings.HasSuffix(large, "-640.jpg") || !strings.HasSuffix(small, "-160.jpg") {
		t.Fatalf("own profile: %v", me)
	}
	if res, body := ida.fetch(small); res.StatusCode != 200 || !bytes.HasPrefix(body, []byte{0xff, 0xd8}) {
		t.Fatalf("the picture is not served as a JPEG: %d", res.StatusCode)
	}
	people := jon.get("/api/auth/all")
	if !strings.Contains(people.Raw, `"picture":"`+small+`"`) {
		t.Fatalf("others do not see the picture: %s", people.Raw)
	}

	expect(t, ida.do("DELETE", "/api/artist/cover", nil), 200, "success")
	if me := ida.get("/api/auth/session"); strings.Contains(me.Raw, "picture") {
		t.Fatalf("the picture is still there: %s", me.Raw)
	}
	if after := len(mediaFiles(t, e.Media)); after != before {
		t.Errorf("removing the picture left %d files (%d before it)", after, before)
	}
	if res, _ := ida.fetch(small); res.StatusCode != 404 {
		t.Errorf("the removed picture is still served: %d", res.StatusCode)
	}
	// Removing none is no mistake.
	expect(t, ida.do("DELETE", "/api/artist/cover", nil), 200, "success")
}

func TestAnArtistMaySetTheirOwnCover(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("hana", "hana@example.com", "secret1")
	song := songIn(c.upload(upload{name: "Song", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")}))
	expect(t, c.artistCover(readFixture(t, "audio", "sine.mp3")), 415, "The cover is not an image we can use (JPEG, PNG, WebP or GIF)")
	expect(t, c.artistCover(nil), 400, "Please choose an image (cover).")
	first := c.artistCover(readFixture(t, "images", "cover.webp"))
	expect(t, first, 200, "success")
	cover := first.Body["artist"].(map[string]any)["cover"].(string)
	if cover == song["cover"] || !strings.HasSuffix(cover, "-640.jpg") {
		t.Fatalf("artist cover %q (song cover %q)", cover, song["cover"])
	}
	if a := c.get("/api/artists/hana"); a.Body["artist"].(map[string]any)["cover"] != cover {
		t.Fatalf("artist page: %s", a.Raw)
	}
	before := len(mediaFiles(t, e.Media))
	expect(t, c.artistCover(readFixture(t, "images", "cover.gif")), 200, "success")
	if after := len(mediaFiles(t, e.Media)); after != before {
		t.Errorf("replacing the cover went from %d to %d files: the old one was not removed", before, after)
	}
	if res, _ := c.fetch(cover); res.StatusCode != 404 {
		t.Errorf("the replaced cover is still served: %d", res.StatusCode)
	}
}
