package httpapi_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/jpeg"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/media"
)

// withRenditions gives the server an ffmpeg to cut previews with.
func withRenditions(t *testing.T) func(*httpapi.Server) {
	ff := media.NewFFmpeg()
	if ff == nil || !ff.CanTranscode("mp3") {
		t.Fatal("ffmpeg with libmp3lame is needed: run scripts/system-deps.sh")
	}
	return func(s *httpapi.Server) {
		s.Renditions = &catalog.Renditions{Blobs: s.Blobs, FFmpeg: ff, TempDir: t.TempDir(), Logger: s.Logger}
	}
}

// A visitor without an account sees a shared playlist's tracks and hears
// the first 30 seconds of each, and nothing of a song the link does not
// reach; when the owner turns previews off the tracks stay, their preview
// links go and the previews answer 403. Only the owner may turn them off.
func TestVisitorsOfASharedPlaylistHearPreviewsUntilTheOwnerTurnsThemOff(t *testing.T) {
	e := newEnv(t, withRenditions(t))
	c := e.signUp("tess", "tess@example.com", "secret1")
	long := songIn(c.upload(upload{name: "Long", audio: readFixture(t, "audio", "tune-12s.mp3")}))["_id"].(string)
	short := songIn(c.upload(upload{name: "Short", audio: readFixture(t, "audio", "chime-3s.mp3")}))["_id"].(string)
	other := songIn(c.upload(upload{name: "Not shared", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	pid := playlistIn(c.post("/api/playlist/create", creds{"name": "Mix"}))["_id"].(string)
	for _, s := range []string{long, short} {
		expect(t, c.do("PUT", "/api/playlist/add", creds{"id": pid, "songs": s}), 200, "success")
	}

	anon := e.client()
	view := anon.get("/api/share/playlist/" + pid)
	tracks, _ := view.Body["tracks"].([]any)
	if view.Status != 200 || view.Body["previews"] != true || view.Body["previewSeconds"] != float64(30) || len(tracks) != 2 || view.Body["mine"] != false {
		t.Fatalf("the visitor's view: %s", view.Raw)
	}
	first := tracks[0].(map[string]any)
	if first["_id"] != long || first["name"] != "Long" || first["artist"] != "tess" || first["duration"].(float64) < 11 {
		t.Errorf("first track: %v", first)
	}
	preview := first["preview"].(string)
	if preview != "/api/share/playlist/"+pid+"/preview/"+long {
		t.Fatalf("preview link %q", preview)
	}
	res, body := anon.raw(t, preview)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "audio/mpeg" || len(body) < 1000 {
		t.Fatalf("preview: %d %v (%d bytes)", res.StatusCode, res.Header, len(body))
	}
	tmp := filepath.Join(t.TempDir(), "p.mp3")
	if err := os.WriteFile(tmp, body, 0o600); err != nil {
		t.Fatal(err)
	}
	if info, err := media.NewProber().Probe(context.Background(), tmp); err != nil || info.Format != "mp3" || info.Duration < 10 || info.Duration > 30.5 {
		t.Fatalf("the preview: %+v, %v", info, err)
	}
	ranged, part := anon.raw(t, preview, "Range", "bytes=0-99")
	if ranged.StatusCode != http.StatusPartialContent || len(part) != 100 {
		t.Errorf("a range of the preview: %d, %d bytes", ranged.StatusCode, len(part))
	}
	expect(t, anon.get("/api/share/playlist/"+pid+"/preview/"+other), 404, "This song is not in what was shared.")
	expect(t, anon.get("/api/share/song/"+long+"/preview/"+other), 404, "This song is not in what was shared.")
	if r, _ := anon.raw(t, "/api/share/song/"+short+"/preview/"+short); r.StatusCode != 200 {
		t.Errorf("a shared song's own preview: %d", r.StatusCode)
	}

	// Only the owner decides.
	stranger := e.signUp("sam", "sam@example.com", "secret1")
	expect(t, stranger.do("PUT", "/api/share/playlist/"+pid+"/previews", map[string]any{"previews": false}), 403, "Only its owner can change what visitors of this playlist hear.")
	expect(t, anon.do("PUT", "/api/share/playlist/"+pid+"/previews", map[string]any{"previews": false}), 401, "")
	if mine := c.get("/api/share/playlist/" + pid); mine.Body["mine"] != true {
		t.Errorf("the owner's view is not theirs: %s", mine.Raw)
	}
	off := c.do("PUT", "/api/share/playlist/"+pid+"/previews", map[string]any{"previews": false})
	if off.Status != 200 || off.Body["previews"] != false {
		t.Fatalf("turning previews off: %s", off.Raw)
	}
	view = anon.get("/api/share/playlist/" + pid)
	tracks, _ = view.Body["tracks"].([]any)
	if view.Body["previews"] != false || len(tracks) != 2 || tracks[0].(map[string]any)["preview"] != "" {
		t.Fatalf("with previews off: %s", view.Raw)
	}
	expect(t, anon.get(preview), 403, "The owner has turned previews off for this playlist. Sign up or log in to listen.")
	// The song itself, shared alone, is the uploader's to decide.
	if r, _ := anon.raw(t, "/api/share/song/"+long+"/preview/"+long); r.StatusCode != 200 {
		t.Errorf("the song shared alone: %d", r.StatusCode)
	}
	expect(t, c.do("PUT", "/api/share/song/"+long+"/previews", map[string]any{"previews": false}), 200, "")
	expect(t, anon.get("/api/share/song/"+long+"/preview/"+long), 403, "The owner has turned previews off for this song. Sign up or log in to listen.")
}

// Previews run ffmpeg for anyone, so each address may ask for so many.
func TestSharePreviewsAreRateLimitedPerAddress(t *testing.T) {
	e := newEnv(t, withRenditions(t), func(s *httpapi.Server) { s.Limits.PreviewsPer10Min = 2 })
	c := e.signUp("tess", "tess@example.com", "secret1")
	id := songIn(c.upload(upload{name: "Short", audio: readFixture(t, "audio", "chime-3s.mp3")}))["_id"].(string)
	anon := e.client()
	path := "/api/share/song/" + id + "/preview/" + id
	for range 2 {
		if r, _ := anon.raw(t, path); r.StatusCode != 200 {
			t.Fatalf("a preview within the limit: %d", r.StatusCode)
		}
	}
	if r := anon.get(path); r.Status != http.StatusTooManyRequests {
		t.Fatalf("a preview past the limit: %d %s", r.Status, r.Raw)
	}
}

var metaTag = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)">`)

// metaOf reads the Open Graph and Twitter tags of a page.
func metaOf(page string) map[string]string {
	out := map[string]string{}
	for _, m := range metaTag.FindAllStringSubmatch(page, -1) {
		out[m[1]] = strings.ReplaceAll(m[2], "&amp;", "&")
	}
	return out
}

// A link to a shared song or playlist unfurls with its kind, title, a
// sentence and a JPEG picture anyone can fetch: the song's cover, the
// mosaic of a playlist's songs' covers, or a plain picture.
func TestShareLinksUnfurlWithARasterPictureAndTheirKind(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("tess", "tess@example.com", "secret1")
	song := songIn(c.upload(upload{name: "Covered", audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")}))["_id"].(string)
	bare := songIn(c.upload(upload{name: "Bare", audio: readFixture(t, "audio", "sine.ogg")}))["_id"].(string)
	second := songIn(c.upload(upload{name: "Also covered", audio: readFixture(t, "audio", "sine.wav"), cover: readFixture(t, "images", "cover.jpg")}))["_id"].(string)
	mosaic := playlistIn(c.post("/api/playlist/create", creds{"name": "Tiles"}))["_id"].(string)
	for _, s := range []string{song, bare, second} {
		c.do("PUT", "/api/playlist/add", creds{"id": mosaic, "songs": s})
	}
	empty := playlistIn(c.post("/api/playlist/create", creds{"name": "Empty"}))["_id"].(string)

	anon := e.client()
	pictures := map[string]image.Image{}
	for _, tc := range []struct{ kind, id, ogType, title, desc string }{
		{"song", song, "music.song", "Covered · Musicify", "A song by tess. Listen on Musicify."},
		{"song", bare, "music.song", "Bare · Musicify", "A song by tess. Listen on Musicify."},
		{"playlist", mosaic, "music.playlist", "Tiles · Musicify", "A playlist by tess with 3 songs. Listen on Musicify."},
		{"playlist", empty, "music.playlist", "Empty · Musicify", "A playlist by tess with 0 songs. Listen on Musicify."},
	} {
		page := anon.get("/share?id=" + tc.id + "&type=" + tc.kind)
		meta := metaOf(page.Raw)
		want := map[string]string{
			"og:type": tc.ogType, "og:title": tc.title, "og:description": tc.desc,
			"og:image": e.URL + "/api/share/" + tc.kind + "/" + tc.id + "/cover.jpg", "og:image:type": "image/jpeg",
			"og:image:width": "1200", "og:image:height": "630", "twitter:card": "summary_large_image",
			"twitter:title": tc.title, "twitter:image": e.URL + "/api/share/" + tc.kind + "/" + tc.id + "/cover.jpg",
		}
		for k, v := range want {
			if meta[k] != v {
				t.Errorf("%s %s: %s = %q, want %q", tc.kind, tc.title, k, meta[k], v)
			}
		}
		res, body := anon.raw(t, strings.TrimPrefix(meta["og:image"], e.URL))
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("%s picture: %d %s", tc.title, res.StatusCode, res.Header.Get("Content-Type"))
			continue
		}
		img, format, err := image.Decode(bytes.NewReader(body))
		if err != nil || format != "jpeg" || img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 630 {
			t.Errorf("%s picture: %s %v, %v", tc.title, format, img.Bounds(), err)
			continue
		}
		pictures[tc.id] = img
	}
	// The art is a square in the middle of the card, 48 px from its top and
	// bottom. The mosaic is made of the covers: it is not the plain picture
	// of a playlist without any, and its top-left tile is the first cover.
	const side, left, top = 630 - 2*48, (1200 - (630 - 2*48)) / 2, 48
	if m, plain, cover := pictures[mosaic], pictures[empty], pictures[song]; m != nil && plain != nil && cover != nil {
		if near(m.At(left+20, top+20), plain.At(left+20, top+20)) && near(m.At(left+side-20, top+side-20), plain.At(left+side-20, top+side-20)) {
			t.Error("the mosaic looks like the plain picture")
		}
		if got, want := m.At(left+40, top+40), cover.At(left+80, top+80); !near(got, want) {
			t.Errorf("the mosaic's first tile %v is not the first song's cover %v", got, want)
		}
		// Beside the art, a darkened blur of it: darker than the art itself.
		if luma(cover.At(40, 315)) >= luma(cover.At(left+side/2, top+side/2)) {
			t.Errorf("the card's side %v is not darker than its art %v", cover.At(40, 315), cover.At(left+side/2, top+side/2))
		}
	}
	// A link preview fetching the picture again is answered from its ETag.
	res, _ := anon.raw(t, "/api/share/song/"+song+"/cover.jpg")
	again, _ := anon.raw(t, "/api/share/song/"+song+"/cover.jpg", "If-None-Match", res.Header.Get("ETag"))
	if res.Header.Get("ETag") == "" || again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the picture: ETag %q, %d", res.Header.Get("ETag"), again.StatusCode)
	}
	if r := anon.get("/api/share/playlist/nope/cover.jpg"); r.Status != 404 {
		t.Errorf("an unknown playlist's picture: %d", r.Status)
	}
}

// near reports whether two colours differ by little (JPEG is lossy).
func near(a, b color.Color) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) int { return max(int(x>>8)-int(y>>8), int(y>>8)-int(x>>8)) }
	return d(ar, br) < 24 && d(ag, bg) < 24 && d(ab, bb) < 24
}

// luma is a colour's brightness, 0 to 65535.
func luma(c color.Color) uint32 {
	r, g, b, _ := c.RGBA()
	return (299*r + 587*g + 114*b) / 1000
}
