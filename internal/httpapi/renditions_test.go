package httpapi_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/media"
)

// A rendition is made when a player first asks for it, heard as it is
// encoded, and stored: the next player gets the stored file, with Range.
// The song's own audio link stays the original.
func TestARenditionIsMadeOnDemandAndServedFromTheCacheAfter(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil || !ff.CanTranscode("mp3") {
		t.Fatal("ffmpeg with libmp3lame is needed: run scripts/system-deps.sh")
	}
	var rends *catalog.Renditions
	e := newEnv(t, func(s *httpapi.Server) {
		rends = &catalog.Renditions{Blobs: s.Blobs, FFmpeg: ff, TempDir: t.TempDir(), Logger: s.Logger}
		s.Renditions = rends
	})
	c := e.signUp("ann", "ann@example.com", "secret1")
	up := c.upload(upload{name: "Lossless", audio: readFixture(t, "audio", "lossless.flac"), audioFile: "l.flac"})
	uploaded := func(r reply) map[string]any {
		t.Helper()
		song, _ := r.Body["song"].(map[string]any)
		if r.Status != http.StatusOK || song == nil {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		return song
	}
	flac := uploaded(up)
	id, _ := flac["_id"].(string)
	if audio, _ := flac["audio"].(string); !strings.Contains(audio, "/original.flac") {
		t.Fatalf("the FLAC's audio is %q, want its original", audio)
	}

	path := "/media/songs/" + id + "/rendition?kbps=96"
	first, live := c.raw(t, path)
	if first.StatusCode != http.StatusOK || first.Header.Get("Accept-Ranges") != "none" || first.ContentLength != -1 ||
		first.Header.Get("Content-Type") != "audio/mpeg" {
		t.Fatalf("first answer: %d %v (%d bytes)", first.StatusCode, first.Header, first.ContentLength)
	}
	tmp := filepath.Join(t.TempDir(), "r.mp3")
	if err := os.WriteFile(tmp, live, 0o600); err != nil {
		t.Fatal(err)
	}
	if info, err := media.NewProber().Probe(context.Background(), tmp); err != nil || info.Format != "mp3" || info.Duration < 1.5 {
		t.Fatalf("the live rendition: %+v, %v", info, err)
	}
	song, err := e.DB.Song(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if obj, err := e.Blobs.Open(context.Background(), rends.Key(song, 96)); err != nil {
		t.Fatalf("the rendition was not stored: %v", err)
	} else {
		obj.Body.Close()
	}

	second, cached := c.raw(t, path)
	if second.StatusCode != http.StatusOK || second.Header.Get("Accept-Ranges") != "bytes" || second.ContentLength != int64(len(live)) || !bytes.Equal(cached, live) {
		t.Fatalf("second answer: %d %v, %d bytes", second.StatusCode, second.Header, len(cached))
	}
	part, body := c.raw(t, path, "Range", "bytes=0-9")
	if part.StatusCode != http.StatusPartialContent || !bytes.Equal(body, live[:10]) {
		t.Errorf("a range of the stored rendition: %d, %d bytes", part.StatusCode, len(body))
	}

	if res, _ := c.raw(t, "/media/songs/"+id+"/rendition?kbps=100"); res.StatusCode != http.StatusBadRequest {
		t.Errorf("a quality that is none of the offered ones: %d", res.StatusCode)
	}
	// An original already as light as asked, which browsers play, is sent as it is.
	mp3 := c.upload(upload{name: "Chime", audio: readFixture(t, "audio", "chime-3s.mp3"), audioFile: "c.mp3"})
	res, body := c.raw(t, "/media/songs/"+uploaded(mp3)["_id"].(string)+"/rendition?kbps=256")
	if res.StatusCode != http.StatusOK || !bytes.Equal(body, readFixture(t, "audio", "chime-3s.mp3")) {
		t.Errorf("a light MP3's rendition: %d, %d bytes", res.StatusCode, len(body))
	}
	// What browsers do not play links to its rendition.
	aiff := uploaded(c.upload(upload{name: "Aiff", audio: readFixture(t, "audio", "sine.aiff"), audioFile: "s.aiff"}))
	if audio, _ := aiff["audio"].(string); audio != "/media/songs/"+aiff["_id"].(string)+"/rendition?kbps=256" {
		t.Errorf("an AIFF's audio is %q", audio)
	}
}
